import type { N8nInstance } from '../../n8n/instance';

interface NodeTypeDescription {
	name: string;
	version: number | number[];
}

/**
 * The node types a running n8n has loaded, built-in and community alike, each with the type
 * versions it accepts: the list the editor loads from `/types/nodes.json`.
 */
export async function loadedNodeTypes(instance: N8nInstance): Promise<Map<string, number[]>> {
	const descriptions = await (await instance.login()).getJson<NodeTypeDescription[]>('/types/nodes.json');
	const types = new Map<string, number[]>();
	for (const { name, version } of descriptions) {
		types.set(name, [...(types.get(name) ?? []), ...(Array.isArray(version) ? version : [version])]);
	}
	return types;
}
