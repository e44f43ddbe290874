import type { RoutedCall, RoutingPolicy } from './callback-router';

/** Every call to the first webhook processor: one process sees every callback. */
export const toFirst: RoutingPolicy = (_call, targets) => [targets[0]];

/** Round robin, call by call, as a load balancer spreads them: copies of a callback reach both processes. */
export function alternating(): RoutingPolicy {
	let calls = 0;
	return (_call, targets) => [targets[calls++ % targets.length]];
}

function executionIdOf(call: RoutedCall): string | undefined {
	return /^\/webhook-waiting\/([^/?]+)/.exec(call.path)?.[1];
}

/**
 * Callbacks spread round robin, except those of the `jobsPerExecution`-th job of an execution to
 * call back (its last), every delivery of which goes to every process at the same moment.
 */
export function lastJobToAll(jobsPerExecution: number): RoutingPolicy {
	const spread = alternating();
	const jobsSeen = new Map<string, string[]>();
	return (call, targets) => {
		const executionId = executionIdOf(call);
		if (executionId === undefined || call.jobId === undefined) return spread(call, targets);
		const seen = jobsSeen.get(executionId) ?? [];
		if (!seen.includes(call.jobId)) seen.push(call.jobId);
		jobsSeen.set(executionId, seen);
		return seen.indexOf(call.jobId) >= jobsPerExecution - 1 ? targets : spread(call, targets);
	};
}
