import { buildEventJson, videoFileName } from '../../../../nodes/PresenterVideoTrigger/delivery/buildEventItem';

const receivedAt = new Date('2026-11-21T10:00:00.000Z');

describe('buildEventJson', () => {
	it('describes a completed generation', () => {
		expect(
			buildEventJson({
				event: {
					jobId: 'run_1',
					status: 'completed',
					kind: 'generation',
					task: 'video_generate',
					result: {
						video_id: 'vid_1',
						duration: 30,
						cost: 5,
						created_at: '2026-11-21T09:59:00Z',
						thumbnail_url: 'https://s/t.jpg',
					},
				},
				confirmed: true,
				receivedAt,
			}),
		).toEqual({
			event: 'generation.completed',
			kind: 'generation',
			jobId: 'run_1',
			status: 'completed',
			videoId: 'vid_1',
			thumbnailUrl: 'https://s/t.jpg',
			duration: 30,
			cost: 5,
			createdAt: '2026-11-21T09:59:00Z',
			task: 'video_generate',
			confirmed: true,
			receivedAt: '2026-11-21T10:00:00.000Z',
		});
	});

	it('describes a completed export without empty fields', () => {
		const json = buildEventJson({
			event: { jobId: 'export_1', status: 'completed', kind: 'export', result: { video_url: 'https://s/v.mp4' } },
			confirmed: false,
			receivedAt,
		});
		expect(json).toEqual({
			event: 'export.completed',
			kind: 'export',
			jobId: 'export_1',
			status: 'completed',
			videoUrl: 'https://s/v.mp4',
			confirmed: false,
			receivedAt: '2026-11-21T10:00:00.000Z',
		});
	});

	it('gives failures one upper-case code and keeps the code as sent', () => {
		const json = buildEventJson({
			event: {
				jobId: 'export_1',
				status: 'failed',
				kind: 'export',
				error: { code: 'encoding_failed', message: 'Bad frame' },
			},
			confirmed: false,
			receivedAt,
		});
		expect(json.event).toBe('export.failed');
		expect(json.error).toEqual({ code: 'ENCODING_FAILED', message: 'Bad frame', originalCode: 'encoding_failed' });
	});

	it('still gives an error object when the failure came without one', () => {
		const json = buildEventJson({
			event: { jobId: 'run_1', status: 'failed', kind: 'generation' },
			confirmed: false,
			receivedAt,
		});
		expect(json.error).toEqual({ code: 'UNKNOWN', message: '' });
	});

	it('adds the raw body on request', () => {
		const json = buildEventJson({
			event: { jobId: 'export_1', status: 'completed', kind: 'export' },
			confirmed: false,
			receivedAt,
			rawBody: { job_id: 'export_1', status: 'completed', extra: true },
		});
		expect(json.rawBody).toEqual({ job_id: 'export_1', status: 'completed', extra: true });
	});
});

describe('videoFileName', () => {
	it('names the file after the job, safely', () => {
		expect(videoFileName('export_abc123')).toBe('export_abc123.mp4');
		expect(videoFileName('../etc/passwd')).toBe('___etc_passwd.mp4');
	});
});
