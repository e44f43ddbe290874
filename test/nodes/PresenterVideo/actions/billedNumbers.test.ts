import type { INodeProperties } from 'n8n-workflow';

import { PresenterVideo } from '../../../../nodes/PresenterVideo/PresenterVideo.node';
import type { Sandbox } from '../../../sandbox';
import { PROMPT_GENERATE, runPresenterVideo, withSandbox } from '../presenterVideoKit';

/** Numbers that set what is billed, or the cap on it. */
const BILLED = ['width', 'height', 'duration', 'animateImageMax', 'maxCredits', 'videoLengthBound'];

function everyProperty(properties: INodeProperties[]): INodeProperties[] {
	return properties.flatMap((property) => [
		property,
		...everyProperty(
			(property.options ?? []).filter(
				(option): option is INodeProperties => 'displayName' in option && 'type' in option,
			),
		),
	]);
}

describe('billed numbers in the editor', () => {
	const billed = everyProperty(new PresenterVideo().description.properties).filter(
		(property) => property.type === 'number' && BILLED.includes(property.name),
	);

	it('has the billed numbers to check', () => {
		expect(new Set(billed.map((property) => property.name))).toEqual(new Set(BILLED));
	});

	it.each(BILLED)('%s has no bound or precision the editor would silently clamp or round to', (name) => {
		for (const property of billed.filter((candidate) => candidate.name === name)) {
			expect(property.typeOptions?.minValue).toBeUndefined();
			expect(property.typeOptions?.maxValue).toBeUndefined();
			expect(property.typeOptions?.numberPrecision).toBeUndefined();
		}
	});
});

describe('an out-of-range billed number, in a workflow', () => {
	let sandbox: Sandbox;
	beforeAll(async () => (sandbox = await withSandbox()));
	afterAll(async () => await sandbox.close());

	it.each([
		['width', 'Width', 5001],
		['height', 'Height', 0],
	])('%s is refused before any request, naming the field and the range', async (name, field, value) => {
		sandbox.clearLog();
		const result = await runPresenterVideo(sandbox, {
			parameters: { ...PROMPT_GENERATE, format: 'custom', width: 1080, height: 1920, [name]: value },
		});
		const error = result.errorOf('Presenter Video') as (Error & { description?: string }) | undefined;
		expect(error?.message).toBe(`${field}: ${value} is out of range`);
		expect(error?.description).toBe('Enter a number of pixels from 1 to 5000.');
		expect(sandbox.requests).toHaveLength(0);
	});
});
