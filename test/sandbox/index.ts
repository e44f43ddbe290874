/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- test and tooling code runs in Node, not inside n8n */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Accounts, SANDBOX_KEYS } from './accounts';
import { API_PREFIX } from './api-routes';
import { apiRequestHandler } from './api-server';
import { Catalogue } from './catalogue';
import { FaultInjector } from './faults';
import { JobEngine } from './jobs';
import { loadMediaFixtures } from './media';
import { DEFAULT_OPTIONS, mergeOptions } from './options';
import { dashboardVideosOfEveryProfile, profileNamed } from './profiles';
import { createRandom } from './random';
import { RateLimiter } from './rate-limiter';
import type { SandboxState } from './state';
import { storageRequestHandler } from './storage-server';
import { Timers } from './timers';
import type { RecordedRequest, Sandbox, SandboxOptions, WebhookDeliveryAttempt } from './types';
import { WebhookDispatcher } from './webhooks';

export type {
	FaultKind,
	FaultRule,
	RateLimitOptions,
	RecordedRequest,
	ResponseStyle,
	Sandbox,
	SandboxKeys,
	SandboxOptions,
	SandboxProfileName,
	SandboxTimings,
	WebhookDeliveryAttempt,
} from './types';
export { exportFailMarker, exportNoResultMarker, failMarker, veoVideoMarker } from './markers';
export { profileFromEnv, SANDBOX_PROFILE_VARIABLE } from './profile-env';
export { PROFILE_DESCRIPTIONS } from './profiles';
export { EXPORT_FAILURE_CODES, GENERATION_FAILURE_CODES } from './failure-codes';
export { SANDBOX_KEYS } from './accounts';
export { DEFAULT_OPTIONS } from './options';
export { peakInAnyWindow } from './request-log';

const HOST = '127.0.0.1';

/** Starts the API listener and the storage listener on 127.0.0.1. */
export async function startSandbox(options: Partial<SandboxOptions> = {}): Promise<Sandbox> {
	const initial = mergeOptions(DEFAULT_OPTIONS, options);
	const timers = new Timers();
	const requests: RecordedRequest[] = [];
	const webhookDeliveries: WebhookDeliveryAttempt[] = [];

	// Storage listens first: its URL appears in the catalogue and in job results.
	const storageServer = http.createServer();
	const apiServer = http.createServer();
	const storageUrl = await listen(storageServer, initial.storagePort);

	const accounts = new Accounts(initial.initialCredits);
	const webhooks = new WebhookDispatcher(webhookDeliveries, timers);
	const state: SandboxState = {
		options: initial,
		profile: profileNamed(initial.profile),
		storageUrl,
		accounts,
		catalogue: new Catalogue(storageUrl),
		engine: new JobEngine({
			accounts,
			timers,
			webhooks,
			storageUrl,
			includeTask: () => state.options.includeTask,
			webhookPolicy: (rules) => ({
				retryDelaysMs: [...(state.options.webhookRetryDelaysMs ?? rules.retryDelaysMs)],
				timeoutMs: state.options.webhookTimeoutMs,
				duplicates: state.options.duplicateDeliveries,
				headers: rules.headers,
			}),
			seededVideos: dashboardVideosOfEveryProfile(),
		}),
		jobRandom: createRandom(initial.seed),
		faults: new FaultInjector(faultSeed(initial.seed)),
		rateLimiter: new RateLimiter(
			() => state.options.rateLimit,
			() => state.options.clockSkewMs,
		),
		timers,
		media: loadMediaFixtures(),
		requests,
	};
	state.faults.setRules(initial.faults);
	storageServer.on('request', storageRequestHandler(state));
	apiServer.on('request', apiRequestHandler(state));

	let baseUrl: string;
	try {
		baseUrl = await listen(apiServer, initial.port);
	} catch (error) {
		await stop(storageServer);
		throw error;
	}

	let closing: Promise<void> | undefined;
	return {
		baseUrl,
		apiUrl: `${baseUrl}${API_PREFIX}`,
		storageUrl,
		keys: { ...SANDBOX_KEYS },
		get profile() {
			return state.profile.name;
		},
		get dashboardVideoIds() {
			return { ...state.profile.ids.dashboardVideoIds };
		},
		requests,
		webhookDeliveries,
		configure(patch) {
			state.options = mergeOptions(state.options, patch);
			state.profile = profileNamed(state.options.profile);
			if (patch.faults !== undefined) state.faults.setRules(patch.faults);
			if (patch.rateLimit !== undefined) state.rateLimiter.reset();
			if (patch.seed !== undefined) {
				state.jobRandom = createRandom(patch.seed);
				state.faults.reseed(faultSeed(patch.seed));
			}
			if (patch.initialCredits !== undefined)
				state.accounts.resetFundedSpaces(patch.initialCredits);
		},
		setCredits: (apiKey, credits) => state.accounts.setCredits(apiKey, credits),
		getCredits: (apiKey) => state.accounts.getCredits(apiKey),
		clearLog() {
			requests.length = 0;
			webhookDeliveries.length = 0;
		},
		close() {
			closing ??= (async () => {
				timers.clearAll();
				webhooks.close();
				await Promise.all([stop(apiServer), stop(storageServer)]);
			})();
			return closing;
		},
	};
}

/** Faults draw from their own stream, so adding a fault rule does not change which jobs fail. */
function faultSeed(seed: number): number {
	return (seed ^ 0x5bd1e995) >>> 0;
}

function listen(server: http.Server, port: number): Promise<string> {
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, HOST, () => {
			server.off('error', reject);
			resolve(`http://${HOST}:${(server.address() as AddressInfo).port}`);
		});
	});
}

function stop(server: http.Server): Promise<void> {
	return new Promise((resolve) => {
		if (!server.listening) return resolve();
		server.close(() => resolve());
		server.closeAllConnections();
	});
}
