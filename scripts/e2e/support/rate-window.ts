import type { Sandbox } from '../../../test/sandbox';

/**
 * Starts the workspace on an empty rate-limit window. The suite's own reads of the service (a
 * scenario checking a job's state, as another client would) count in the workspace's window for
 * a minute, and the node's request budget rightly takes them for another client sharing it: it
 * spaces its calls at the credential's limit, executions taking turns. A scenario that measures
 * the node alone in its workspace clears them first.
 */
export function clearRateWindow(sandbox: Sandbox): void {
	sandbox.configure({ rateLimit: {} });
}
