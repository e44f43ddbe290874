import type { Sandbox, WebhookDeliveryAttempt } from '../../../test/sandbox';
import { waitUntil } from './wait-until';

/** Waits until the sandbox has made `count` delivery attempts for the job, answered or not. */
export async function deliveriesFor(
	sandbox: Sandbox,
	jobId: string,
	count: number,
	timeoutMs = 30_000,
): Promise<WebhookDeliveryAttempt[]> {
	return await waitUntil(
		`${count} webhook deliveries for ${jobId}`,
		() => {
			const attempts = sandbox.webhookDeliveries.filter((attempt) => attempt.jobId === jobId);
			return attempts.length >= count ? attempts : undefined;
		},
		timeoutMs,
	);
}

/** Every delivery attempt made so far to any node's address in one execution, copies and retries included. */
export function deliveriesToExecution(sandbox: Sandbox, executionId: string): WebhookDeliveryAttempt[] {
	return sandbox.webhookDeliveries.filter((attempt) => new URL(attempt.url).pathname.startsWith(`/webhook-waiting/${executionId}/`));
}
