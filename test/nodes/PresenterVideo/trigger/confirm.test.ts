import type { JobKind } from '../../../../nodes/PresenterVideo/service/types';
import {
	compareWithStatus,
	confirmEvent,
	kindsToTry,
	type StatusLookup,
} from '../../../../nodes/PresenterVideo/trigger/confirm';
import type { JobEvent } from '../../../../nodes/PresenterVideo/trigger/event';

const exportCompleted: JobEvent = {
	jobId: 'export_1',
	status: 'completed',
	kind: 'export',
	kindSource: 'task',
	task: 'video_export',
	result: { video_url: 'https://forged.example/v.mp4' },
};

describe('kindsToTry', () => {
	it('asks only the named kind when task or result named it', () => {
		expect(kindsToTry(exportCompleted)).toEqual(['export']);
		expect(kindsToTry({ ...exportCompleted, kindSource: 'result' })).toEqual(['export']);
	});

	it('tries the other kind too when the kind came from the id prefix', () => {
		expect(kindsToTry({ jobId: 'run_1', status: 'failed', kind: 'generation', kindSource: 'prefix' })).toEqual([
			'generation',
			'export',
		]);
	});

	it('tries both when the kind is unknown', () => {
		expect(kindsToTry({ jobId: 'job_1', status: 'failed' })).toEqual(['generation', 'export']);
	});
});

describe('compareWithStatus', () => {
	it("confirms the same job in the same status and takes the service's fields", () => {
		const verdict = compareWithStatus(exportCompleted, 'export', {
			job_id: 'export_1',
			status: 'completed',
			progress: 100,
			result: { video_url: 'https://storage/v.mp4', thumbnail_url: 'https://storage/t.jpg', cost: 0 },
		});
		expect(verdict).toEqual({
			verdict: 'confirmed',
			event: {
				jobId: 'export_1',
				status: 'completed',
				kind: 'export',
				kindSource: 'status',
				task: 'video_export',
				result: { video_url: 'https://storage/v.mp4', thumbnail_url: 'https://storage/t.jpg', cost: 0 },
			},
		});
	});

	it('compares the status case-insensitively', () => {
		expect(compareWithStatus(exportCompleted, 'export', { job_id: 'export_1', status: 'COMPLETED' }).verdict).toBe(
			'confirmed',
		);
	});

	it.each(['processing', 'pending', 'failed'])('refuses a completion the service reports as %s', (status) => {
		expect(compareWithStatus(exportCompleted, 'export', { job_id: 'export_1', status })).toEqual({
			verdict: 'contradicted',
			reason: 'other-status',
		});
	});

	it('refuses an answer about another job', () => {
		expect(compareWithStatus(exportCompleted, 'export', { job_id: 'export_2', status: 'completed' })).toEqual({
			verdict: 'contradicted',
			reason: 'other-job',
		});
	});

	it("takes a failure's error from the service", () => {
		const verdict = compareWithStatus(
			{ jobId: 'run_1', status: 'failed', kind: 'generation', kindSource: 'prefix' },
			'generation',
			{
				job_id: 'run_1',
				status: 'failed',
				error: { code: 'VOICE_GENERATION_FAILED', message: 'No voice' },
			},
		);
		expect(verdict).toMatchObject({
			verdict: 'confirmed',
			event: { error: { code: 'VOICE_GENERATION_FAILED', message: 'No voice' } },
		});
	});
});

describe('confirmEvent', () => {
	function lookups(answers: Partial<Record<JobKind, StatusLookup>>) {
		const asked: JobKind[] = [];
		const lookup = async (kind: JobKind): Promise<StatusLookup> => {
			asked.push(kind);
			return answers[kind] ?? { outcome: 'unknown-job' };
		};
		return { asked, lookup };
	}

	it('corrects a kind guessed from the prefix', async () => {
		// The service's own examples show an export callback whose job id starts with run_.
		const { asked, lookup } = lookups({
			export: {
				outcome: 'found',
				body: { job_id: 'run_5', status: 'completed', result: { video_url: 'https://s/v.mp4' } },
			},
		});
		const verdict = await confirmEvent(
			{ jobId: 'run_5', status: 'completed', kind: 'generation', kindSource: 'prefix' },
			lookup,
		);
		expect(asked).toEqual(['generation', 'export']);
		expect(verdict).toMatchObject({
			verdict: 'confirmed',
			event: { kind: 'export', result: { video_url: 'https://s/v.mp4' } },
		});
	});

	it('refuses a job no endpoint knows', async () => {
		const { lookup } = lookups({});
		expect(
			await confirmEvent({ jobId: 'export_x', status: 'completed', kind: 'export', kindSource: 'prefix' }, lookup),
		).toEqual({
			verdict: 'contradicted',
			reason: 'unknown-job',
		});
	});

	it('stops at the first unavailable answer', async () => {
		const { asked, lookup } = lookups({ generation: { outcome: 'unavailable', cause: 'ECONNREFUSED' } });
		expect(await confirmEvent({ jobId: 'job_1', status: 'failed' }, lookup)).toEqual({
			verdict: 'unavailable',
			cause: 'ECONNREFUSED',
		});
		expect(asked).toEqual(['generation']);
	});

	it('does not look elsewhere once the job is found in another status', async () => {
		const { asked, lookup } = lookups({
			generation: { outcome: 'found', body: { job_id: 'run_1', status: 'failed' } },
		});
		expect(
			await confirmEvent({ jobId: 'run_1', status: 'completed', kind: 'generation', kindSource: 'prefix' }, lookup),
		).toEqual({
			verdict: 'contradicted',
			reason: 'other-status',
		});
		expect(asked).toEqual(['generation']);
	});

	it('takes a completed generation the status still reports running as lagging behind its callback', async () => {
		const { lookup } = lookups({
			generation: { outcome: 'found', body: { job_id: 'run_1', status: 'processing', current_step: 'REDIRECTING' } },
		});
		expect(
			await confirmEvent({ jobId: 'run_1', status: 'completed', kind: 'generation', kindSource: 'result' }, lookup),
		).toEqual({ verdict: 'lagging', kind: 'generation' });
	});
});
