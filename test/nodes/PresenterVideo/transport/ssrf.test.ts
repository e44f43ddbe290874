import { ssrfProtection } from '../../../harness';
import type { Sandbox } from '../../../sandbox';
import { runPresenterVideo, withSandbox } from '../presenterVideoKit';

type NodeError = Error & { description?: string };

/**
 * n8n-core with its SSRF protection on and the default block list: the sandbox on 127.0.0.1 is
 * in a blocked range, as a service inside a private network would be.
 */
describe("n8n's SSRF protection refusing the service's addresses", () => {
	let sandbox: Sandbox;
	let checks: jest.SpyInstance;
	beforeAll(async () => {
		const { settings, guard } = ssrfProtection();
		settings.enabled = true;
		settings.allowedIpRanges = [];
		checks = jest.spyOn(guard(), 'validateUrl');
		sandbox = await withSandbox();
	});
	afterAll(async () => {
		ssrfProtection().settings.enabled = false;
		await sandbox.close();
	});
	beforeEach(() => {
		checks.mockClear();
		sandbox.requests.length = 0;
	});

	it('an API call is refused once, not retried, and the error names the guard and the fix', async () => {
		const result = await runPresenterVideo(sandbox, {
			parameters: { resource: 'voice', operation: 'getMany', returnAll: false, limit: 5 },
		});
		const error = result.errorOf('Presenter Video') as NodeError | undefined;
		expect(error?.message).toMatch(/^n8n's SSRF protection refused the API address 127\.0\.0\.1 on \//);
		expect(error?.description).toMatch(/Nothing was sent to the service/);
		expect(error?.description).toMatch(/N8N_SSRF_ALLOWED_HOSTNAMES .* N8N_SSRF_ALLOWED_IP_RANGES/);
		expect(checks).toHaveBeenCalledTimes(1);
		expect(sandbox.requests).toEqual([]);
	});

	it('a refused start is not reported as one that may have been billed', async () => {
		const result = await runPresenterVideo(sandbox, {
			parameters: { resource: 'script', operation: 'generate', prompt: 'Coffee', duration: 30 },
		});
		const error = result.errorOf('Presenter Video') as NodeError | undefined;
		expect(error?.message).toMatch(/SSRF protection refused/);
		expect(error?.description).toMatch(/Nothing was sent to the service/);
		expect(error?.description).not.toMatch(/may have reached/);
		expect(sandbox.requests).toEqual([]);
	});

	it('a download from a blocked address fetches nothing and says why', async () => {
		const result = await runPresenterVideo(sandbox, {
			parameters: {
				resource: 'video',
				operation: 'download',
				downloadFrom: 'url',
				videoUrl: `${sandbox.storageUrl}/videos/export_000000000001.mp4`,
			},
		});
		const error = result.errorOf('Presenter Video') as NodeError | undefined;
		expect(error?.message).toBe(
			"Could not download export_000000000001.mp4: n8n's SSRF protection refused the address 127.0.0.1",
		);
		expect(error?.description).toMatch(/Nothing was fetched/);
		expect(error?.description).toMatch(/forged link/);
		expect(sandbox.requests).toEqual([]);
	});
});
