/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import { execFileSync } from 'node:child_process';
import type { BackingServices } from './backing-services';
import type { ForwardedCall } from './callback-router';
import { queryRows } from './database-query';
import { PAUSE_HOLD_MS } from '../../nodes/PresenterVideo/wait/pauseHold';

/**
 * Records every move of an execution into or out of `waiting`, stamped by the database itself
 * (`clock_timestamp()`, the machine's clock, which the router's stamps share): n8n keeps no record
 * of when an execution was resumed or began to wait again. Once per run, after n8n made its
 * tables; the table goes with the run's database. The function runs as its owner, as n8n's role
 * may not write the table.
 */
export function recordWaits(services: BackingServices): void {
	// On psql's standard input: the function body's dollar quotes would not survive a shell.
	execFileSync('su', ['postgres', '-c', `psql -v ON_ERROR_STOP=1 -q -d ${services.database.name}`], {
		input: `SET client_min_messages = warning;
		CREATE TABLE kit_waits (execution_id text NOT NULL, resumed boolean NOT NULL, at_ms double precision NOT NULL);
		CREATE FUNCTION kit_record_wait() RETURNS trigger AS $$
		BEGIN
			INSERT INTO kit_waits VALUES (NEW.id::text, OLD.status = 'waiting', extract(epoch FROM clock_timestamp()) * 1000);
			RETURN NEW;
		END $$ LANGUAGE plpgsql SECURITY DEFINER;
		CREATE TRIGGER kit_record_wait AFTER UPDATE OF status ON execution_entity FOR EACH ROW
			WHEN ((OLD.status = 'waiting') <> (NEW.status = 'waiting')) EXECUTE FUNCTION kit_record_wait();`,
		stdio: ['pipe', 'ignore', 'inherit'],
		cwd: '/',
	});
}

interface WaitMove {
	resumed: boolean;
	at: number;
}

/** Each execution's moves into and out of `waiting` since `since` (epoch ms), in order. */
function waitMoves(services: BackingServices, since: number): Map<string, WaitMove[]> {
	const rows = queryRows(
		services,
		`SELECT execution_id, resumed, at_ms FROM kit_waits WHERE at_ms >= ${since} ORDER BY at_ms`,
	);
	const byExecution = new Map<string, WaitMove[]>();
	for (const [executionId, resumed, atMs] of rows) {
		byExecution.set(executionId, [
			...(byExecution.get(executionId) ?? []),
			{ resumed: resumed === 't', at: Number(atMs) },
		]);
	}
	return byExecution;
}

/**
 * The calls that reached the node's `webhook()` about a job's end before `moment`: a job's end
 * (not a progress report), answered by the node (n8n refuses calls while the execution runs).
 */
function endingCallsBefore(forwarded: readonly ForwardedCall[], executionId: string, moment: number): ForwardedCall[] {
	return forwarded.filter(
		(call) =>
			call.path.startsWith(`/webhook-waiting/${executionId}/`) &&
			call.at < moment &&
			call.status < 300 &&
			(call.jobStatus === 'completed' || call.jobStatus === 'failed'),
	);
}

/** What was measured of the resumes of paused executions since a moment. */
export interface ResumeFigures {
	/** From a resume's callback reaching a webhook processor to the node's answer, given as its `webhook()` begins. */
	toAnswerMs: number[];
	/** From that callback to the update that resumed the execution: n8n's work, the decision, n8n's update. */
	toResumeMs: number[];
	/**
	 * For each resume after which the execution waited again: from the last callback that reached
	 * it before the resume to its next wait. A webhook processor that took such a callback may have
	 * loaded the old wait's data; its update must come before the next wait, where n8n would take it.
	 */
	untilNextWaitMs: number[];
}

/**
 * The resumes since `since`. A resume's callback is taken to be the earliest copy of the last job
 * heard of before it, so no figure is shorter than the resume's own.
 */
export function resumeFigures(
	services: BackingServices,
	forwarded: readonly ForwardedCall[],
	since: number,
): ResumeFigures {
	const figures: ResumeFigures = { toAnswerMs: [], toResumeMs: [], untilNextWaitMs: [] };
	for (const [executionId, moves] of waitMoves(services, since)) {
		moves.forEach(({ resumed, at }, index) => {
			const before = endingCallsBefore(forwarded, executionId, at);
			if (!resumed || before.length === 0) return;
			const last = before.reduce((latest, call) => (call.at > latest.at ? call : latest));
			const first = before
				.filter((call) => call.jobId === last.jobId)
				.reduce((earliest, call) => (call.at < earliest.at ? call : earliest));
			figures.toAnswerMs.push(first.answeredAt - first.at);
			figures.toResumeMs.push(at - first.at);
			const nextWait = moves.slice(index + 1).find((move) => !move.resumed);
			if (nextWait !== undefined) figures.untilNextWaitMs.push(nextWait.at - last.at);
		});
	}
	return figures;
}

/** "n 45, least 20 ms, median 310 ms, 95th percentile 620 ms, max 900 ms". */
function describeDurations(durations: readonly number[]): string {
	if (durations.length === 0) return 'none';
	const sorted = [...durations].sort((a, b) => a - b);
	const at = (share: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]);
	return `n ${sorted.length}, least ${Math.round(sorted[0])} ms, median ${at(0.5)} ms, 95th percentile ${at(0.95)} ms, max ${Math.round(sorted[sorted.length - 1])} ms`;
}

/** The figures as a log line's part. */
export function describeResumeFigures({ toAnswerMs, toResumeMs, untilNextWaitMs }: ResumeFigures): string {
	return (
		`from a callback's arrival to the node's answer ${describeDurations(toAnswerMs)}; ` +
		`to the resume's update ${describeDurations(toResumeMs)}; ` +
		`from a resume's last callback to the next wait ${describeDurations(untilNextWaitMs)}`
	);
}

/** The pause hold the figures compare with: n8n 1.x gets none (it resumes without a conditional update). */
export function holdNote(version: string, batch: string): string {
	return version.startsWith('1.')
		? 'no pause hold on n8n 1.x'
		: `the pause hold after a batch of ${batch}: ${PAUSE_HOLD_MS} ms`;
}
