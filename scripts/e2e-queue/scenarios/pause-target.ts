import type { PauseTarget } from '../../e2e/support/paused-run';
import type { QueueContext } from '../queue-scenario';

/**
 * Workflows start through the first webhook processor; resume calls go to the public address (the
 * router), which hands them to the processes its policy picks. 2.x checks resume tokens; 1.x does
 * not for this node.
 */
export function queuePauseTarget({ api, sandbox, cluster, version }: QueueContext): PauseTarget {
	const [first] = cluster.webhooks;
	const webhooks = { baseUrl: cluster.router.baseUrl, callWebhook: first.callWebhook.bind(first) };
	return { api, sandbox, webhooks, checksResumeToken: version.startsWith('2.') };
}
