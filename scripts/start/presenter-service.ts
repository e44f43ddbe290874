/* eslint-disable @n8n/community-nodes/require-node-api-error -- test and tooling code runs in Node, not inside n8n */
import {
	profileFromEnv,
	startSandbox,
	type Sandbox,
	type SandboxProfileName,
	type SandboxTimings,
} from '../../test/sandbox';

export interface CredentialData {
	apiKey: string;
	baseUrl: string;
	[field: string]: string;
}

export type ServiceChoice =
	| { kind: 'sandbox'; timings: SandboxTimings; profile?: SandboxProfileName }
	| { kind: 'real'; credentialData: CredentialData };

/** What the demo's credential points at; `sandbox` is set when the stand-in runs in this process. */
export interface PresenterService {
	credentialData: CredentialData;
	sandbox?: Sandbox;
	close(): Promise<void>;
}

const sandboxPorts = { port: 4010, storagePort: 4011 };
/** The service's own limit, so the demo behaves as production does. */
const SERVICE_RATE_LIMIT = { limit: 100, windowMs: 60_000 };

/**
 * Real service when both variables are set; half a configuration is a mistake worth stopping for.
 * The sandbox answers with the profile SANDBOX_PROFILE names (default contract).
 */
export function serviceChoiceFromEnv(env: NodeJS.ProcessEnv, sandboxTimings: SandboxTimings): ServiceChoice {
	const apiKey = env.PRESENTER_VIDEO_API_KEY?.trim() ?? '';
	const baseUrl = env.PRESENTER_VIDEO_BASE_URL?.trim() ?? '';
	if (apiKey === '' && baseUrl === '')
		return { kind: 'sandbox', timings: sandboxTimings, profile: profileFromEnv(env) };
	if (apiKey === '' || baseUrl === '') {
		throw new Error(
			'Set both PRESENTER_VIDEO_API_KEY and PRESENTER_VIDEO_BASE_URL to use the real service, or neither to use the sandbox.',
		);
	}
	return { kind: 'real', credentialData: { apiKey, baseUrl } };
}

async function startSandboxOnKnownPorts(
	timings: SandboxTimings,
	profile: SandboxProfileName = 'contract',
): Promise<Sandbox> {
	const options = { profile, timings, rateLimit: SERVICE_RATE_LIMIT };
	try {
		return await startSandbox({ ...sandboxPorts, ...options });
	} catch (error) {
		// Another sandbox (or anything else) holds the usual ports: any free ones work just as well.
		if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
		return startSandbox(options);
	}
}

export async function startPresenterService(choice: ServiceChoice): Promise<PresenterService> {
	if (choice.kind === 'real') return { credentialData: choice.credentialData, close: async () => {} };
	const sandbox = await startSandboxOnKnownPorts(choice.timings, choice.profile);
	return {
		credentialData: { apiKey: sandbox.keys.main, baseUrl: sandbox.baseUrl },
		sandbox,
		close: () => sandbox.close(),
	};
}
