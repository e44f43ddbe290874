import type { Accounts, Space } from './accounts';
import type { Catalogue } from './catalogue';
import type { FaultInjector } from './faults';
import type { JobEngine } from './jobs';
import type { MediaFixtures } from './media';
import type { SandboxProfile } from './profiles';
import type { Random } from './random';
import type { RateLimiter } from './rate-limiter';
import type { Timers } from './timers';
import type { RecordedRequest, ResolvedSandboxOptions } from './types';

/** Everything the two listeners share. `options` is replaced as a whole by configure(). */
export interface SandboxState {
	options: ResolvedSandboxOptions;
	/** The profile named by `options.profile`: how requests are answered and new jobs run. */
	profile: SandboxProfile;
	storageUrl: string;
	accounts: Accounts;
	catalogue: Catalogue;
	engine: JobEngine;
	/** Drives failureRate; reseeded by configure({ seed }). */
	jobRandom: Random;
	faults: FaultInjector;
	rateLimiter: RateLimiter;
	timers: Timers;
	media: MediaFixtures;
	requests: RecordedRequest[];
}

export interface RequestContext {
	state: SandboxState;
	space: Space;
	body: unknown;
	query: Record<string, string>;
	/** Captured path segments of the route pattern. */
	params: string[];
}

/** A handler's answer before the response style is applied. `list` names the wrapper key for lists. */
export interface Reply {
	status: number;
	body: unknown;
	list?: 'voices' | 'avatars';
}

export type Handler = (context: RequestContext) => Reply;
