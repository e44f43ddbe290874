import type { Sandbox } from '../../test/sandbox';
import type { PublicApiClient } from '../n8n/public-api';
import type { N8nVersion } from '../n8n/versions';
import type { BackingServices } from './backing-services';
import type { QueueCluster } from './queue-cluster';
import type { RunRecorder } from './run-recorder';

/** What a queue-mode scenario runs against. */
export interface QueueContext {
	version: N8nVersion;
	cluster: QueueCluster;
	/** The main process's public API (executions are in the shared database). */
	api: PublicApiClient;
	sandbox: Sandbox;
	services: BackingServices;
	recorder: RunRecorder;
}

export interface QueueScenario {
	name: string;
	/** Longest it may take; a worker killed mid-run takes n8n minutes to notice. */
	timeoutMs?: number;
	/** Why this version cannot run it; undefined when it can. */
	skipReason?: (version: N8nVersion) => string | undefined;
	run(context: QueueContext): Promise<void>;
}
