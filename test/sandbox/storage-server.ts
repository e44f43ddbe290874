/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import * as http from 'node:http';
import { pipeline } from 'node:stream';
import { applyFaultBefore } from './fault-response';
import { sendJson } from './http-io';
import { largeMp4Stream, planLargeMp4, type LargeMp4Plan } from './mp4';
import { recordRequest } from './request-log';
import type { SandboxState } from './state';
import type { RecordedRequest } from './types';

interface Media {
	bytes: Buffer;
	type: string;
}

/**
 * The storage (CDN) listener: exported MP4s, thumbnails, previews and extracted images, public like
 * signed CDN links, so no key is needed. Whether an Authorization header arrived is in the log.
 */
export function storageRequestHandler(state: SandboxState): http.RequestListener {
	return (req, res) => {
		handle(state, req, res).catch(() => {
			if (!res.headersSent)
				sendJson(res, 500, { error: 'Internal server error', code: 'internal_error' });
			else res.destroy();
		});
	};
}

async function handle(
	state: SandboxState,
	req: http.IncomingMessage,
	res: http.ServerResponse,
): Promise<void> {
	const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
	const record = recordRequest(state.requests, 'storage', req, res, url);
	req.resume();
	const fault = state.faults.match('storage', record.method, url.pathname);
	if (fault) {
		record.fault = fault.kind;
		if ((await applyFaultBefore(fault, req, res, state.timers)) === 'done') return;
	}
	const truncate = fault?.kind === 'drop-after';
	if (req.method !== 'GET' && req.method !== 'HEAD') {
		sendJson(
			res,
			405,
			{ error: 'Storage is read-only', code: 'method_not_allowed' },
			{ Allow: 'GET, HEAD' },
		);
		return;
	}
	if (url.pathname === '/large.mp4') {
		sendLargeMp4(state, req, res, url, truncate, record);
		return;
	}
	const media = findMedia(state, url.pathname);
	if (!media) {
		sendJson(res, 404, { error: `No file at ${url.pathname}`, code: 'not_found' });
		return;
	}
	res.writeHead(200, {
		'Content-Type': media.type,
		'Content-Length': String(media.bytes.length),
		'Cache-Control': 'private, max-age=604800',
	});
	if (req.method === 'HEAD') {
		res.end();
	} else if (truncate) {
		// 'drop-after' on storage: headers and half the file, then the connection is cut.
		res.write(media.bytes.subarray(0, Math.floor(media.bytes.length / 2)), () => res.destroy());
	} else {
		res.end(media.bytes);
	}
}

function findMedia(state: SandboxState, path: string): Media | undefined {
	const { media, engine, catalogue } = state;
	const video = /^\/videos\/([A-Za-z0-9_]+)\.mp4$/.exec(path);
	if (video)
		return engine.isExportCompleted(video[1] as string)
			? { bytes: media.mp4, type: 'video/mp4' }
			: undefined;

	const thumbnail = /^\/thumbnails\/([A-Za-z0-9_]+)\.jpg$/.exec(path);
	if (thumbnail) {
		const id = thumbnail[1] as string;
		return engine.video(id) || engine.isExportCompleted(id)
			? { bytes: media.jpeg, type: 'image/jpeg' }
			: undefined;
	}
	const voicePreview = /^\/previews\/voices\/([A-Za-z0-9_]+)\.mp3$/.exec(path);
	if (voicePreview)
		return catalogue.hasVoiceAnywhere(voicePreview[1] as string)
			? { bytes: media.mp3, type: 'audio/mpeg' }
			: undefined;

	const avatarFile = /^\/avatars\/([A-Za-z0-9_]+)\/(thumbnail\.jpg|preview\.mp4)$/.exec(path);
	if (avatarFile && catalogue.hasAvatarAnywhere(avatarFile[1] as string)) {
		return avatarFile[2] === 'preview.mp4'
			? { bytes: media.mp4, type: 'video/mp4' }
			: { bytes: media.jpeg, type: 'image/jpeg' };
	}
	if (/^\/images\/[A-Za-z0-9_-]+\.jpg$/.test(path))
		return { bytes: media.jpeg, type: 'image/jpeg' };
	return undefined;
}

function wholeNumber(raw: string | null): number {
	return raw !== null && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
}

/**
 * GET /large.mp4?bytes=N: a valid MP4 of exactly N bytes, streamed (for memory benchmarks), the body
 * bytes handed to the connection logged as they go. `cutAfter=M`: the connection is cut once M
 * bytes of the body went out, so a test may announce a file far larger than it lets anyone fetch.
 */
function sendLargeMp4(
	state: SandboxState,
	req: http.IncomingMessage,
	res: http.ServerResponse,
	url: URL,
	truncate: boolean,
	record: RecordedRequest,
): void {
	const bytes = wholeNumber(url.searchParams.get('bytes'));
	const cutAfter = url.searchParams.has('cutAfter') ? wholeNumber(url.searchParams.get('cutAfter')) : undefined;
	let plan: LargeMp4Plan;
	try {
		if (cutAfter !== undefined && !Number.isSafeInteger(cutAfter)) throw new RangeError('cutAfter must be a whole number of bytes');
		plan = planLargeMp4(state.media.mp4, bytes);
	} catch (error) {
		sendJson(res, 400, {
			error: error instanceof Error ? error.message : 'Invalid bytes',
			code: 'INVALID_VALUE',
		});
		return;
	}
	res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': String(bytes) });
	if (req.method === 'HEAD') {
		res.end();
		return;
	}
	if (truncate) {
		res.write(plan.head[0], () => res.destroy());
		return;
	}
	const body = largeMp4Stream(plan, cutAfter);
	record.bodyBytesSent = 0;
	body.on('data', (chunk: Buffer) => {
		record.bodyBytesSent = (record.bodyBytesSent ?? 0) + chunk.length;
	});
	pipeline(body, res, () => undefined);
}
