/** Public types of the sandbox. Other test suites code against these names. */

export type ResponseStyle = 'bare' | 'wrapped';

/**
 * 'contract': answers as service-api.md says. 'code': answers as the service's code does where it
 * differs (observed-extras.md, "The service's code, read"); test/sandbox/README.md lists how.
 */
export type SandboxProfileName = 'contract' | 'code';

export type FaultKind = '500' | '503' | 'drop' | 'drop-after' | 'slow' | 'malformed-json';

/**
 * One fault-injection rule. The first rule that matches a request (and still has `times` left and
 * passes its `rate` roll) decides what happens to it.
 */
export interface FaultRule {
	/** Regular expression (a source string or a RegExp) tested against the request path, e.g. 'generation/status'. Omitted: any path. */
	path?: string | RegExp;
	/** HTTP method, case-insensitive. Omitted: any method. */
	method?: string;
	/** Which listener the rule watches. Default 'api'. */
	listener?: 'api' | 'storage';
	/**
	 * '500' / '503': answer with that status and a single-error body, without handling the request.
	 * 'drop': destroy the socket without any response, without handling the request.
	 * 'drop-after': handle the request fully (jobs are created, credits spent), then destroy the socket;
	 *   after `delayMs` when it is given.
	 * 'slow': wait `delayMs` (default 3000), then handle normally.
	 * 'malformed-json': answer 200 with a truncated JSON body, without handling the request.
	 */
	kind: FaultKind;
	/** How many requests this rule affects. Default: unlimited. */
	times?: number;
	/** Probability (0-1) that a matching request is affected, drawn from the seeded generator. Default 1. */
	rate?: number;
	/** Delay for 'slow' (default 3000 ms) and, when given, for 'drop-after'. */
	delayMs?: number;
}

export interface SandboxTimings {
	/** Total duration of a generation job, from start to completed. */
	generationMs: number;
	/** Total duration of an export job, from start to completed. */
	exportMs: number;
	/**
	 * When set, the times above are for a video of this many seconds, and each job takes its time
	 * in proportion to its video's length (a 60-second video twice the time of a 30-second one); 0
	 * turns it off.
	 */
	referenceSeconds?: number;
}

export interface RateLimitOptions {
	/** Requests allowed per workspace in any window, refused ones counted. */
	limit: number;
	/** Sliding window length: 60000 on the service; tests scale it down with the job timings. */
	windowMs: number;
}

export interface SandboxOptions {
	/** Which reading of the service to answer with. Default 'contract'. Jobs keep the profile they started under. */
	profile: SandboxProfileName;
	/** API listener port; 0 picks a free port. Host is always 127.0.0.1. Default 0. */
	port: number;
	/** Storage (CDN) listener port; 0 picks a free port. Default 0. */
	storagePort: number;
	/** Job durations. Default { generationMs: 20000, exportMs: 10000 }. */
	timings: Partial<SandboxTimings>;
	/** Probability (0-1) that a job fails with a random failure code of its kind. Default 0. */
	failureRate: number;
	/** Seed of the generators behind failureRate and fault rates, so a run can be replayed. Default 1. */
	seed: number;
	/** Waits before each webhook retry; one retry per entry. Default: the profile's, [1000, 2000, 4000] ('contract') or [1000, 2000] ('code'). */
	webhookRetryDelaysMs: number[];
	/** A delivery attempt not answered within this time counts as failed. Default 10000. */
	webhookTimeoutMs: number;
	/** Extra copies of each successful webhook delivery (at-least-once delivery). Default 0. */
	duplicateDeliveries: number;
	/** Send the `task` field (`video_generate` / `video_export`) in webhook bodies. Default true. The 'code' profile never sends it. */
	includeTask: boolean;
	/** Per-workspace sliding-window rate limit. Default { limit: 600, windowMs: 60000 }; the service has 100. */
	rateLimit: Partial<RateLimitOptions>;
	/** Fault-injection rules; replaced as a whole by configure(). Default []. */
	faults: FaultRule[];
	/** 'bare': lists as arrays, objects at top level. 'wrapped': { voices: [...] } / { avatars: [...] } and { data: {...} }. Default 'bare'. */
	responseStyle: ResponseStyle;
	/** Success status of generation start and export start. Default 200. */
	startStatus: 200 | 201;
	/** Starting balance of the `main` and `other` spaces (configure() resets both to it). Default 1000. */
	initialCredits: number;
	/** How far its clock (the Date and X-RateLimit-Reset headers) runs ahead of the host's, in ms; negative: behind. Default SANDBOX_CLOCK_SKEW_MS, else 0. */
	clockSkewMs: number;
}

export interface ResolvedSandboxOptions
	extends Omit<SandboxOptions, 'timings' | 'rateLimit' | 'webhookRetryDelaysMs'> {
	timings: SandboxTimings;
	rateLimit: RateLimitOptions;
	/** Unset: the profile's. */
	webhookRetryDelaysMs?: number[];
}

export interface RecordedRequest {
	/** Arrival time (epoch ms). */
	at: number;
	listener: 'api' | 'storage';
	method: string;
	/** Path without the query string, as received (API paths include /api/public/v1). */
	path: string;
	query: Record<string, string>;
	/** The token of a `Bearer` Authorization header. */
	apiKey?: string;
	/** The raw Authorization header, if any reached the listener. */
	authorization?: string;
	/** Parsed JSON body; the raw text when it was not JSON. */
	body?: unknown;
	/** Status sent; 0 while in flight or when the connection was dropped. */
	status: number;
	/** The injected fault that affected this request, if any. */
	fault?: FaultKind;
	/** Body bytes handed to the connection so far (storage's `/large.mp4` only). */
	bodyBytesSent?: number;
	/** The job a start created, also when its answer never reached the caller. */
	jobId?: string;
}

export interface WebhookDeliveryAttempt {
	/** Time the attempt was sent (epoch ms). */
	at: number;
	url: string;
	jobId: string;
	/** 1-based count of POSTs for this job's event, retries and duplicates included. */
	attempt: number;
	body: unknown;
	/** Receiver's HTTP status, when it answered. */
	status?: number;
	/** Network error or time-out, when it did not. */
	error?: string;
}

export interface SandboxKeys {
	/** Enterprise space A, plenty of credits. */
	main: string;
	/** A second key of space A: same credits, same rate-limit window. */
	mainSecond: string;
	/** Enterprise space B. */
	other: string;
	/** Start plan: every API call gives 403 plan_required. */
	starter: string;
	/** Enterprise space with about 1 credit. */
	poor: string;
}

export interface Sandbox {
	/** The spec's {base_url}, e.g. http://127.0.0.1:4010. */
	baseUrl: string;
	/** `${baseUrl}/api/public/v1`. */
	apiUrl: string;
	/** Second listener (different origin, like a CDN) serving MP4s, thumbnails and previews without a key. */
	storageUrl: string;
	keys: SandboxKeys;
	/** The profile requests are answered with now (options.profile). */
	readonly profile: SandboxProfileName;
	/** A completed, dashboard-created video (90 s, avatar visible 60 s) seeded in each Enterprise space; ids of the current profile. */
	readonly dashboardVideoIds: { main: string; other: string; poor: string };
	/** Every request received by both listeners, in arrival order. */
	requests: RecordedRequest[];
	/** Every webhook delivery attempt, in the order they finished. */
	webhookDeliveries: WebhookDeliveryAttempt[];
	configure(options: Partial<SandboxOptions>): void;
	setCredits(apiKey: string, credits: number): void;
	getCredits(apiKey: string): number;
	clearLog(): void;
	close(): Promise<void>;
}
