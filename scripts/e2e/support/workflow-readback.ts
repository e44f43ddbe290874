import { fetchJson } from '../../n8n/http-json';
import type { N8nInstance } from '../../n8n/instance';
import type { Workflow } from '../workflows/workflow-json';

/** Reads workflows back through n8n's public API, as stored after import. */
export async function workflowReader(instance: N8nInstance): Promise<(id: string) => Promise<Workflow>> {
	const apiKey = await instance.createApiKey(`e2e-readback-${Date.now()}`);
	return async (id) =>
		await fetchJson<Workflow>(`${instance.baseUrl}/api/v1/workflows/${id}`, { headers: { 'X-N8N-API-KEY': apiKey } });
}
