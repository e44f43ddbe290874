import type { Sandbox } from '../../../test/sandbox';
import { fetchJson } from '../../n8n/http-json';
import { sandboxPost, type StartedJob } from './sandbox-api';
import { waitUntil } from './wait-until';

interface GenerationStatus {
	status: string;
	result?: { video_id: string };
}

/** Generates a video straight on the sandbox, as another client would, and returns its video id. */
export async function generatedVideoId(sandbox: Sandbox, prompt: string): Promise<string> {
	const { job_id: jobId } = await sandboxPost<StartedJob>(sandbox, '/generation/start', { prompt, duration: 10 });
	return await waitUntil(
		`generation ${jobId} to complete`,
		async () => {
			const job = await fetchJson<GenerationStatus>(`${sandbox.apiUrl}/generation/status/${jobId}`, {
				headers: { authorization: `Bearer ${sandbox.keys.main}` },
			});
			if (job.status === 'failed') throw new Error(`generation ${jobId} failed`);
			return job.status === 'completed' ? job.result?.video_id : undefined;
		},
		60_000,
		500,
	);
}

/** Whether the space of `apiKey` holds the generation job: its status reads 200, as the service's record says. */
export async function generationJobExists(sandbox: Sandbox, apiKey: string, jobId: string): Promise<boolean> {
	const response = await fetch(`${sandbox.apiUrl}/generation/status/${jobId}`, {
		headers: { authorization: `Bearer ${apiKey}` },
		signal: AbortSignal.timeout(30_000),
	});
	await response.arrayBuffer();
	return response.status === 200;
}
