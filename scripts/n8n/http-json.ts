/** fetch with a time-out that throws with status and body text when the response is not 2xx. */
export async function fetchJson<T>(url: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<T> {
	const response = await fetchChecked(url, init);
	const text = await response.text();
	return (text === '' ? undefined : JSON.parse(text)) as T;
}

export async function fetchChecked(url: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Response> {
	const { timeoutMs = 30_000, ...requestInit } = init;
	const response = await fetch(url, { ...requestInit, signal: AbortSignal.timeout(timeoutMs) });
	if (!response.ok) {
		const body = await response.text().catch(() => '');
		throw new Error(`${requestInit.method ?? 'GET'} ${url} -> ${response.status} ${body.slice(0, 500)}`);
	}
	return response;
}
