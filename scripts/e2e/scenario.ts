import type { Sandbox } from '../../test/sandbox';
import type { N8nExport, N8nInstance } from '../n8n/instance';
import type { PublicApiClient } from '../n8n/public-api';
import type { N8nVersion } from '../n8n/versions';
import type { Workflow } from './workflows/workflow-json';

/** What every scenario runs against: one started n8n with our package, and the sandbox it calls. */
export interface E2eContext {
	version: N8nVersion;
	instance: N8nInstance;
	api: PublicApiClient;
	sandbox: Sandbox;
	/** A folder n8n's file nodes may read and write (N8N_RESTRICT_FILE_ACCESS_TO). */
	workDir: string;
}

export interface Scenario {
	/** Short and unique; also what `--only` matches. */
	name: string;
	/** Imported before n8n starts and activated once it runs. */
	workflows: Workflow[];
	/**
	 * Sub-workflows the active ones call: published first where n8n runs only a published
	 * sub-workflow (2.x); imported only where n8n runs it as saved and cannot activate it (1.x).
	 */
	subWorkflows?: Workflow[];
	/** Imported only: run by hand (`n8n execute`) or not at all. */
	inactiveWorkflows?: Workflow[];
	/** Credentials its workflows use besides the suite's own, imported with it. */
	credentials?(sandbox: Sandbox): N8nExport[];
	run(context: E2eContext): Promise<void>;
	/** Why the scenario cannot run on this version, or undefined when it can; a skipped one imports nothing. */
	skipReason?(version: N8nVersion): string | undefined;
}
