/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import { readFileSync } from 'fs';
import type { IHookFunctions, INode, INodeProperties } from 'n8n-workflow';
import { join } from 'path';

import { PresenterVideoTrigger } from '../../../nodes/PresenterVideo/PresenterVideoTrigger.node';
import { triggerNode } from './triggerTestKit';

const root = join(__dirname, '../../..');

function hookContext(node: INode): IHookFunctions {
	return {
		getNode: () => node,
		getNodeParameter: (name: string, fallback?: unknown) => node.parameters[name] ?? fallback,
	} as unknown as IHookFunctions;
}

describe('PresenterVideoTrigger description', () => {
	const { description, webhookMethods } = new PresenterVideoTrigger();

	it('is a webhook trigger with no inputs, not offered as an AI tool', () => {
		expect(description).toMatchObject({
			displayName: 'Presenter Video Trigger',
			name: 'presenterVideoTrigger',
			group: ['trigger'],
			inputs: [],
			outputs: ['main'],
		});
		expect(description.usableAsTool).toBeUndefined();
		expect(description.webhooks).toEqual([
			expect.objectContaining({
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				path: 'presenter-video',
			}),
		]);
	});

	it('makes the credential optional: only Confirm With API uses it', () => {
		expect(description.credentials).toEqual([
			{ name: 'presenterVideoApi', required: false, testedBy: 'presenterVideoApiTest' },
		]);
	});

	it('asks for the events, with the four job events', () => {
		const events = description.properties.find((property) => property.name === 'events') as INodeProperties;
		expect(events).toMatchObject({ displayName: 'Trigger On', type: 'multiOptions', required: true });
		expect(events.options?.map((option) => ('value' in option ? option.value : undefined)).sort()).toEqual([
			'export.completed',
			'export.failed',
			'generation.completed',
			'generation.failed',
		]);
	});

	it('selects the event the service sends by default', () => {
		const events = description.properties.find((property) => property.name === 'events') as INodeProperties;
		expect(events.default).toEqual(['generation.completed']);
	});

	it("leads the nodes panel's first action to the event the service sends", () => {
		// n8n's editor lists a trigger's actions from the first parameter displayed as Event, Events
		// or Trigger On, one per option in order, each setting that parameter to its option alone.
		const listed = description.properties.find((property) =>
			['event', 'events', 'trigger on'].includes(property.displayName.toLowerCase()),
		) as INodeProperties;
		const [first, ...others] = listed.options as Array<{ value: string; description: string }>;
		expect(listed.name).toBe('events');
		expect(first.value).toBe('generation.completed');
		expect(first.description).toMatch(/sends this event today/);
		for (const other of others) expect(other.description).toMatch(/does not send this event today/);
	});

	it('tells the user where the URL goes, before anything else', () => {
		const [notice] = description.properties;
		expect(notice.type).toBe('notice');
		expect(notice.displayName).toMatch(/Production URL/);
		expect(notice.displayName).toMatch(/Webhook URL/);
		expect(notice.displayName).toMatch(/active|published/);
		// The URLs sit in a collapsed panel at the top, not "above"; the test URL works while listening.
		expect(notice.displayName).not.toMatch(/URL above/);
		expect(notice.displayName).toMatch(/Test URL/);
		// Which events the service really sends.
		expect(notice.displayName).toMatch(/only when a generation completes/);
	});

	it('keeps the secret hidden in the editor and explains the URL parameter', () => {
		const options = description.properties.find((property) => property.name === 'options') as INodeProperties;
		const secret = (options.options as INodeProperties[]).find((option) => option.name === 'secret') as INodeProperties;
		expect(secret.typeOptions).toEqual({ password: true });
		expect(secret.description).toMatch(/\?secret=/);
	});

	it('ships a codex file named after the package and registered in package.json', () => {
		const codex = JSON.parse(readFileSync(join(root, 'nodes/PresenterVideo/PresenterVideoTrigger.node.json'), 'utf8'));
		const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
		expect(codex.node).toBe(`${pkg.name}.presenterVideoTrigger`);
		expect(codex.categories.length).toBeGreaterThan(0);
		expect(pkg.n8n.nodes).toContain('dist/nodes/PresenterVideo/PresenterVideoTrigger.node.js');
	});

	describe('webhook lifecycle (the service has no registration endpoint)', () => {
		const methods = webhookMethods.default;

		it('lets n8n run create on every activation, and deletes nothing remote', async () => {
			const context = hookContext(triggerNode({ events: ['export.completed'] }, false));
			expect(await methods.checkExists.call(context)).toBe(false);
			expect(await methods.create.call(context)).toBe(true);
			expect(await methods.delete.call(context)).toBe(true);
		});

		it('refuses to activate Confirm With API without a credential', async () => {
			const withoutCredential = hookContext(
				triggerNode({ events: ['export.completed'], options: { confirmWithApi: true } }, false),
			);
			await expect(methods.create.call(withoutCredential)).rejects.toThrow(
				'Confirm With API needs a Presenter Video API credential',
			);
			const withCredential = hookContext(
				triggerNode({ events: ['export.completed'], options: { confirmWithApi: true } }),
			);
			expect(await methods.create.call(withCredential)).toBe(true);
		});
	});
});
