import { failMarker, type Sandbox, startSandbox } from '../../sandbox';
import {
	ALL_EVENTS,
	DeliveryRelay,
	finishedJob,
	startGeneration,
	triggerNode,
	TriggerUnderTest,
	waitFor,
} from './triggerTestKit';

/** The trigger on deliveries as the service's code sends them: before the status says completed. */
describe('Presenter Video Trigger, on the service as its code behaves', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ profile: 'code', timings: { generationMs: 300, exportMs: 300 } });
	});
	afterAll(async () => await sandbox.close());

	async function relayed(confirmWithApi: boolean): Promise<{ trigger: TriggerUnderTest; relay: DeliveryRelay }> {
		const trigger = new TriggerUnderTest(triggerNode({ events: ALL_EVENTS, options: { confirmWithApi } }), sandbox);
		return { trigger, relay: await DeliveryRelay.start(trigger) };
	}

	it.each([true, false])(
		'starts one execution on a completed generation (Confirm With API: %s)',
		async (confirmWithApi) => {
			const { trigger, relay } = await relayed(confirmWithApi);
			try {
				const jobId = await startGeneration(sandbox, { webhookUrl: relay.webhookUrl() });
				const item = await waitFor(() => trigger.startedItems.find((started) => started.jobId === jobId));
				const status = await finishedJob(sandbox, 'generation', jobId);
				expect(item).toMatchObject({
					event: 'generation.completed',
					jobId,
					videoId: (status.result as { video_id: string }).video_id,
					confirmed: confirmWithApi,
				});
				// One delivery, answered at once: the service did not retry.
				expect(sandbox.webhookDeliveries.filter((delivery) => delivery.jobId === jobId)).toHaveLength(1);
				expect(trigger.started).toHaveLength(1);
			} finally {
				await relay.close();
			}
		},
	);

	describe('forged deliveries start nothing', () => {
		let confirming: TriggerUnderTest;
		beforeEach(() => {
			confirming = new TriggerUnderTest(
				triggerNode({ events: ALL_EVENTS, options: { confirmWithApi: true } }),
				sandbox,
			);
		});

		const forged = (jobId: string) => ({
			body: { job_id: jobId, status: 'completed', result: { video_id: 'a'.repeat(24) } },
		});

		it('for a job the service does not know', async () => {
			const run = await confirming.deliver(forged('run_forged'));
			expect(run.started).toBe(false);
		});

		it("for another space's job", async () => {
			const jobId = await startGeneration(sandbox, { apiKey: sandbox.keys.other });
			await finishedJob(sandbox, 'generation', jobId, sandbox.keys.other);
			const run = await confirming.deliver(forged(jobId));
			expect(run.started).toBe(false);
		});

		it('for a failed job', async () => {
			const jobId = await startGeneration(sandbox, { prompt: `Numbers ${failMarker('GENERATION_FAILED')}` });
			await finishedJob(sandbox, 'generation', jobId);
			const run = await confirming.deliver(forged(jobId));
			expect(run.started).toBe(false);
		});
	});
});
