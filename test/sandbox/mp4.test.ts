import { loadMediaFixtures } from './media';
import { largeMp4Bounds, largeMp4Stream, planLargeMp4, topLevelBoxes } from './mp4';

const { mp4, jpeg, mp3 } = loadMediaFixtures();

async function collect(plan: ReturnType<typeof planLargeMp4>): Promise<Buffer> {
	let latin1 = '';
	for await (const chunk of largeMp4Stream(plan)) latin1 += (chunk as Buffer).toString('latin1');
	return Buffer.from(latin1, 'latin1');
}

describe('media fixtures', () => {
	it('are a small faststart MP4, a JPEG and an MP3', () => {
		expect(mp4.length).toBeLessThan(100 * 1024);
		expect(topLevelBoxes(mp4).map((box) => box.type)).toEqual(['ftyp', 'moov', 'free', 'mdat']);
		expect(jpeg.subarray(0, 3).toString('hex')).toBe('ffd8ff');
		expect(mp3.length).toBeGreaterThan(1000);
	});
});

describe('large MP4 plan', () => {
	it('produces exactly the requested size with a well-formed box tree', async () => {
		const bytes = mp4.length + 200_001;
		const file = await collect(planLargeMp4(mp4, bytes));
		expect(file.length).toBe(bytes);
		const boxes = topLevelBoxes(file);
		expect(boxes.map((box) => box.type)).toEqual(['ftyp', 'moov', 'free', 'mdat']);
		const mdat = boxes[3];
		expect(mdat && mdat.offset + mdat.size).toBe(bytes);
		// Everything up to the original samples is unchanged, so moov's sample offsets stay right.
		expect(file.subarray(0, mdat?.offset)).toEqual(mp4.subarray(0, mdat?.offset));
		expect(file.subarray(mdat!.offset + 8, mp4.length)).toEqual(mp4.subarray(mdat!.offset + 8));
		expect(file.subarray(mp4.length).every((byte) => byte === 0)).toBe(true);
	});

	it('returns the fixture itself at the minimum size', async () => {
		expect(await collect(planLargeMp4(mp4, mp4.length))).toEqual(mp4);
	});

	it('rejects sizes it cannot express', () => {
		const { min, max } = largeMp4Bounds(mp4);
		expect(() => planLargeMp4(mp4, min - 1)).toThrow(RangeError);
		expect(() => planLargeMp4(mp4, max + 1)).toThrow(RangeError);
		expect(() => planLargeMp4(mp4, 1.5e6 + 0.5)).toThrow(RangeError);
		expect(() => planLargeMp4(mp4, max)).not.toThrow();
	});
});
