import type { N8nExport } from '../../n8n/instance';
import type { CredentialRef } from './workflow-json';

export const presenterCredentialType = 'presenterVideoApi';

/** The examples are wired to this same id and name, so they run unchanged wherever it exists. */
export const presenterCredential: CredentialRef = { id: 'PresenterVidCred', name: 'Presenter Video API' };

/** Plain `data`: n8n encrypts it with the instance key on import; `extra` sets more of its fields. */
export function presenterCredentialExport(
	apiKey: string,
	baseUrl: string,
	credential: CredentialRef = presenterCredential,
	extra: Record<string, unknown> = {},
): N8nExport {
	return { ...credential, type: presenterCredentialType, data: { apiKey, baseUrl, ...extra } };
}
