import { type BudgetRequest, RequestBudget } from '../../../../nodes/PresenterVideo/schedule/budget';
import { budgetFor } from '../../../../nodes/PresenterVideo/transport/client';

const WINDOW = 60_000;

/** A budget on a clock the test moves, and the answers of a service whose clock is `skewMs` ahead of it. */
function budgetAt(limit: number, skewMs = 0) {
	const clock = { now: 0 };
	const budget = new RequestBudget(limit, () => clock.now);
	const serviceHeaders = (remaining: number, serviceWindowMs = WINDOW) => {
		const serviceNow = clock.now + skewMs;
		return {
			date: new Date(serviceNow).toUTCString(),
			'x-ratelimit-limit': String(limit),
			'x-ratelimit-remaining': String(remaining),
			'x-ratelimit-reset': String(Math.floor((serviceNow + serviceWindowMs) / 1000)),
		};
	};
	const send = async (request: BudgetRequest = { priority: 'read' }) => {
		const permit = await budget.acquire(request);
		if (!permit) throw new Error('no permit');
		return permit;
	};
	/** Labels in the order their calls were let through, each answered with room to spare. */
	const served: string[] = [];
	const take = async (label: string, request: BudgetRequest) => {
		const permit = await budget.acquire(request);
		served.push(label);
		permit?.finish({ status: 200, headers: serviceHeaders(9) });
	};
	return { clock, budget, serviceHeaders, send, served, take };
}

describe('request budget', () => {
	it('lets the limit go at once, then the next call when the oldest answered one leaves the window', async () => {
		const { clock, budget, serviceHeaders, send } = budgetAt(3);
		for (let call = 0; call < 3; call += 1) {
			clock.now = call * 1_000;
			(await send()).finish({ status: 200, headers: serviceHeaders(2 - call) });
		}
		expect(budget.nextCallAt(2_000)).toBe(WINDOW);
	});

	it('sends one call before the service has answered, then one more with each answer', async () => {
		const { budget, serviceHeaders, send } = budgetAt(100);
		const first = await send();
		expect(budget.nextCallAt(0)).toBeUndefined();
		first.finish({ status: 200, headers: serviceHeaders(99) });
		await send();
		expect(budget.nextCallAt(0)).toBe(0);
		await send();
		expect(budget.nextCallAt(0)).toBeUndefined();
	});

	it('serves starts, then reads that may lead to a start, then other reads, each in their order', async () => {
		const { serviceHeaders, send, served, take } = budgetAt(10);
		const first = await send();
		const waiting = [
			take('read 3', { priority: 'read', order: 3 }),
			take('read before start 2', { priority: 'readBeforeStart', order: 2 }),
			take('read 1', { priority: 'read', order: 1 }),
			take('read before start 1', { priority: 'readBeforeStart', order: 1 }),
			take('start', { priority: 'start' }),
		];
		first.finish({ status: 200, headers: serviceHeaders(9) });
		await Promise.all(waiting);
		expect(served).toEqual(['start', 'read before start 1', 'read before start 2', 'read 1', 'read 3']);
	});

	it("lets executions take turns: one's read does not wait behind another's starts", async () => {
		const { serviceHeaders, send, served, take } = budgetAt(10);
		const first = await send({ priority: 'start', lane: 'big' });
		const waiting = [
			...Array.from({ length: 4 }, async (_, index) => await take(`big start ${index}`, { priority: 'start', lane: 'big' })),
			take('small read', { priority: 'read', lane: 'small' }),
		];
		first.finish({ status: 200, headers: serviceHeaders(9) });
		await Promise.all(waiting);
		expect(served.indexOf('small read')).toBe(0);
	});

	it('gives up at the deadline, and drops a request whose execution was cancelled', async () => {
		const budget = new RequestBudget(1);
		(await budget.acquire({ priority: 'read' }))?.finish({ status: 200, headers: {} });
		expect(await budget.acquire({ priority: 'read', deadline: Date.now() + 50 })).toBeUndefined();
		const controller = new AbortController();
		const pending = budget.acquire({ priority: 'start', signal: controller.signal });
		controller.abort();
		expect(await pending).toBeUndefined();
	});

	it('takes a headerless 429 as a full window, the refused call counted in it: the next goes when one of ours leaves', async () => {
		const { clock, budget, serviceHeaders, send } = budgetAt(5);
		(await send()).finish({ status: 200, headers: serviceHeaders(4) });
		clock.now = 10_000;
		(await send()).finish({ status: 429, headers: {} });
		expect(budget.nextCallAt(10_000)).toBe(WINDOW);
		expect(budget.nextCallAt(WINDOW)).toBe(WINDOW);
	});

	it('takes no more than its share of the room left while other clients use the window, its calls spaced', async () => {
		const { clock, budget, serviceHeaders, send } = budgetAt(10);
		(await send()).finish({ status: 200, headers: serviceHeaders(9) });
		(await send()).finish({ status: 200, headers: serviceHeaders(8) });
		clock.now = 1_000;
		// Six counted, three of them ours: half the window, so two of the four left, a tenth of a window apart.
		(await send()).finish({ status: 200, headers: serviceHeaders(4) });
		expect(budget.nextCallAt(1_000)).toBe(1_000 + WINDOW / 10);
		clock.now = 7_000;
		await send();
		expect(budget.nextCallAt(7_000)).toBe(13_000);
		clock.now = 13_000;
		await send();
		expect(budget.nextCallAt(13_000)).toBeUndefined();
	});

	it('once the window is full, sends one call when one of its own leaves; its pace shrinks while the window is full and grows while it has room', async () => {
		const { clock, budget, serviceHeaders, send } = budgetAt(4);
		for (let call = 0; call < 2; call += 1) (await send()).finish({ status: 200, headers: serviceHeaders(3 - call) });
		clock.now = 1_000;
		// Others took the rest: none left, three quarters of it ours.
		(await send()).finish({ status: 200, headers: serviceHeaders(0) });
		expect(budget.nextCallAt(1_000)).toBe(WINDOW);
		// A full window shrinks the pace by an eighth of a window, in steps of one answer in four.
		const fullPace = 1 - 1 / (8 * 4);
		clock.now = WINDOW;
		// Two of ours left, one of others' came: one place left, two thirds of the window ours.
		(await send()).finish({ status: 200, headers: serviceHeaders(1) });
		const grownPace = Math.min(1, fullPace + 1 / (fullPace * 4 * 4));
		expect(budget.nextCallAt(WINDOW)).toBeCloseTo(WINDOW + WINDOW / (grownPace * 4), 6);
	});

	it.each([
		['ahead of', 20_000],
		['behind', -20_000],
	])("reads Reset against the service's clock when it runs 20 s %s ours: the window stays a minute", async (_, skew) => {
		const { clock, budget, serviceHeaders, send } = budgetAt(100, skew);
		for (let call = 0; call < 5; call += 1) {
			clock.now = call * 700;
			(await send()).finish({ status: 200, headers: serviceHeaders(99 - call) });
		}
		expect(budget.window.windowMs).toBe(WINDOW);
	});

	it("holds calls until a 429's Reset on the service's clock, 20 s ahead of ours", async () => {
		const { clock, budget, serviceHeaders, send } = budgetAt(100, 20_000);
		// Answers at moments between whole seconds tell the service's clock to a fraction of its Date's second.
		for (let call = 0; call < 5; call += 1) {
			clock.now = call * 700;
			(await send()).finish({ status: 200, headers: serviceHeaders(99 - call) });
		}
		clock.now = 4_000;
		const serviceNow = clock.now + 20_000;
		(await send()).finish({
			status: 429,
			headers: { date: new Date(serviceNow).toUTCString(), 'x-ratelimit-reset': String((serviceNow + 5_000) / 1000) },
		});
		expect(Math.abs((budget.nextCallAt(clock.now) ?? 0) - 9_000)).toBeLessThanOrEqual(250);
	});

	it.each([20_001, 20_400, 20_999, -19_600])(
		"comes back after a 429 at or after its Reset on the service's clock, known only to within its Date's whole second (%i ms ahead)",
		async (skew) => {
			const { clock, budget, serviceHeaders, send } = budgetAt(100, skew);
			// Answers at whole local seconds: each Date only bounds the clock to within a second.
			for (let call = 0; call < 3; call += 1) {
				clock.now = call * 1_000;
				(await send()).finish({ status: 200, headers: serviceHeaders(99 - call) });
			}
			clock.now = 3_000;
			const reset = Math.floor((clock.now + skew) / 1000) + 7;
			(await send()).finish({
				status: 429,
				headers: { date: new Date(clock.now + skew).toUTCString(), 'x-ratelimit-reset': String(reset) },
			});
			const next = budget.nextCallAt(clock.now) ?? 0;
			expect(next + skew).toBeGreaterThanOrEqual(reset * 1000);
			// and not a second later than it need be
			expect(next + skew).toBeLessThan(reset * 1000 + 1_000);
		},
	);

	it('waits a Retry-After once, from the moment of the refusal', async () => {
		const { clock, budget, send } = budgetAt(100);
		clock.now = 1_000;
		(await send()).finish({ status: 429, headers: { 'retry-after': '2' } });
		expect(budget.nextCallAt(1_000)).toBe(3_000);
		expect(budget.nextCallAt(3_000)).toBe(3_000);
	});

	it('is one per API root and key, whatever the limit it is asked with', () => {
		const budget = budgetFor('http://service/api', 'key-a', 100);
		expect(budgetFor('http://service/api', 'key-a', 50)).toBe(budget);
		expect(budgetFor('http://service/api', 'key-b', 100)).not.toBe(budget);
		expect(budgetFor('http://other/api', 'key-a', 100)).not.toBe(budget);
	});

	it('lets an idle workspace go when another one comes, and keeps one whose calls still count', async () => {
		const inUse = budgetFor('http://service/api', 'key-in-use', 100);
		const permit = await inUse.acquire({ priority: 'read' });
		permit?.finish({ status: 200, headers: {} });
		const unused = budgetFor('http://service/api', 'key-unused', 100);
		expect(unused.idle).toBe(true);
		expect(inUse.idle).toBe(false);
		budgetFor('http://service/api', 'key-new', 100);
		expect(budgetFor('http://service/api', 'key-in-use', 100)).toBe(inUse);
		expect(budgetFor('http://service/api', 'key-unused', 100)).not.toBe(unused);
	});

	it("holds each credential's calls to its own limit, not to the limit of the credential used last", async () => {
		const { budget, serviceHeaders, send } = budgetAt(5);
		for (let call = 0; call < 2; call += 1) {
			(await send({ priority: 'read', limit: 2 })).finish({ status: 200, headers: { date: serviceHeaders(3).date } });
		}
		expect(budget.nextCallAt(0, 2)).toBeGreaterThan(0);
		expect(budget.nextCallAt(0, 3)).toBe(0);
		expect(budget.nextCallAt(0)).toBe(0);
	});

	it("lets a read about to reach its deadline go before every start, whoever's turn it is", async () => {
		const { clock, serviceHeaders, send, served, take } = budgetAt(10);
		clock.now = 1_000;
		const first = await send({ priority: 'start', lane: 'big' });
		const waiting = [
			...Array.from({ length: 3 }, async (_, index) => await take(`start ${index}`, { priority: 'start', lane: 'big' })),
			take('read far from its deadline', { priority: 'read', lane: 'big', deadline: 600_000 }),
			take('read at Max Wait', { priority: 'read', lane: 'big', deadline: 5_000 }),
		];
		first.finish({ status: 200, headers: serviceHeaders(9) });
		await Promise.all(waiting);
		expect(served).toEqual(['read at Max Wait', 'start 0', 'start 1', 'start 2', 'read far from its deadline']);
	});

	it('forgets an execution a window after it was last served, so a long-running n8n keeps no trace of every execution', async () => {
		const { clock, budget, send } = budgetAt(100);
		for (let execution = 0; execution < 50; execution += 1) {
			(await send({ priority: 'read', lane: `${execution}` })).finish({ status: 200, headers: {} });
		}
		expect(budget.executionsRemembered).toBe(50);
		clock.now = 2 * WINDOW;
		(await send({ priority: 'read', lane: 'later' })).finish({ status: 200, headers: {} });
		expect(budget.executionsRemembered).toBe(1);
	});

	describe('entries that may not go before a moment', () => {
		it('rests each until its moment, then serves it by the moment it became due', async () => {
			const budget = new RequestBudget(100);
			const served: string[] = [];
			const now = Date.now();
			const waiting = [60, 20].map(async (inMs) => {
				const permit = await budget.acquire({ priority: 'read', notBefore: { at: () => now + inMs } });
				served.push(`${inMs} ms`);
				expect(Date.now()).toBeGreaterThanOrEqual(now + inMs);
				permit?.finish({ status: 200, headers: {} });
				return permit?.order;
			});
			expect(await Promise.all(waiting)).toEqual([now + 60, now + 20]);
			expect(served).toEqual(['20 ms', '60 ms']);
		});

		it('asks a resting entry its moment again when its key is reconsidered, and lets the others rest', async () => {
			const budget = new RequestBudget(100);
			const job = {};
			const batch = {};
			let due = Date.now() + 3_600_000;
			const ended: string[] = [];
			const moved = budget
				.acquire({ priority: 'read', notBefore: { at: () => due, keys: [job, batch] } })
				.then((permit) => (ended.push('moved'), permit?.finish(undefined)));
			const controller = new AbortController();
			const resting = budget
				.acquire({ priority: 'read', signal: controller.signal, notBefore: { at: () => Date.now() + 3_600_000, keys: [batch] } })
				.then((permit) => ended.push(permit ? 'served' : 'cancelled'));
			due = Date.now();
			budget.reconsider(job);
			await moved;
			expect(ended).toEqual(['moved']);
			// Reconsidered with the batch, the other's moment is still an hour away.
			budget.reconsider(batch);
			controller.abort();
			await resting;
			expect(ended).toEqual(['moved', 'cancelled']);
		});

		it('lets an entry go at its deadline when that comes before its moment', async () => {
			const budget = new RequestBudget(100);
			const now = Date.now();
			const permit = await budget.acquire({ priority: 'read', deadline: now + 20, notBefore: { at: () => now + 3_600_000 } });
			expect(permit).toBeUndefined();
			expect(Date.now() - now).toBeLessThan(1_000);
		});
	});

	it('keeps one timer while calls wait, and none once nothing waits', async () => {
		jest.useFakeTimers({ now: 0, doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
		try {
			const budget = new RequestBudget(100);
			const rests = Array.from({ length: 100 }, async (_, index) => {
				const permit = await budget.acquire({ priority: 'read', notBefore: { at: () => 1_000 + index * 10 } });
				permit?.finish({ status: 200, headers: {} });
			});
			await jest.advanceTimersByTimeAsync(0);
			expect(jest.getTimerCount()).toBe(1);
			await jest.advanceTimersByTimeAsync(3_000);
			await Promise.all(rests);
			expect(jest.getTimerCount()).toBe(0);
		} finally {
			jest.useRealTimers();
		}
	});
});
