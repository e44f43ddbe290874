import { budgetFor, RequestBudget } from '../../../../nodes/PresenterVideo/transport/budget';
import { setServiceTimeScale } from '../../../../nodes/PresenterVideo/transport/time';

const answered = { type: 'answered' as const };

describe('request budget', () => {
	it('never grants more than the limit within a window, and grants again once calls have aged out', async () => {
		const budget = new RequestBudget(3, 300);
		const grants: number[] = [];
		await Promise.all(
			Array.from({ length: 7 }, async () => {
				const permit = await budget.acquire({ priority: 'read' });
				grants.push(Date.now());
				permit?.finish(answered);
			}),
		);
		grants.sort((a, b) => a - b);
		expect(grants).toHaveLength(7);
		for (let index = 3; index < grants.length; index += 1)
			expect(grants[index] - grants[index - 3]).toBeGreaterThanOrEqual(300);
	});

	it('serves starts, then reads that may lead to a start, then other reads, each in their order', async () => {
		const budget = new RequestBudget(1, 100);
		const first = await budget.acquire({ priority: 'read' });
		const served: string[] = [];
		const take = async (label: string, request: Parameters<RequestBudget['acquire']>[0]) => {
			const permit = await budget.acquire(request);
			served.push(label);
			permit?.finish(answered);
		};
		const waiting = [
			take('read 3', { priority: 'read', order: 3 }),
			take('read before start 2', { priority: 'readBeforeStart', order: 2 }),
			take('read 1', { priority: 'read', order: 1 }),
			take('read before start 1', { priority: 'readBeforeStart', order: 1 }),
			take('start', { priority: 'start' }),
		];
		first?.finish(answered);
		await Promise.all(waiting);
		// Each waits for the one before it to age out: the order is that of the grants.
		expect(served).toEqual(['start', 'read before start 1', 'read before start 2', 'read 1', 'read 3']);
	});

	it('gives up at the deadline, and drops a request whose execution was cancelled', async () => {
		const budget = new RequestBudget(1, 60_000);
		(await budget.acquire({ priority: 'read' }))?.finish(answered);
		expect(await budget.acquire({ priority: 'read', deadline: Date.now() + 50 })).toBeUndefined();
		const controller = new AbortController();
		const pending = budget.acquire({ priority: 'start', signal: controller.signal });
		controller.abort();
		expect(await pending).toBeUndefined();
		expect(budget.waiting).toBe(0);
	});

	it('waits after a refusal until the window has room, the refused call counted', async () => {
		const budget = new RequestBudget(2, 200);
		const sent = Date.now();
		(await budget.acquire({ priority: 'start' }))?.finish({ type: 'refused' });
		await budget.acquire({ priority: 'start' });
		expect(Date.now() - sent).toBeGreaterThanOrEqual(200);
	});

	it('lets as many calls fly as the latency needs to use the window, at least a few', () => {
		// 200 ms assumed before any call is measured: a twentieth of a 10-minute window needs fewer than 4.
		expect(new RequestBudget(100, 600_000).maxInFlight()).toBe(4);
		// A twentieth of a minute is 3 s: 100 calls of 200 ms need 7 side by side.
		expect(new RequestBudget(100, 60_000).maxInFlight()).toBe(7);
		// Never more than the limit.
		expect(new RequestBudget(100, 1_000).maxInFlight()).toBe(100);
	});

	it('is one per credential and API root, with the window on the service clock', () => {
		setServiceTimeScale(1 / 50);
		try {
			const budget = budgetFor('cred-a http://service', 100);
			expect(budgetFor('cred-a http://service', 50)).toBe(budget);
			expect(budget.window.limit).toBe(50);
			expect(budget.window.windowMs).toBe(1_200);
			expect(budgetFor('cred-b http://service', 100)).not.toBe(budget);
		} finally {
			setServiceTimeScale(1);
		}
	});
});
