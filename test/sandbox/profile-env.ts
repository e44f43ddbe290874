import { isProfileName, PROFILE_NAMES } from './profiles';
import type { SandboxProfileName } from './types';

/** The environment variable the CLI and `npm start` read the sandbox's profile from. */
export const SANDBOX_PROFILE_VARIABLE = 'SANDBOX_PROFILE';

/** The profile the environment asks for; unset or empty means 'contract'. */
export function profileFromEnv(env: NodeJS.ProcessEnv): SandboxProfileName {
	const raw = env[SANDBOX_PROFILE_VARIABLE]?.trim() ?? '';
	if (raw === '') return 'contract';
	if (!isProfileName(raw)) {
		throw new Error(`${SANDBOX_PROFILE_VARIABLE} must be ${PROFILE_NAMES.join(' or ')} (got "${raw}")`);
	}
	return raw;
}
