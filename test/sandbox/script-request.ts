import { FieldChecks } from './field-checks';
import { requireObjectBody } from './request-body';

export const MAX_SCRIPT_PROMPT_LENGTH = 10_000;
export const DEFAULT_SCRIPT_DURATION = 60;
export const MAX_SCRIPT_URLS = 10;

export interface ScriptRequest {
	prompt: string;
	durationSeconds: number;
	urls: string[];
	webSearch: boolean;
}

export function parseScriptGenerate(rawBody: unknown): ScriptRequest {
	const body = requireObjectBody(rawBody);
	const checks = new FieldChecks(body);
	if (!checks.hasContent('prompt')) checks.missing('prompt');
	const prompt = checks.string('prompt', { maxLength: MAX_SCRIPT_PROMPT_LENGTH });
	const duration = checks.number('duration', { min: 10, max: 600 });
	const urls = checks.urlArray('urls', { maxItems: MAX_SCRIPT_URLS });
	const webSearch = checks.boolean('webSearch');
	checks.throwIfAny();
	return {
		prompt: prompt as string,
		durationSeconds: duration ?? DEFAULT_SCRIPT_DURATION,
		urls: urls ?? [],
		webSearch: webSearch ?? false,
	};
}
