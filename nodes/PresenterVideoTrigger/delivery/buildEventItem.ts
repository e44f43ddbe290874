import type { IDataObject } from 'n8n-workflow';

import { eventName, type JobEvent, type JobKind } from './types';

export interface EventItemInput {
	event: JobEvent & { kind: JobKind };
	/** True when the status endpoint confirmed the event and `event` holds its answer. */
	confirmed: boolean;
	receivedAt: Date;
	rawBody?: unknown;
}

function compact(fields: IDataObject): IDataObject {
	return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/** The output item's JSON: camelCase fields in a fixed order, absent values left out. */
export function buildEventJson({ event, confirmed, receivedAt, rawBody }: EventItemInput): IDataObject {
	const { result, error } = event;
	return compact({
		event: eventName(event.kind, event.status),
		kind: event.kind,
		jobId: event.jobId,
		status: event.status,
		videoId: result?.video_id,
		videoUrl: result?.video_url,
		thumbnailUrl: result?.thumbnail_url,
		duration: result?.duration,
		cost: result?.cost,
		createdAt: result?.created_at,
		error:
			event.status === 'failed'
				? compact({
						// Codes come in upper or lower case for the same failure: one spelling to branch on.
						code: error?.code?.toUpperCase() ?? 'UNKNOWN',
						message: error?.message ?? '',
						originalCode: error?.code,
					})
				: undefined,
		task: event.task,
		confirmed,
		receivedAt: receivedAt.toISOString(),
		rawBody: rawBody as IDataObject | undefined,
	});
}

/** A file name for the job's MP4 that is safe on every file system. */
export function videoFileName(jobId: string): string {
	return `${jobId.replace(/[^A-Za-z0-9_-]/g, '_')}.mp4`;
}
