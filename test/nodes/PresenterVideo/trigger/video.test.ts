import type { INodeExecutionData } from 'n8n-workflow';

import { isServiceStorageUrl } from '../../../../nodes/PresenterVideo/trigger/video';
import { type LocalService, startLocalService } from '../../../harness/fixtures/local-service';
import { type Sandbox, startSandbox } from '../../../sandbox';
import { ALL_EVENTS, triggerNode, TriggerUnderTest } from '../triggerTestKit';

describe('the service storage host', () => {
	const api = 'https://api.presenter.example';

	it.each([
		['the API host itself', 'https://api.presenter.example/videos/a.mp4'],
		['a sibling under the same parent domain', 'https://cdn.presenter.example/videos/a.mp4'],
	])('accepts %s', (_, url) => {
		expect(isServiceStorageUrl(url, api)).toBe(true);
	});

	it.each([
		['another domain', 'https://evil.example/a.mp4'],
		['a look-alike that only starts with the domain', 'https://cdn.presenter.example.evil.net/a.mp4'],
		['plain http when the API uses https', 'http://cdn.presenter.example/a.mp4'],
		['user info in the address', 'https://user:pw@cdn.presenter.example/a.mp4'],
		['a file address', 'file:///etc/passwd'],
		['no address at all', 'not a url'],
	])('refuses %s', (_, url) => {
		expect(isServiceStorageUrl(url, api)).toBe(false);
	});

	it('only accepts the very origin for an IP address or a two-label domain: another port is not enough', () => {
		expect(isServiceStorageUrl('http://127.0.0.1:8000/a.mp4', 'http://127.0.0.1:8000')).toBe(true);
		expect(isServiceStorageUrl('http://127.0.0.1:9000/a.mp4', 'http://127.0.0.1:8000')).toBe(false);
		expect(isServiceStorageUrl('https://api.presenter.example:8443/a.mp4', api)).toBe(false);
		expect(isServiceStorageUrl('https://cdn.presenter.example:8443/a.mp4', api)).toBe(false);
		expect(isServiceStorageUrl('http://127.0.0.2/a.mp4', 'http://127.0.0.1:8000')).toBe(false);
		expect(isServiceStorageUrl('https://other.example.com/a.mp4', 'https://example.com')).toBe(false);
	});

	it('accepts the credential’s Storage URL, by its whole origin', () => {
		const storage = 'http://127.0.0.1:9000';
		expect(isServiceStorageUrl('http://127.0.0.1:9000/videos/a.mp4', 'http://127.0.0.1:8000', storage)).toBe(true);
		expect(isServiceStorageUrl('http://127.0.0.1:9001/videos/a.mp4', 'http://127.0.0.1:8000', storage)).toBe(false);
		expect(isServiceStorageUrl('https://127.0.0.1:9000/videos/a.mp4', 'http://127.0.0.1:8000', storage)).toBe(false);
	});
});

describe('Download Video without Confirm With API, in the execution', () => {
	let sandbox: Sandbox;
	let elsewhere: LocalService;

	beforeAll(async () => {
		sandbox = await startSandbox({ timings: { generationMs: 200, exportMs: 200 } });
		elsewhere = await startLocalService((_request, res) => res.end('not a video'));
	});

	afterAll(async () => {
		await elsewhere.close();
		await sandbox.close();
	});

	const forged = (videoUrl: string) => ({
		body: { job_id: 'export_forged1', status: 'completed', task: 'video_export', result: { video_url: videoUrl } },
	});

	it('fetches nothing from a host other than the service’s, and says why', async () => {
		const trigger = new TriggerUnderTest(
			triggerNode({ events: ALL_EVENTS, options: { downloadVideo: true } }),
			sandbox,
		);
		const run = await trigger.deliver(forged(`${elsewhere.url.replace('127.0.0.1', 'localhost')}/x.mp4`));
		const execution = await trigger.execute(run);
		const item = execution.outputOf('Presenter Video Trigger')[0] as INodeExecutionData;

		expect(elsewhere.requests).toHaveLength(0);
		expect(item.binary).toBeUndefined();
		expect(item.json.downloadError).toMatch(/not the service's storage/);
	});

	it('fetches nothing without a credential to tell the storage host', async () => {
		const trigger = new TriggerUnderTest(triggerNode({ events: ALL_EVENTS, options: { downloadVideo: true } }, false));
		const execution = await trigger.execute(await trigger.deliver(forged(`${elsewhere.url}/x.mp4`)));

		expect(elsewhere.requests).toHaveLength(0);
		expect(execution.outputOf('Presenter Video Trigger')[0].json.downloadError).toMatch(/credential/);
	});
});
