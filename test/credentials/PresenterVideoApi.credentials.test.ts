import { PresenterVideoApi } from '../../credentials/PresenterVideoApi.credentials';
import { PresenterVideo } from '../../nodes/PresenterVideo/PresenterVideo.node';
import { PresenterVideoTrigger } from '../../nodes/PresenterVideo/PresenterVideoTrigger.node';

describe('Presenter Video API credential', () => {
	const credential = new PresenterVideoApi();

	it('is tested by the nodes, not by a request of its own', () => {
		// n8n uses a credential's own `test` before any node's method; its request test shows bare error codes.
		expect('test' in credential).toBe(false);
	});

	it.each([
		['Presenter Video', new PresenterVideo()],
		['Presenter Video Trigger', new PresenterVideoTrigger()],
	])('is tested by %s with the method it carries', (_name, node) => {
		// n8n takes the method from whichever node using the credential it finds first.
		const usage = node.description.credentials?.find((entry) => entry.name === credential.name);
		expect(usage?.testedBy).toBe('presenterVideoApiTest');
		expect(typeof node.methods?.credentialTest?.presenterVideoApiTest).toBe('function');
	});
});
