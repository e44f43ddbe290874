import type { ServiceJob } from '../../../../nodes/PresenterVideo/service/types';
import {
	completedLater,
	probeOrder,
	readAllIfEnded,
	type WaitingJob,
} from '../../../../nodes/PresenterVideo/wait/resume';

const job = (itemIndex: number, estimatedCredits = 10): WaitingJob => ({
	itemIndex,
	kind: 'generation',
	jobId: `run_${itemIndex}`,
	estimatedCredits,
});

describe('probeOrder', () => {
	it('puts the job expected to end last first: the costliest, then the latest started', () => {
		const order = probeOrder([job(0, 10), job(1, 30), job(2, 10), job(3, 30)]);
		expect(order.map((entry) => entry.itemIndex)).toEqual([3, 1, 2, 0]);
	});

	it('moves the job whose callback said it ended to the end', () => {
		const order = probeOrder([job(0), job(1), job(2)], 'run_2');
		expect(order.map((entry) => entry.itemIndex)).toEqual([1, 0, 2]);
	});
});

describe('readAllIfEnded', () => {
	function reader(running: Set<string>) {
		const reads: string[] = [];
		const read = async (entry: WaitingJob): Promise<ServiceJob> => {
			reads.push(entry.jobId);
			return { job_id: entry.jobId, status: running.has(entry.jobId) ? 'processing' : 'completed' };
		};
		return { reads, read };
	}

	it('stops after one read when the first job is still running', async () => {
		const { reads, read } = reader(new Set(['run_9']));
		const jobs = Array.from({ length: 10 }, (_, index) => job(index));
		expect(await readAllIfEnded(probeOrder(jobs), read)).toBeUndefined();
		expect(reads).toEqual(['run_9']);
	});

	it('reads in widening waves and stops at the wave holding an unfinished job', async () => {
		const { reads, read } = reader(new Set(['run_5']));
		const jobs = Array.from({ length: 10 }, (_, index) => job(index));
		expect(await readAllIfEnded(probeOrder(jobs), read)).toBeUndefined();
		// Waves of 1, 2 and 4 jobs: 9 | 8 7 | 6 5 4 3.
		expect(reads).toEqual(['run_9', 'run_8', 'run_7', 'run_6', 'run_5', 'run_4', 'run_3']);
	});

	it('returns every job once all have ended, each read once', async () => {
		const { reads, read } = reader(new Set());
		const jobs = Array.from({ length: 100 }, (_, index) => job(index));
		const ended = await readAllIfEnded(probeOrder(jobs), read);
		expect(ended?.size).toBe(100);
		expect(new Set(reads).size).toBe(100);
		expect(reads).toHaveLength(100);
	});
});

describe('completedLater', () => {
	const jobs = [job(0), job(1), job(2)];
	const completedAt = (createdAt: string | undefined): ServiceJob => ({
		job_id: 'run',
		status: 'completed',
		result: { video_id: 'vid', ...(createdAt ? { created_at: createdAt } : {}) },
	});
	const failed: ServiceJob = {
		job_id: 'run',
		status: 'failed',
		error: { code: 'GENERATION_FAILED', message: 'failed' },
	};
	const states = (...entries: ServiceJob[]) => new Map(entries.map((state, index) => [index, state]));

	it('leaves the batch to a job that completed later, whose own callback resumes it', () => {
		const ended = states(completedAt('2026-11-28T08:00:01Z'), completedAt('2026-11-28T08:00:03Z'), failed);
		expect(completedLater(jobs, ended, 'run_0')).toBe(true);
		expect(completedLater(jobs, ended, 'run_1')).toBe(false);
	});

	it('gives a tie to the greater job id, so one of two callbacks resumes', () => {
		const ended = states(completedAt('2026-11-28T08:00:01Z'), completedAt('2026-11-28T08:00:01Z'), failed);
		expect([completedLater(jobs, ended, 'run_0'), completedLater(jobs, ended, 'run_1')]).toEqual([true, false]);
	});

	it('never waits on a failure, which need not call back, nor on a completion without its time', () => {
		expect(
			completedLater(jobs, states(completedAt('2026-11-28T08:00:01Z'), completedAt(undefined), failed), 'run_0'),
		).toBe(false);
		expect(
			completedLater(jobs, states(completedAt(undefined), completedAt('2026-11-28T08:00:03Z'), failed), 'run_0'),
		).toBe(false);
	});
});
