import type { Sandbox } from '../../test/sandbox';
import type { PublicApiClient } from '../n8n/public-api';
import type { BackingServices } from './backing-services';
import type { QueueCluster } from './queue-cluster';

/** What a queue-mode scenario runs against. */
export interface QueueContext {
	cluster: QueueCluster;
	/** The main process's public API (executions are in the shared database). */
	api: PublicApiClient;
	sandbox: Sandbox;
	services: BackingServices;
}

export interface QueueScenario {
	name: string;
	/** Longest it may take; a worker killed mid-run takes n8n minutes to notice. */
	timeoutMs?: number;
	run(context: QueueContext): Promise<void>;
}
