import type { Random } from './random';

/** Job failure codes of the spec's Errors section, with the messages the sandbox sends. */

export const GENERATION_FAILURE_CODES = [
	'GENERATION_FAILED',
	'SCRIPT_GENERATION_FAILED',
	'VOICE_GENERATION_FAILED',
	'AVATAR_PROCESSING_FAILED',
	'MEDIA_PROCESSING_FAILED',
	'ASSEMBLY_FAILED',
] as const;

export const EXPORT_FAILURE_CODES = [
	'EXPORT_FAILED',
	'ENCODING_FAILED',
	'FORMAT_CONVERSION_FAILED',
	'STORAGE_FAILED',
] as const;

const MESSAGES: Record<string, string> = {
	GENERATION_FAILED: 'Video generation failed.',
	SCRIPT_GENERATION_FAILED: 'The script could not be generated.',
	VOICE_GENERATION_FAILED: 'The voice-over could not be generated.',
	AVATAR_PROCESSING_FAILED: 'The avatar could not be processed.',
	MEDIA_PROCESSING_FAILED: 'A media file could not be processed.',
	ASSEMBLY_FAILED: 'The video could not be assembled.',
	EXPORT_FAILED: 'The export failed.',
	ENCODING_FAILED: 'The video could not be encoded.',
	FORMAT_CONVERSION_FAILED: 'The video could not be converted to the requested format.',
	STORAGE_FAILED: 'The exported file could not be stored.',
};

export interface JobFailure {
	code: string;
	message: string;
}

/** Marker codes are used verbatim (any case), so clients can be tested against unknown or lower-case codes. */
export function failure(code: string): JobFailure {
	return { code, message: MESSAGES[code.toUpperCase()] ?? `The job failed (${code}).` };
}

/**
 * A marker decides outright; otherwise one number is always drawn, so the n-th job of a run meets
 * the same fate whatever markers other jobs carried.
 */
export function chooseFailure(
	markerCode: string | undefined,
	random: Random,
	failureRate: number,
	codes: readonly string[],
): JobFailure | undefined {
	const roll = random.next();
	if (markerCode !== undefined) return failure(markerCode);
	return roll < failureRate ? failure(random.pick(codes)) : undefined;
}

/** The codes one kind of job fails with under a profile. */
export interface FailureCodeRules {
	/** Drawn from when failureRate dooms a job. */
	codes: readonly string[];
	/** The code reported by a job a marker dooms. */
	forMarker(markerCode: string): string;
}

export const CONTRACT_GENERATION_FAILURES: FailureCodeRules = {
	codes: GENERATION_FAILURE_CODES,
	forMarker: (markerCode) => markerCode,
};

export const CONTRACT_EXPORT_FAILURES: FailureCodeRules = {
	codes: EXPORT_FAILURE_CODES,
	forMarker: (markerCode) => markerCode,
};

/** Every failure of the kind reports this one code, whatever a marker names. */
export function onlyFailureCode(code: string): FailureCodeRules {
	return { codes: [code], forMarker: () => code };
}

/** chooseFailure under a profile's codes. */
export function chooseJobFailure(
	markerCode: string | undefined,
	random: Random,
	failureRate: number,
	rules: FailureCodeRules,
): JobFailure | undefined {
	const reported = markerCode === undefined ? undefined : rules.forMarker(markerCode);
	return chooseFailure(reported, random, failureRate, rules.codes);
}
