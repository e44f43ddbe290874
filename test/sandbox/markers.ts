/**
 * Text markers that make a job fail on purpose, or take a path the service's code has, so a
 * workflow (even one fed by an n8n form) can reach those paths without touching the sandbox options.
 */

const GENERATION_FAIL = /\[sandbox:fail=([A-Za-z0-9_]+)\]/;
const EXPORT_FAIL = /\[sandbox:export-fail=([A-Za-z0-9_]+)\]/;
const VEO_VIDEO = '[sandbox:veo-video]';
const EXPORT_NO_RESULT = '[sandbox:export-no-result]';
const ANY_MARKER = /\[sandbox:(?:(?:export-)?fail=[A-Za-z0-9_]+|veo-video|export-no-result)\]/g;

/** `[sandbox:fail=CODE]`: in a generation prompt or script, the generation job fails with CODE. */
export function failMarker(code: string): string {
	return `[sandbox:fail=${code}]`;
}

/** `[sandbox:export-fail=CODE]`: in a generation prompt or script, every export of that video fails with CODE. */
export function exportFailMarker(code: string): string {
	return `[sandbox:export-fail=${code}]`;
}

/** `[sandbox:veo-video]`: in a generation prompt or script, the video counts as made with Veo (profile 'code'). */
export function veoVideoMarker(): string {
	return VEO_VIDEO;
}

/** `[sandbox:export-no-result]`: in a generation prompt or script, its exports complete without `result` (profile 'code'). */
export function exportNoResultMarker(): string {
	return EXPORT_NO_RESULT;
}

export function hasVeoMarker(...texts: Array<string | undefined>): boolean {
	return texts.some((text) => text?.includes(VEO_VIDEO));
}

export function hasExportNoResultMarker(...texts: Array<string | undefined>): boolean {
	return texts.some((text) => text?.includes(EXPORT_NO_RESULT));
}

export function findFailCode(...texts: Array<string | undefined>): string | undefined {
	return findFirst(GENERATION_FAIL, texts);
}

export function findExportFailCode(...texts: Array<string | undefined>): string | undefined {
	return findFirst(EXPORT_FAIL, texts);
}

/** All markers in a text, so script generation can carry them into the script it writes. */
export function allMarkers(text: string): string[] {
	return text.match(ANY_MARKER) ?? [];
}

function findFirst(pattern: RegExp, texts: Array<string | undefined>): string | undefined {
	for (const text of texts) {
		const match = text === undefined ? null : pattern.exec(text);
		if (match) return match[1];
	}
	return undefined;
}
