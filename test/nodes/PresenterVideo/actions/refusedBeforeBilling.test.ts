import { PresenterVideo } from '../../../../nodes/PresenterVideo/PresenterVideo.node';
import type { Sandbox } from '../../../sandbox';
import { apiRequests, runPresenterVideo, withSandbox } from '../presenterVideoKit';

const create = {
	resource: 'video',
	operation: 'create',
	inputMethod: 'prompt',
	prompt: 'Coffee',
	duration: 30,
	avatar: { __rl: true, mode: 'id', value: 'av_liam_office' },
};

describe('an avatar model is checked against the avatar', () => {
	let sandbox: Sandbox;
	beforeAll(async () => (sandbox = await withSandbox()));
	afterAll(async () => await sandbox.close());

	it('refuses a model the chosen avatar does not list, before the generation is started', async () => {
		sandbox.clearLog();
		const result = await runPresenterVideo(sandbox, {
			parameters: { ...create, options: { avatarModel: 'ultra' } },
		});
		expect(result.errorOf('Presenter Video')?.message).toContain('Avatar Model: "ultra" is not offered');
		expect(apiRequests(sandbox, '/start', 'POST')).toHaveLength(0);
	});
});

describe('field definitions', () => {
	it('lets Duration through as typed, so the node gives its range error instead of raising 5 to 10', () => {
		const durations = new PresenterVideo().description.properties.filter((field) => field.name === 'duration');
		expect(durations.length).toBeGreaterThan(0);
		for (const field of durations) {
			expect(field.typeOptions?.minValue).toBeUndefined();
			expect(field.typeOptions?.maxValue).toBeUndefined();
		}
	});

	it('offers the space-library switches, on by default', () => {
		const names = new PresenterVideo().description.properties
			.filter((field) => field.name === 'options')
			.flatMap((field) => (field.options ?? []) as Array<{ name: string; default?: unknown }>);
		for (const name of ['useSpaceMedia', 'saveMediaToSpace']) {
			expect(names.find((option) => option.name === name)?.default).toBe(true);
		}
	});
});
