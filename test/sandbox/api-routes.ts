import { startExport, exportStatus } from './handlers/export';
import { generationStatus, startGeneration } from './handlers/generation';
import { listAvatars, listVoices } from './handlers/resources';
import { generateScript } from './handlers/script';
import type { Handler } from './state';

export const API_PREFIX = '/api/public/v1';

interface Route {
	method: 'GET' | 'POST';
	pattern: RegExp;
	handler: Handler;
}

/** Paths are relative to API_PREFIX. */
const ROUTES: Route[] = [
	{ method: 'GET', pattern: /^\/resources\/voices$/, handler: listVoices },
	{ method: 'GET', pattern: /^\/resources\/avatars$/, handler: listAvatars },
	{ method: 'POST', pattern: /^\/script\/generate$/, handler: generateScript },
	{ method: 'POST', pattern: /^\/generation\/start$/, handler: startGeneration },
	{ method: 'GET', pattern: /^\/generation\/status\/([^/]+)$/, handler: generationStatus },
	{ method: 'POST', pattern: /^\/export\/start$/, handler: startExport },
	{ method: 'GET', pattern: /^\/export\/status\/([^/]+)$/, handler: exportStatus },
];

export function findRoute(
	method: string,
	path: string,
): { handler: Handler; params: string[] } | undefined {
	for (const route of ROUTES) {
		if (route.method !== method) continue;
		const match = route.pattern.exec(path);
		if (match) return { handler: route.handler, params: match.slice(1).map(safeDecode) };
	}
	return undefined;
}

function safeDecode(segment: string): string {
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}
