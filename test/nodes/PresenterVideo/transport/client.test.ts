import type { ApiContext } from '../../../../nodes/PresenterVideo/transport/apiRequest';
import { createApiClient, unwrapList, unwrapObject } from '../../../../nodes/PresenterVideo/transport/client';
import { captureLogs, runServiceTimeFaster } from '../../../harness';
import type { Sandbox } from '../../../sandbox';
import { apiRequests, PROMPT_GENERATE, runPresenterVideo, withSandbox } from '../presenterVideoKit';

const listVoices = { resource: 'voice', operation: 'getMany', returnAll: true };

const startGeneration = PROMPT_GENERATE;

describe('transport against the sandbox', () => {
	let sandbox: Sandbox;
	beforeAll(async () => (sandbox = await withSandbox()));
	afterAll(async () => await sandbox.close());
	beforeEach(() => {
		sandbox.configure({ faults: [], rateLimit: { limit: 600, windowMs: 60_000 } });
		sandbox.clearLog();
	});

	it('a read survives injected 5xx answers and a dropped connection', async () => {
		sandbox.configure({
			faults: [
				{ path: 'resources/voices', kind: '503', times: 1 },
				{ path: 'resources/voices', kind: 'drop', times: 1 },
				{ path: 'resources/voices', kind: '500', times: 1 },
			],
		});
		const result = await runPresenterVideo(sandbox, { parameters: listVoices });
		expect(result.status).toBe('success');
		expect(result.output.length).toBeGreaterThan(20);
		expect(apiRequests(sandbox, 'resources/voices')).toHaveLength(4);
	});

	it('logs its retries without the API key', async () => {
		sandbox.configure({ faults: [{ path: 'resources/voices', kind: '503', times: 2 }] });
		const logs = captureLogs();
		try {
			await runPresenterVideo(sandbox, { parameters: listVoices });
		} finally {
			logs.stop();
		}
		const retries = logs.lines.filter((line) => line.message.includes('retrying'));
		expect(retries).toHaveLength(2);
		expect(logs.text()).not.toContain(sandbox.keys.main);
	});

	it('a read survives an unreadable answer', async () => {
		sandbox.configure({ faults: [{ path: 'resources/voices', kind: 'malformed-json', times: 1 }] });
		const result = await runPresenterVideo(sandbox, { parameters: listVoices });
		expect(result.status).toBe('success');
		expect(apiRequests(sandbox, 'resources/voices')).toHaveLength(2);
	});

	it('a start that met a 5xx is not sent again', async () => {
		sandbox.configure({ faults: [{ path: 'generation/start', kind: '500', times: 1 }] });
		const result = await runPresenterVideo(sandbox, { parameters: startGeneration });
		expect(result.status).toBe('error');
		expect(apiRequests(sandbox, 'generation/start')).toHaveLength(1);
	});

	it('a start whose connection dropped after the service took it is not sent again, and says so', async () => {
		sandbox.configure({ faults: [{ path: 'generation/start', kind: 'drop-after', times: 1 }] });
		const result = await runPresenterVideo(sandbox, { parameters: startGeneration });
		expect(result.status).toBe('error');
		expect(apiRequests(sandbox, 'generation/start')).toHaveLength(1);
		expect(result.errorOf('Presenter Video')?.description).toMatch(/not sent again/);
	});

	it('accepts a data wrapper and a 201 on starts', async () => {
		sandbox.configure({ responseStyle: 'wrapped', startStatus: 201 });
		try {
			const result = await runPresenterVideo(sandbox, { parameters: startGeneration });
			expect(result.output[0].json.jobId).toMatch(/^run_/);
		} finally {
			sandbox.configure({ responseStyle: 'bare', startStatus: 200 });
		}
	});
});

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

describe('transport against a sandbox of its own, on the service clock', () => {
	it('a headerless 429 is waited out until the window has room, then the start goes through once', async () => {
		// The service's 60 s window, passing in 1.2 s.
		const restoreClock = runServiceTimeFaster(50);
		const sandbox = await withSandbox({ rateLimit: { limit: 2, windowMs: 60_000 } });
		try {
			const result = await runPresenterVideo(sandbox, {
				items: [{ json: {} }, { json: {} }, { json: {} }],
				parameters: startGeneration,
			});
			expect(result.status).toBe('success');
			expect(result.output.every((item) => typeof item.json.jobId === 'string')).toBe(true);
			const starts = apiRequests(sandbox, 'generation/start');
			const refused = starts.filter((request) => request.status === 429);
			expect(starts.filter((request) => request.status === 200)).toHaveLength(3);
			// A retry before the window had room would be refused again, and counted again.
			expect(refused.length).toBeLessThanOrEqual(1);
		} finally {
			await sandbox.close();
			restoreClock();
		}
	});
});

describe("the client's request budget", () => {
	/** Just what createApiClient reads of n8n's context: the credential and the node. */
	function contextWith(credentialId: string, apiKey: string, baseUrl = 'https://service.example') {
		return {
			getCredentials: async () => ({ apiKey, baseUrl, requestsPerMinute: 100 }),
			getNode: () => ({ name: 'Presenter Video', credentials: { presenterVideoApi: { id: credentialId } } }),
		} as unknown as ApiContext;
	}

	it('is one for every credential with the same key and Base URL: one workspace, one window', async () => {
		const first = await createApiClient(contextWith('credential-1', 'key-a'));
		const second = await createApiClient(contextWith('credential-2', ' key-a '));
		expect(second.budget).toBe(first.budget);
		expect((await createApiClient(contextWith('credential-1', 'key-b'))).budget).not.toBe(first.budget);
		const elsewhere = await createApiClient(contextWith('credential-1', 'key-a', 'https://other.example'));
		expect(elsewhere.budget).not.toBe(first.budget);
	});
});
