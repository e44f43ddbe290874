import {
	buildEventJson,
	withinDepth,
	type Classification,
	classifyDelivery,
	type JobEvent,
	videoFileName,
} from '../../../../nodes/PresenterVideo/trigger/event';

function eventOf(classification: Classification): JobEvent {
	if (classification.type !== 'job') throw new Error(`expected a job event, got ${JSON.stringify(classification)}`);
	return classification.event;
}

describe('classifyDelivery', () => {
	describe('kind', () => {
		it('takes the kind from task before the id prefix', () => {
			const event = eventOf(classifyDelivery({ job_id: 'export_1', status: 'failed', task: 'video_generate' }));
			expect(event).toMatchObject({ kind: 'generation', kindSource: 'task', task: 'video_generate' });
		});

		it.each([
			['an export task with a generation’s result', 'video_export', { video_id: 'vid_1' }],
			['a generation task with an export’s result', 'video_generate', { video_url: 'https://x/v.mp4' }],
		])('refuses %s: neither is trusted', (_, task, result) => {
			expect(classifyDelivery({ job_id: 'run_1', status: 'completed', task, result })).toEqual({
				type: 'malformed',
				reason: 'task-contradicts-result',
			});
		});

		it('reads task case-insensitively', () => {
			expect(eventOf(classifyDelivery({ job_id: 'a', status: 'failed', task: 'VIDEO_EXPORT' }))).toMatchObject({
				kind: 'export',
				kindSource: 'task',
			});
		});

		it('uses the shape of result when there is no task', () => {
			expect(
				eventOf(classifyDelivery({ job_id: 'run_1', status: 'completed', result: { video_url: 'https://x/v.mp4' } })),
			).toMatchObject({
				kind: 'export',
				kindSource: 'result',
			});
			expect(
				eventOf(classifyDelivery({ job_id: 'export_1', status: 'completed', result: { video_id: 'vid_1' } })),
			).toMatchObject({
				kind: 'generation',
				kindSource: 'result',
			});
		});

		it('falls back to the id prefix, marked as a guess', () => {
			expect(
				eventOf(classifyDelivery({ job_id: 'run_9', status: 'failed', error: { code: 'X', message: 'y' } })),
			).toMatchObject({
				kind: 'generation',
				kindSource: 'prefix',
			});
			expect(eventOf(classifyDelivery({ job_id: 'export_9', status: 'failed' }))).toMatchObject({
				kind: 'export',
				kindSource: 'prefix',
			});
		});

		it('leaves the kind open when nothing tells it', () => {
			const event = eventOf(classifyDelivery({ job_id: 'job_7', status: 'failed' }));
			expect(event.kind).toBeUndefined();
			expect(event.kindSource).toBeUndefined();
		});
	});

	describe('status and fields', () => {
		it('accepts completed and failed in any case', () => {
			expect(eventOf(classifyDelivery({ job_id: 'run_1', status: 'COMPLETED' })).status).toBe('completed');
			expect(eventOf(classifyDelivery({ job_id: 'run_1', status: ' Failed ' })).status).toBe('failed');
		});

		it('keeps the result of a completed job and the error of a failed one', () => {
			const completed = eventOf(
				classifyDelivery({
					job_id: 'run_1',
					status: 'completed',
					result: {
						video_id: 'vid_1',
						duration: 31.5,
						cost: '10',
						created_at: '2026-01-01T00:00:00Z',
						thumbnail_url: 'https://x/t.jpg',
						extra: 1,
					},
				}),
			);
			expect(completed.result).toEqual({
				video_id: 'vid_1',
				duration: 31.5,
				cost: 10,
				created_at: '2026-01-01T00:00:00Z',
				thumbnail_url: 'https://x/t.jpg',
			});
			const failed = eventOf(
				classifyDelivery({
					job_id: 'run_1',
					status: 'failed',
					error: { code: 'insufficient_credits', message: 'Need 5' },
				}),
			);
			expect(failed.error).toEqual({ code: 'insufficient_credits', message: 'Need 5' });
			expect(failed.result).toBeUndefined();
		});

		it('accepts an error given as a bare message', () => {
			expect(eventOf(classifyDelivery({ job_id: 'run_1', status: 'failed', error: 'boom' })).error).toEqual({
				message: 'boom',
			});
		});
	});

	describe('refusals', () => {
		it.each([
			['null', null],
			['an array', [{ job_id: 'run_1', status: 'completed' }]],
			['a string', '{"job_id":"run_1"}'],
			['a number', 42],
		])('refuses %s as not an object', (_label, body) => {
			expect(classifyDelivery(body)).toEqual({ type: 'malformed', reason: 'not-an-object' });
		});

		it('refuses a body without a usable job id', () => {
			expect(classifyDelivery({ status: 'completed' })).toEqual({ type: 'malformed', reason: 'missing-job-id' });
			expect(classifyDelivery({ job_id: '  ', status: 'completed' })).toEqual({
				type: 'malformed',
				reason: 'missing-job-id',
			});
			expect(classifyDelivery({ job_id: 12, status: 'completed' })).toEqual({
				type: 'malformed',
				reason: 'missing-job-id',
			});
			expect(classifyDelivery({ job_id: 'r'.repeat(201), status: 'completed' })).toEqual({
				type: 'malformed',
				reason: 'missing-job-id',
			});
		});

		it('refuses a body without a status', () => {
			expect(classifyDelivery({ job_id: 'run_1' })).toEqual({ type: 'malformed', reason: 'missing-status' });
		});
	});

	describe('ignored deliveries', () => {
		it.each(['avatar_create', 'avatar_edit', 'something_new'])('ignores task %s, which is not a video job', (task) => {
			expect(classifyDelivery({ task, avatar_id: 'av_1', look_id: 'look_1', status: 'completed' })).toEqual({
				type: 'ignored',
				reason: 'other-task',
			});
		});

		it('ignores a job that has not finished', () => {
			expect(classifyDelivery({ job_id: 'run_1', status: 'processing' })).toEqual({
				type: 'ignored',
				reason: 'not-finished',
			});
		});
	});
});

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

describe('withinDepth', () => {
	it('keeps a body as it is up to the depth, in its field order, a "__proto__" field included', () => {
		const body = JSON.parse('{"b":1,"a":[1,{"c":null}],"__proto__":{"x":1}}') as object;
		const copy = withinDepth(body, 3);
		expect(JSON.stringify(copy)).toBe(JSON.stringify(body));
		expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
	});

	it('leaves out what is deeper, with a note', () => {
		expect(withinDepth({ a: { b: { c: 1 } } }, 2)).toEqual({ a: { b: '[nested deeper than 100 levels: left out]' } });
	});
});
