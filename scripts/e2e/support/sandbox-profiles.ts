import type { Sandbox, SandboxProfileName } from '../../../test/sandbox';

/**
 * The readings of the service a pause check runs against: the contract (every event delivered
 * four times in this suite) and the service's code (no callback for a failed generation; the
 * suite's repeated deliveries apply to it too).
 */
export const sandboxProfiles: readonly SandboxProfileName[] = ['contract', 'code'];

/**
 * Runs `start` with the sandbox on `profile`, then puts it back on the contract. Jobs keep the
 * profile they started under, so `start` must return once its jobs have started; what follows
 * may overlap with another profile's run.
 */
export async function underProfile<T>(sandbox: Sandbox, profile: SandboxProfileName, start: () => Promise<T>): Promise<T> {
	sandbox.configure({ profile });
	try {
		return await start();
	} finally {
		sandbox.configure({ profile: 'contract' });
	}
}
