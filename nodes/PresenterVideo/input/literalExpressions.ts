import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readOptions } from './fields';
import { InputError } from './inputError';

/** `{{ … }}` reading n8n's data, left in a Fixed-mode field (pasted, imported, set by API), would be sent as it is. */
const LITERAL_EXPRESSION =
	/\{\{(?:(?!\}\})[\s\S])*?\$(?:json|node|input|binary|item|items|vars|env|execution|workflow|now|today|parameter|runIndex|prevNode|\()(?:(?!\}\})[\s\S])*\}\}/;

export const allowExpressionSyntaxField: INodeProperties = {
	displayName: 'Allow Expression Syntax in Text',
	name: 'allowExpressionSyntax',
	type: 'boolean',
	default: false,
	description:
		'Whether to send text that still holds n8n expression syntax (double curly braces around a $ reference to data) as it is. Off, such text is refused before anything is sent: it almost always means a field was not switched to Expression.',
};

/** The fields behind a request body's keys; any other key came from Extra Body Fields. */
const FIELD_OF_BODY_KEY: Record<string, string> = {
	prompt: 'Prompt',
	script: 'Script',
	voice_id: 'Voice',
	voice_url: 'Voice URL',
	avatar_id: 'Avatar',
	avatar_url: 'Avatar URL',
	media_urls: 'Media URLs',
	web_urls: 'Web URLs',
	urls: 'URLs',
	webhook_url: 'Webhook URL',
	video_id: 'Video ID',
};

function textsIn(value: unknown): string[] {
	if (typeof value === 'string') return [value];
	if (Array.isArray(value)) return value.flatMap(textsIn);
	if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(textsIn);
	return [];
}

const MAX_SHOWN = 60;

/** The expression a text still holds as plain text, if any. */
export function literalExpressionIn(text: string): string | undefined {
	return LITERAL_EXPRESSION.exec(text)?.[0];
}

/** `allowable`: whether the text could go as it is (a prompt could; an address or a key could not). */
export function literalExpressionError(field: string, found: string, allowable = true): InputError {
	const allow = allowable
		? ' If the text should really contain it, turn on Allow Expression Syntax in Text in the Options.'
		: '';
	const shown = found.length <= MAX_SHOWN ? found : `${found.slice(0, MAX_SHOWN - 1)}…`;
	return new InputError(
		field,
		`contains the expression ${shown} as plain text, which would be sent word for word`,
		`Switch the field to Expression (the Fixed / Expression switch above it), so n8n fills in the value.${allow}`,
	);
}

/** Refuses bodies whose text holds expression syntax, unless the item's Options allow it. */
export function guardLiteralExpressions(context: IExecuteFunctions, itemIndex: number, ...bodies: IDataObject[]): void {
	if (readOptions(context, itemIndex).allowExpressionSyntax === true) return;
	for (const [key, value] of bodies.flatMap((body) => Object.entries(body))) {
		const found = textsIn(value)
			.map(literalExpressionIn)
			.find((match) => match !== undefined);
		if (found !== undefined)
			throw literalExpressionError(FIELD_OF_BODY_KEY[key] ?? `Extra Body Fields (${key})`, found);
	}
}
