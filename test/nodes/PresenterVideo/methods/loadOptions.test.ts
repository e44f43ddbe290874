import { LoadOptionsContext } from 'n8n-core';
import { Workflow, type INode, type INodeParameters, type IWorkflowExecuteAdditionalData } from 'n8n-workflow';

import { getAvatarModels } from '../../../../nodes/PresenterVideo/methods/loadOptions';
import { PresenterVideo } from '../../../../nodes/PresenterVideo/PresenterVideo.node';
import { HarnessNodeTypes } from '../../../harness/node-types';

/** The picker's context as n8n's editor builds it: the node's current parameters, and no others. */
function editorContext(parameters: INodeParameters): LoadOptionsContext {
	const node: INode = {
		id: 'pv',
		name: 'Presenter Video',
		type: 'presenterVideo',
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const nodeTypes = new HarnessNodeTypes({ presenterVideo: new PresenterVideo() });
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const additionalData = { currentNodeParameters: parameters } as unknown as IWorkflowExecuteAdditionalData;
	return new LoadOptionsContext(workflow, node, additionalData, 'parameters.avatarModel');
}

describe('the Avatar Model picker', () => {
	it('answers on Video > Export, which has no Avatar field, with every model', async () => {
		const context = editorContext({ resource: 'video', operation: 'export', videoId: 'vid_1' });
		const options = await getAvatarModels.call(context);
		expect(options.map((option) => option.value)).toEqual(['', 'standard', 'premium', 'ultra', 'veo-3-fast', 'veo-3']);
	});
});
