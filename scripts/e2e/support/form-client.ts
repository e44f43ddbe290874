import { waitUntil } from './wait-until';

/**
 * Fills n8n forms over HTTP the way n8n's own form page script does: submit the fields as
 * multipart `field-<index>`, then poll the execution status until the next page is ready
 * (a GET before that would hang: n8n holds it while the execution runs).
 */
export async function submitForm(url: string, values: string[]): Promise<string> {
	const body = new FormData();
	values.forEach((value, index) => body.set(`field-${index}`, value));
	const response = await fetch(url, { method: 'POST', body, signal: AbortSignal.timeout(60_000) });
	const text = await response.text();
	if (response.status !== 200) throw new Error(`form ${url} answered ${response.status}: ${text.slice(0, 300)}`);
	const { formWaitingUrl } = JSON.parse(text) as { formWaitingUrl?: string };
	if (formWaitingUrl === undefined) throw new Error(`form ${url} gave no next page: ${text.slice(0, 300)}`);
	return formWaitingUrl;
}

/** Waits until the execution shows its next form page (or its ending), then returns that page's HTML. */
export async function nextFormPage(formWaitingUrl: string, timeoutMs: number): Promise<string> {
	const statusUrl = new URL(formWaitingUrl);
	statusUrl.pathname += '/n8n-execution-status';
	await waitUntil(
		`the form page at ${formWaitingUrl}`,
		async () => {
			const status = (await (await fetch(statusUrl, { signal: AbortSignal.timeout(10_000) })).text()).trim();
			if (['error', 'crashed', 'canceled', 'null'].includes(status))
				throw new Error(`the execution ended as ${status}`);
			return status === 'form-waiting' || status === 'success' ? status : undefined;
		},
		timeoutMs,
		500,
	);
	const page = await fetch(formWaitingUrl, { signal: AbortSignal.timeout(30_000) });
	const html = await page.text();
	if (page.status !== 200)
		throw new Error(`form page ${formWaitingUrl} answered ${page.status}: ${html.slice(0, 300)}`);
	return html;
}

/**
 * The ending page's own script POSTs back to its URL, which lets the execution finish; without
 * that call it stays waiting on the ending node.
 */
export async function acknowledgeFormEnding(formWaitingUrl: string): Promise<void> {
	const response = await fetch(formWaitingUrl, { method: 'POST', signal: AbortSignal.timeout(30_000) });
	const text = await response.text();
	if (response.status !== 200)
		throw new Error(`form ending ${formWaitingUrl} answered ${response.status}: ${text.slice(0, 300)}`);
}
