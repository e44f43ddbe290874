import { profileFromEnv, startSandbox, type Sandbox } from './index';
import { post, startReceiver, waitForJob } from './sandbox-test-kit';

// Generous: the suite must also pass on a loaded 2-core machine.
jest.setTimeout(30_000);

let sandbox: Sandbox;
beforeEach(async () => {
	sandbox = await startSandbox({ timings: { generationMs: 100, exportMs: 100 } });
});
afterEach(() => sandbox.close());

const horizontalStart = () => post(sandbox, '/generation/start', { prompt: 'Wide', duration: 30, format: 'horizontal' });

describe('choosing a profile', () => {
	it('answers as the contract by default', async () => {
		expect(sandbox.profile).toBe('contract');
		expect((await horizontalStart()).status).toBe(200);
		expect(sandbox.dashboardVideoIds.main).toBe('vid_dashboard_a');
	});

	it('switches with configure(); new requests follow it, started jobs keep their own', async () => {
		const contractJob = (await post(sandbox, '/generation/start', { prompt: 'Before', duration: 30 })).body.job_id;
		sandbox.configure({ profile: 'code' });
		expect(sandbox.profile).toBe('code');
		expect(sandbox.dashboardVideoIds.main).toMatch(/^[0-9a-f]{24}$/);
		expect((await horizontalStart()).body.details[0].code).toBe('invalid_format');
		const codeJob = (await post(sandbox, '/generation/start', { prompt: 'After', duration: 30 })).body.job_id;

		const [before, after] = await Promise.all(
			[contractJob, codeJob].map((jobId) => waitForJob(sandbox, 'generation', jobId)),
		);
		expect(before.result).toEqual({
			video_id: expect.stringMatching(/^vid_/),
			duration: 30,
			cost: 5,
			created_at: expect.any(String),
			thumbnail_url: expect.any(String),
		});
		expect(after.result).toEqual({ video_id: expect.stringMatching(/^[0-9a-f]{24}$/), cost: 5, created_at: expect.any(String) });

		sandbox.configure({ profile: 'contract' });
		expect((await horizontalStart()).status).toBe(200);
	});

	it("takes the profile's retry delays unless webhookRetryDelaysMs is set", async () => {
		sandbox.configure({ profile: 'code', webhookRetryDelaysMs: [50, 50, 50] });
		const hook = await startReceiver(() => 500);
		try {
			const jobId = (await post(sandbox, '/generation/start', { prompt: 'Hook', duration: 30, webhook_url: hook.url })).body
				.job_id;
			// The code profile holds the job until its delivery is over: every attempt has been made by then.
			await waitForJob(sandbox, 'generation', jobId);
			expect(hook.received).toHaveLength(4);
		} finally {
			await hook.close();
		}
	});

	it('refuses an unknown profile', async () => {
		expect(() => sandbox.configure({ profile: 'staging' as never })).toThrow(/profile must be contract or code/);
		await expect(startSandbox({ profile: 'staging' as never })).rejects.toThrow(/profile must be contract or code/);
		expect(sandbox.profile).toBe('contract');
	});
});

describe('SANDBOX_PROFILE', () => {
	it('names the profile for the CLI and npm start; unset or empty is contract', () => {
		expect(profileFromEnv({ SANDBOX_PROFILE: 'code' })).toBe('code');
		expect(profileFromEnv({ SANDBOX_PROFILE: ' contract ' })).toBe('contract');
		expect(profileFromEnv({})).toBe('contract');
		expect(profileFromEnv({ SANDBOX_PROFILE: '' })).toBe('contract');
		expect(() => profileFromEnv({ SANDBOX_PROFILE: 'Code' })).toThrow(/SANDBOX_PROFILE must be contract or code/);
	});
});
