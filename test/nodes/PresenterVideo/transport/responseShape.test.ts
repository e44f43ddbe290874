import { unwrapList, unwrapObject } from '../../../../nodes/PresenterVideo/transport/responseShape';

describe('response shapes the service may use', () => {
	const voices = [{ id: 'v1' }, { id: 'v2' }];

	it.each([
		['a bare array', voices],
		['a named list', { voices }],
		['a data list', { data: voices }],
		['a named list inside data', { data: { voices } }],
	])('reads the list from %s', (_, body) => {
		expect(unwrapList(body, 'voices')).toEqual(voices);
	});

	it('reports a body without a list as undefined', () => {
		expect(unwrapList({ message: 'nothing' }, 'voices')).toBeUndefined();
	});

	it('unwraps a data wrapper but keeps objects that merely have a data field', () => {
		expect(unwrapObject({ data: { job_id: 'run_1' } })).toEqual({ job_id: 'run_1' });
		expect(unwrapObject({ job_id: 'run_1', data: { extra: true } })).toEqual({
			job_id: 'run_1',
			data: { extra: true },
		});
		expect(unwrapObject({ job_id: 'run_1' })).toEqual({ job_id: 'run_1' });
	});
});
