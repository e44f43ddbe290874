import type { Sandbox } from '../../test/sandbox';

function count(sandbox: Sandbox, listener: 'api' | 'storage', method: string, pathPattern: RegExp): number {
	return sandbox.requests.filter(
		(request) => request.listener === listener && request.method === method && pathPattern.test(request.path),
	).length;
}

/** Proof that what the editor showed came from the sandbox, not from a cache or a mock. */
export function assertSandboxSaw(sandbox: Sandbox, what: 'voice list' | 'video created'): string {
	const checks: Array<[string, number]> =
		what === 'voice list'
			? [['GET /resources/voices', count(sandbox, 'api', 'GET', /\/resources\/voices$/)]]
			: [
					['POST /generation/start', count(sandbox, 'api', 'POST', /\/generation\/start$/)],
					['POST /export/start', count(sandbox, 'api', 'POST', /\/export\/start$/)],
					['GET storage /videos/*.mp4', count(sandbox, 'storage', 'GET', /^\/videos\/.+\.mp4$/)],
				];
	const missing = checks.filter(([, seen]) => seen === 0).map(([name]) => name);
	if (missing.length > 0) throw new Error(`the sandbox never received: ${missing.join(', ')}`);
	return checks.map(([name, seen]) => `${name} x${seen}`).join(', ');
}
