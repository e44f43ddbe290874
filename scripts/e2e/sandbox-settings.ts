import type { SandboxOptions } from '../../test/sandbox';

/**
 * Jobs short enough for a quick run but long enough for several status polls (1 s interval).
 * Every webhook event is delivered four times (one delivery, three copies, as the service may),
 * with short retry gaps so duplicates arrive within a second or two.
 */
export const e2eSandboxOptions: Partial<SandboxOptions> = {
	timings: { generationMs: 3_000, exportMs: 2_000 },
	duplicateDeliveries: 3,
	webhookRetryDelaysMs: [300, 600, 1_200],
};
