import type { PauseTarget } from '../../e2e/support/paused-run';
import { versionProfile } from '../../n8n/versions';
import type { QueueContext } from '../queue-scenario';

/**
 * Workflows start through the first webhook processor; resume calls go to the public address (the
 * router), which hands them to the processes its policy picks. Releases with resume tokens (2.20
 * and later) check them; older ones do not for this node.
 */
export function queuePauseTarget({ api, sandbox, cluster, version }: QueueContext): PauseTarget {
	const [first] = cluster.webhooks;
	const webhooks = { baseUrl: cluster.router.baseUrl, callWebhook: first.callWebhook.bind(first) };
	return { api, sandbox, webhooks, checksResumeToken: versionProfile(version).resumeToken };
}
