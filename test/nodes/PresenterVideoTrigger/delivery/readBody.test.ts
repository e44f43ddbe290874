import { readBody } from '../../../../nodes/PresenterVideoTrigger/delivery/readBody';

describe('readBody', () => {
	it('uses the body n8n parsed', () => {
		expect(readBody({ job_id: 'run_1' }, Buffer.from('ignored'))).toEqual({ job_id: 'run_1' });
	});

	it('parses JSON that arrived as text', () => {
		expect(readBody('{"job_id":"run_1"}', undefined)).toEqual({ job_id: 'run_1' });
	});

	it('parses JSON that arrived only as raw bytes (no JSON content type)', () => {
		expect(readBody({}, Buffer.from('\uFEFF{"job_id":"run_1","status":"completed"}'))).toEqual({
			job_id: 'run_1',
			status: 'completed',
		});
	});

	it('gives something unusable for text that is not JSON', () => {
		expect(readBody('job_id=run_1', undefined)).toBeUndefined();
		expect(readBody({}, Buffer.from('not json'))).toBeUndefined();
	});

	it('keeps an empty body empty', () => {
		expect(readBody({}, undefined)).toEqual({});
		expect(readBody(undefined, Buffer.alloc(0))).toBeUndefined();
	});
});
