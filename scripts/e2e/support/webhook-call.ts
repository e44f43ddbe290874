import type { N8nInstance } from '../../n8n/instance';

export interface WebhookAnswer {
	status: number;
	contentType: string;
	bytes: Buffer;
	text: string;
}

/** POSTs JSON to a production webhook of the instance and reads the whole answer. */
export async function postToWebhook(
	instance: Pick<N8nInstance, 'callWebhook'>,
	pathAfterWebhook: string,
	body: unknown,
	timeoutMs = 120_000,
): Promise<WebhookAnswer> {
	const response = await instance.callWebhook(pathAfterWebhook, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
		timeoutMs,
	});
	const bytes = Buffer.from(await response.arrayBuffer());
	return {
		status: response.status,
		contentType: response.headers.get('content-type') ?? '',
		bytes,
		text: bytes.toString('utf8'),
	};
}

/** The answer's JSON; throws with the status and body unless it is 200. */
export function jsonOf(answer: WebhookAnswer, what: string): unknown {
	if (answer.status !== 200) throw new Error(`${what} answered ${answer.status}: ${answer.text.slice(0, 500)}`);
	return JSON.parse(answer.text);
}
