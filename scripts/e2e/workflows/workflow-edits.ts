import type { Workflow, WorkflowNode } from './workflow-json';

/**
 * A copy of `workflow` under a new id and name where some nodes are swapped for stand-ins that
 * need no outside service. A stand-in takes the replaced node's name and place, so connections
 * and expressions that name it keep working; the replaced node's pinned data goes with it.
 */
export function withStandIns(
	workflow: Workflow,
	id: string,
	name: string,
	standIns: Record<string, Omit<WorkflowNode, 'name' | 'position' | 'id'> & { id?: string }>,
	adjust: (node: WorkflowNode) => WorkflowNode = (node) => node,
): Workflow {
	for (const replaced of Object.keys(standIns)) {
		if (!workflow.nodes.some((node) => node.name === replaced))
			throw new Error(`${workflow.id} has no node "${replaced}"`);
	}
	const nodes = workflow.nodes.map((node) => {
		const standIn = standIns[node.name];
		return adjust(standIn ? { id: `${node.id}-stand-in`, ...standIn, name: node.name, position: node.position } : node);
	});
	const pinData = Object.fromEntries(
		Object.entries(workflow.pinData ?? {}).filter(([nodeName]) => standIns[nodeName] === undefined),
	);
	return { ...structuredClone(workflow), id, name, nodes: structuredClone(nodes), active: false, pinData };
}
