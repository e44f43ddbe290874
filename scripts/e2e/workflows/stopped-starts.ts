import type { Sandbox } from '../../../test/sandbox';
import type { N8nExport } from '../../n8n/instance';
import { presenterCredentialExport } from './credential';
import { promptBatch } from './prompt-batch';
import type { CredentialRef } from './workflow-json';

export const stoppedStartsPromptLabel = 'Stopped batch item';

/**
 * The sandbox's second space, on its own key: a request budget of its own in n8n, which no earlier
 * scenario's calls have warmed up, so the batch's first start goes alone and the next ones wait
 * for its answer.
 */
const secondSpaceCredential: CredentialRef = { id: 'PresenterVidSpaceB', name: 'Presenter Video API, second space' };

export function secondSpaceCredentialExport(sandbox: Sandbox): N8nExport {
	return presenterCredentialExport(sandbox.keys.other, sandbox.baseUrl, secondSpaceCredential);
}

/**
 * Webhook → `body.count` prompts → Video Generate without waiting, each item's prompt its
 * Idempotency Key, so that a run again reuses the jobs an earlier run started.
 */
export const stoppedStarts = promptBatch(
	{ id: 'E2eStoppedStarts1', path: 'e2e-stopped-starts', webhookId: '0c1d2e3f-0031-4a00-8000-00000000e331' },
	'none',
	stoppedStartsPromptLabel,
	{ credential: secondSpaceCredential, options: { idempotencyKey: '={{ $json.prompt }}' } },
);
