import { countWords, MEDIA_ONLY_SECONDS, scriptSeconds, videoSeconds } from './durations';
import { chooseFailure, failure, GENERATION_FAILURE_CODES } from './failure-codes';
import { exportPhases, GENERATION_PHASES, timelineAt } from './job-timeline';
import {
	allMarkers,
	exportFailMarker,
	failMarker,
	findExportFailCode,
	findFailCode,
} from './markers';
import { hasApiAccess, isModelAllowed } from './plans';
import { createRandom } from './random';
import { writeScript } from './script-writer';

describe('plan rules', () => {
	it('gives API access to Enterprise only', () => {
		expect(hasApiAccess('enterprise')).toBe(true);
		expect(hasApiAccess('start')).toBe(false);
	});

	it('opens premium and veo models from Start, ultra on Enterprise only', () => {
		expect(isModelAllowed('standard', 'free')).toBe(true);
		expect(isModelAllowed('premium', 'free')).toBe(false);
		expect(isModelAllowed('premium', 'start')).toBe(true);
		expect(isModelAllowed('veo-3-fast', 'start')).toBe(true);
		expect(isModelAllowed('veo-3', 'start')).toBe(true);
		expect(isModelAllowed('ultra', 'start')).toBe(false);
		expect(isModelAllowed('ultra', 'enterprise')).toBe(true);
	});
});

describe('video durations', () => {
	it('times a script at 150 words per minute, at least 5 s', () => {
		expect(countWords('  one two\nthree  ')).toBe(3);
		expect(countWords('')).toBe(0);
		expect(scriptSeconds('word '.repeat(100))).toBe(40);
		expect(scriptSeconds('word '.repeat(101))).toBe(41);
		expect(scriptSeconds('Hi.')).toBe(5);
	});

	it('uses the requested duration for prompts and a fixed length for media-only videos', () => {
		expect(videoSeconds({ method: 'prompt', duration: 75 })).toBe(75);
		expect(videoSeconds({ method: 'media' })).toBe(MEDIA_ONLY_SECONDS);
	});
});

describe('job timeline', () => {
	it('queues, processes through the observed steps, then completes', () => {
		expect(timelineAt(0, 1000, GENERATION_PHASES, false)).toEqual({
			status: 'pending',
			progress: 0,
			step: 'QUEUE',
		});
		expect(timelineAt(300, 1000, GENERATION_PHASES, false)).toEqual({
			status: 'processing',
			progress: 30,
			step: 'VOICE_GENERATION',
		});
		expect(timelineAt(850, 1000, GENERATION_PHASES, false)).toEqual({
			status: 'processing',
			progress: 85,
			step: 'REDIRECTING',
		});
		expect(timelineAt(1000, 1000, GENERATION_PHASES, false)).toEqual({
			status: 'completed',
			progress: 100,
			step: 'REDIRECTING',
		});
	});

	it('fails at 60 % with the progress reached', () => {
		expect(timelineAt(599, 1000, GENERATION_PHASES, true).status).toBe('processing');
		expect(timelineAt(600, 1000, GENERATION_PHASES, true)).toEqual({
			status: 'failed',
			progress: 60,
			step: 'VOICE_GENERATION',
		});
		expect(timelineAt(5000, 1000, GENERATION_PHASES, true).status).toBe('failed');
	});

	it('gives avatar exports the audio and avatar steps', () => {
		const steps = [200, 500, 800].map((ms) => timelineAt(ms, 1000, exportPhases(true), false).step);
		expect(steps).toEqual(['render-audio', 'avatar', 'render']);
		expect(timelineAt(500, 1000, exportPhases(false), false).step).toBe('render');
	});

	it('completes at once when the duration is 0', () => {
		expect(timelineAt(0, 0, GENERATION_PHASES, false).status).toBe('completed');
	});
});

describe('fail markers', () => {
	it('finds the generation and export codes and tells them apart', () => {
		const text = `Make a video ${failMarker('VOICE_GENERATION_FAILED')} ${exportFailMarker('ENCODING_FAILED')}`;
		expect(findFailCode(undefined, text)).toBe('VOICE_GENERATION_FAILED');
		expect(findExportFailCode(text)).toBe('ENCODING_FAILED');
		expect(findFailCode(exportFailMarker('ENCODING_FAILED'))).toBeUndefined();
		expect(allMarkers(text)).toEqual([
			'[sandbox:fail=VOICE_GENERATION_FAILED]',
			'[sandbox:export-fail=ENCODING_FAILED]',
		]);
	});

	it('keeps the marker code verbatim, with a known message where there is one', () => {
		expect(failure('assembly_failed')).toEqual({
			code: 'assembly_failed',
			message: 'The video could not be assembled.',
		});
		expect(failure('SOMETHING_NEW').message).toContain('SOMETHING_NEW');
	});
});

describe('failure choice', () => {
	it('replays the same choices for the same seed', () => {
		const draw = (seed: number) => {
			const random = createRandom(seed);
			return Array.from(
				{ length: 20 },
				() => chooseFailure(undefined, random, 0.5, GENERATION_FAILURE_CODES)?.code ?? 'ok',
			);
		};
		expect(draw(42)).toEqual(draw(42));
		expect(draw(42)).not.toEqual(draw(43));
		expect(new Set(draw(42)).size).toBeGreaterThan(2);
	});

	it('lets a marker win over the rate', () => {
		expect(
			chooseFailure('ASSEMBLY_FAILED', createRandom(1), 0, GENERATION_FAILURE_CODES)?.code,
		).toBe('ASSEMBLY_FAILED');
		expect(chooseFailure(undefined, createRandom(1), 0, GENERATION_FAILURE_CODES)).toBeUndefined();
	});
});

describe('script writer', () => {
	it('writes about 150 words per minute on the topic and carries markers along', () => {
		const script = writeScript(`Cold brew coffee ${failMarker('VOICE_GENERATION_FAILED')}`, 60);
		expect(countWords(script)).toBeGreaterThanOrEqual(150);
		expect(countWords(script)).toBeLessThan(170);
		expect(script).toContain('Cold brew coffee');
		expect(script.endsWith('[sandbox:fail=VOICE_GENERATION_FAILED]')).toBe(true);
	});
});
