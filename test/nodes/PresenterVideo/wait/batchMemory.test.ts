import { sleep } from 'n8n-workflow';

import { TIMING } from '../../../../nodes/PresenterVideo/timing';
import { batchMemory, inTurn, isRemembered } from '../../../../nodes/PresenterVideo/wait/batchMemory';

const MAX_REMEMBERED_BATCHES = TIMING.batchMemory.maxEntries;

describe('batchMemory', () => {
	it('keeps a live batch while 1,000 others come and go', () => {
		const live = batchMemory('live 1');
		live.ended.set('run_live', { job_id: 'run_live', status: 'completed' });
		for (let index = 0; index < 1_000; index += 1) batchMemory(`other ${index}`);
		expect(batchMemory('live 1').ended.has('run_live')).toBe(true);
	});

	it('forgets the least recently used batch first once the hard bound is reached', () => {
		batchMemory('used early');
		batchMemory('used again');
		for (let index = 0; index < MAX_REMEMBERED_BATCHES - 2; index += 1) batchMemory(`filler ${index}`);
		batchMemory('used again');
		batchMemory('one more');
		expect(isRemembered('used again')).toBe(true);
		expect(isRemembered('used early')).toBe(false);
	});

	it('forgets a batch unused for longer than any Max Wait', () => {
		const now = Date.now();
		batchMemory('stale', now);
		batchMemory('fresh', now + 25 * 60 * 60_000);
		expect(isRemembered('stale')).toBe(false);
		expect(isRemembered('fresh')).toBe(true);
	});
});

describe('inTurn', () => {
	it('runs the calls about one batch one after another, and keeps no queue once they end', async () => {
		const order: string[] = [];
		const slow = inTurn('batch', async () => {
			await sleep(20);
			order.push('first');
		});
		const fast = inTurn('batch', async () => {
			order.push('second');
		});
		await Promise.all([slow, fast]);
		expect(order).toEqual(['first', 'second']);
	});
});
