/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, internalError } from './api-errors';
import { sendJson } from './http-io';
import type { Timers } from './timers';
import type { FaultRule } from './types';

export const DEFAULT_SLOW_MS = 3000;

/**
 * Carries out the part of a fault that happens before normal handling. Returns 'done' when the
 * request is finished (answered or dropped), 'continue' when normal handling should follow.
 * `errorBody` writes the 500 and 503 bodies (default: the single-error shape).
 */
export async function applyFaultBefore(
	rule: FaultRule,
	req: IncomingMessage,
	res: ServerResponse,
	timers: Timers,
	errorBody: (error: ApiError) => unknown = (error) => error.toBody(),
): Promise<'done' | 'continue'> {
	switch (rule.kind) {
		case '500':
			sendJson(res, 500, errorBody(internalError()));
			return 'done';
		case '503':
			sendJson(res, 503, errorBody(new ApiError(503, 'service_unavailable', 'Service temporarily unavailable')));
			return 'done';
		case 'drop':
			req.socket.destroy();
			return 'done';
		case 'malformed-json':
			sendMalformedJson(res);
			return 'done';
		case 'slow':
			await timers.sleep(rule.delayMs ?? DEFAULT_SLOW_MS);
			return 'continue';
		case 'drop-after':
			// With a delay, the job is created late and its answer never comes: a slow start cut off.
			if (rule.delayMs !== undefined) await timers.sleep(rule.delayMs);
			return 'continue';
	}
}

/** A 200 whose JSON body stops half-way, as a proxy cutting a response would leave it. */
function sendMalformedJson(res: ServerResponse): void {
	const payload = '{"job_id": "run_0000", "status": "pend';
	res.writeHead(200, {
		'Content-Type': 'application/json; charset=utf-8',
		'Content-Length': String(Buffer.byteLength(payload)),
	});
	res.end(payload);
}
