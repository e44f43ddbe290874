import type { N8nExport } from '../n8n/instance';
import type { CredentialData } from './presenter-service';

export const credentialType = 'presenterVideoApi';

/** Fixed id and name: every start updates the same credential, and example workflows are wired to it. */
export const demoCredentialRef = { id: 'PresenterVidCred', name: 'Presenter Video API' } as const;

/** Plain `data`: n8n encrypts it with the instance key on import. */
export function demoCredential(data: CredentialData): N8nExport {
	return { ...demoCredentialRef, type: credentialType, data };
}
