/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import { Readable } from 'node:stream';

export interface Mp4Box {
	type: string;
	offset: number;
	size: number;
}

/** Top-level ISO-BMFF boxes (32-bit sizes only, which is all the small fixture uses). */
export function topLevelBoxes(file: Buffer): Mp4Box[] {
	const boxes: Mp4Box[] = [];
	for (let offset = 0; offset + 8 <= file.length; ) {
		const size = file.readUInt32BE(offset);
		const type = file.toString('latin1', offset + 4, offset + 8);
		if (size < 8 || offset + size > file.length)
			throw new Error(`Unsupported or corrupt box "${type}" at ${offset}`);
		boxes.push({ type, offset, size });
		offset += size;
	}
	return boxes;
}

export interface LargeMp4Plan {
	/** The fixture in three slices, with a new mdat header whose size covers the padding. */
	head: Buffer[];
	paddingBytes: number;
}

/**
 * A valid MP4 of exactly `totalBytes`: the fixture (moov first, mdat last) whose mdat box is grown
 * with zero bytes. Sample offsets in moov stay valid because nothing before mdat's payload moves.
 */
export function planLargeMp4(fixture: Buffer, totalBytes: number): LargeMp4Plan {
	const { min, max } = largeMp4Bounds(fixture);
	if (!Number.isSafeInteger(totalBytes) || totalBytes < min || totalBytes > max) {
		throw new RangeError(`bytes must be an integer from ${min} to ${max}`);
	}
	const mdat = mdatBox(fixture);
	const mdatHeader = Buffer.alloc(8);
	mdatHeader.writeUInt32BE(totalBytes - mdat.offset, 0);
	mdatHeader.write('mdat', 4, 'latin1');
	return {
		head: [fixture.subarray(0, mdat.offset), mdatHeader, fixture.subarray(mdat.offset + 8)],
		paddingBytes: totalBytes - fixture.length,
	};
}

/** The mdat size field is 32 bits, which bounds the file at just under 4 GiB past mdat's start. */
export function largeMp4Bounds(fixture: Buffer): { min: number; max: number } {
	return { min: fixture.length, max: mdatBox(fixture).offset + 0xffffffff };
}

const ZEROS = Buffer.alloc(64 * 1024);

/**
 * Streams the plan in 64 KiB chunks: memory stays flat whatever the size. With `cutAfter`, the
 * stream fails once that many bytes went out, which cuts a response it is piped into.
 */
export function largeMp4Stream(plan: LargeMp4Plan, cutAfter = Number.POSITIVE_INFINITY): Readable {
	const head = [...plan.head];
	let remaining = plan.paddingBytes;
	let sent = 0;
	return new Readable({
		read() {
			const chunk = nextChunk();
			if (chunk === null) {
				this.push(null);
			} else if (sent >= cutAfter) {
				this.destroy(new Error(`cut after ${cutAfter} bytes`));
			} else {
				const part = chunk.subarray(0, Math.min(chunk.length, cutAfter - sent));
				sent += part.length;
				this.push(part);
			}
		},
	});

	function nextChunk(): Buffer | null {
		const next = head.shift();
		if (next) return next;
		if (remaining <= 0) return null;
		const size = Math.min(remaining, ZEROS.length);
		remaining -= size;
		return size === ZEROS.length ? ZEROS : ZEROS.subarray(0, size);
	}
}

function mdatBox(fixture: Buffer): Mp4Box {
	const boxes = topLevelBoxes(fixture);
	const last = boxes[boxes.length - 1];
	if (!last || last.type !== 'mdat') throw new Error('The MP4 fixture must end with its mdat box');
	return last;
}
