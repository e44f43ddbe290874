import { randomUUID } from 'node:crypto';
import { fetchJson } from './http-json';
import type { OwnerAccount } from './owner-account';

/** Scopes asked for when n8n cannot list the ones the owner may grant. */
const fallbackScopes = [
	'workflow:create',
	'workflow:read',
	'workflow:update',
	'workflow:delete',
	'workflow:list',
	'workflow:activate',
	'workflow:deactivate',
	'execution:list',
	'execution:read',
	'execution:delete',
	'credential:create',
	'credential:delete',
];

/**
 * n8n 1.x has no owner-from-env: claim the instance through the setup endpoint the first-run
 * screen uses. A second call (after a restart) is answered 400 "already setup", which is fine.
 */
export async function setUpOwner(baseUrl: string, owner: OwnerAccount): Promise<void> {
	const response = await fetch(`${baseUrl}/rest/owner/setup`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(owner),
		signal: AbortSignal.timeout(30_000),
	});
	const text = await response.text();
	if (response.ok || (response.status === 400 && text.includes('already setup'))) return;
	throw new Error(`owner setup failed: ${response.status} ${text.slice(0, 300)}`);
}

export interface PublicationStatus {
	status: 'published' | 'in_progress' | 'not_published' | 'partial' | 'failed';
	triggers: Array<{ nodeId: string; status: string; errorMessage: string | null }>;
}

/**
 * A logged-in browser-like session on n8n's internal REST API (/rest), used to create a public
 * API key and for what only the editor does (running a workflow by hand); everything else goes
 * through the documented public API.
 */
export class RestSession {
	private constructor(
		private readonly baseUrl: string,
		private readonly cookie: string,
		// n8n binds the auth cookie to this header and rejects requests without it.
		private readonly browserId: string,
	) {}

	static async login(baseUrl: string, email: string, password: string): Promise<RestSession> {
		const browserId = randomUUID();
		const response = await fetch(`${baseUrl}/rest/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'browser-id': browserId },
			body: JSON.stringify({ emailOrLdapLoginId: email, email, password }),
			signal: AbortSignal.timeout(30_000),
		});
		if (!response.ok) throw new Error(`login failed: ${response.status} ${(await response.text()).slice(0, 300)}`);
		const authCookie = response.headers
			.getSetCookie()
			.map((header) => header.split(';')[0])
			.find((pair) => pair.startsWith('n8n-auth='));
		if (authCookie === undefined) throw new Error('login response set no n8n-auth cookie');
		return new RestSession(baseUrl, authCookie, browserId);
	}

	private headers(): Record<string, string> {
		return { 'content-type': 'application/json', cookie: this.cookie, 'browser-id': this.browserId };
	}

	/** Every scope the owner may grant (n8n lists them per role); falls back to a fixed list. */
	async availableApiKeyScopes(): Promise<string[]> {
		try {
			const result = await fetchJson<{ data: string[] }>(`${this.baseUrl}/rest/api-keys/scopes`, {
				headers: this.headers(),
			});
			return result.data.length > 0 ? result.data : fallbackScopes;
		} catch {
			return fallbackScopes;
		}
	}

	/** Creates a non-expiring public API key and returns its secret value. */
	async createApiKey(label: string, scopes?: string[]): Promise<string> {
		const result = await fetchJson<{ data: { rawApiKey?: string; apiKey?: string } }>(`${this.baseUrl}/rest/api-keys`, {
			method: 'POST',
			headers: this.headers(),
			body: JSON.stringify({ label, scopes: scopes ?? (await this.availableApiKeyScopes()), expiresAt: null }),
		});
		const key = result.data.rawApiKey ?? result.data.apiKey;
		if (key === undefined) throw new Error('n8n returned no API key');
		return key;
	}

	/** GET on an editor endpoint (under the base URL) with this session's login. */
	getJson<T>(path: string, timeoutMs = 60_000): Promise<T> {
		return fetchJson<T>(`${this.baseUrl}${path}`, { headers: this.headers(), timeoutMs });
	}

	/** POST on an editor endpoint with this session's login, as the editor's own calls are made. */
	postJson<T>(path: string, body: unknown, timeoutMs = 60_000): Promise<T> {
		return fetchJson<T>(`${this.baseUrl}${path}`, {
			method: 'POST',
			headers: this.headers(),
			body: JSON.stringify(body),
			timeoutMs,
		});
	}

	/** Stops a running or waiting execution as the editor's Stop button does (2.41.1 and 1.123.81). */
	async stopExecution(executionId: string | number): Promise<void> {
		await this.postJson(`/rest/executions/${executionId}/stop`, {});
	}

	/** 2.x only: whether a published workflow's triggers are live ('published'), pending or failed. */
	async publicationStatus(workflowId: string): Promise<PublicationStatus> {
		const result = await fetchJson<{ data: PublicationStatus }>(
			`${this.baseUrl}/rest/workflows/${workflowId}/publication-status`,
			{ headers: this.headers() },
		);
		return result.data;
	}
}
