import type { IDataObject, INode } from 'n8n-workflow';

import type { StartRegister } from '../billing/startOnce';
import type { JobKind, ServiceJob } from '../service/types';
import type { ApiClient } from '../transport/client';
import type { ReadScheduler } from '../schedule/readScheduler';

/** A job the service accepted, or one whose status was read: what outputs and errors must name. */
export interface StartedJob {
	kind: JobKind;
	jobId: string;
	itemIndex: number;
	/** When it was started or first seen: the schedule and Max Wait count from here. */
	startedAt: number;
	/** The body of the start, when this node sent it: a failure's fix names only what it sent. */
	body?: IDataObject;
	/** The service's answer to the start, when this node started the job. */
	start?: ServiceJob;
	/** A status already read, kept if nothing newer arrives. */
	lastKnown?: ServiceJob;
	/** The video's requested seconds, when known: the read scheduler expects longer videos to take longer. */
	sizeSeconds?: number;
	/** Set when an earlier start's job was taken instead of starting a new one. */
	reusedBy?: 'retry' | 'idempotencyKey';
}

/** A start that was sent but brought back no job id: the service may have billed it. */
export interface UnansweredStart {
	kind: JobKind;
	itemIndex: number;
	/** Why there is no job id; the error the item failed with. */
	error: Error;
}

/** A job that ended, or its last known state when Max Wait passed. */
export interface SettledJob {
	kind: JobKind;
	job: ServiceJob;
	timedOut: boolean;
}

/** What an item's work may use: the API, the batch's gates and cancel signal, and the job register. */
export interface ItemTools {
	node: INode;
	client: ApiClient;
	signal: AbortSignal;
	/** When each waiting job is read; calls in flight follow the client's request budget. */
	reads: ReadScheduler;
	/** Runs a billed start, and refuses to start once the batch has failed. */
	start<T>(task: () => Promise<T>): Promise<T>;
	/** Records a job the service accepted, so that no error can lose its id. */
	registerJob(job: StartedJob): void;
	/** Records a start sent without a usable answer, so that no error can hide that it may be billed. */
	registerUnansweredStart(start: UnansweredStart): void;
	/** For operations that bill: remembers starts so that retries and repeated keys reuse their job. */
	starts?: StartRegister;
}
