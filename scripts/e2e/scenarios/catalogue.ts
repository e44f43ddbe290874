/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import assert from 'node:assert/strict';
import { nodeOutputJson } from '../../n8n/public-api';
import type { Scenario } from '../scenario';
import { finishedExecutions } from '../support/executions';
import { jsonOf, postToWebhook } from '../support/webhook-call';
import { catalogueWorkflow, catalogueWorkflowId, cataloguePath } from '../workflows/catalogue';

function assertEntries(entries: Array<Record<string, unknown>>, what: string, fields: string[]): void {
	assert.ok(entries.length > 20, `${what}: expected more than 20, got ${entries.length}`);
	for (const entry of entries) {
		for (const field of fields) assert.ok(entry[field] !== undefined, `${what}: ${String(entry.id)} has no ${field}`);
	}
	assert.equal(new Set(entries.map((entry) => entry.id)).size, entries.length, `${what}: ids are not unique`);
}

export const catalogueScenario: Scenario = {
	name: 'list voices and avatars',
	workflows: [catalogueWorkflow],
	async run({ instance, api }) {
		const answered = jsonOf(await postToWebhook(instance, cataloguePath, {}), 'catalogue webhook');
		assert.ok(Array.isArray(answered), 'the webhook answers with the list of avatars');

		const [execution] = await finishedExecutions(api, catalogueWorkflowId, 1);
		assert.equal(execution.status, 'success');
		const voices = nodeOutputJson(execution, 'List voices');
		const avatars = nodeOutputJson(execution, 'List avatars');
		assertEntries(voices, 'voices', ['id', 'name', 'language', 'gender', 'tags']);
		assertEntries(avatars, 'avatars', ['id', 'name', 'gender', 'place', 'format', 'model_available']);
		assert.equal(answered.length, avatars.length, 'the webhook answer holds every avatar');
		for (const avatar of avatars) assert.ok(Array.isArray(avatar.model_available) && avatar.model_available.length > 0);
	},
};
