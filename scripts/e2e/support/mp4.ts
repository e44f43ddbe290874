/** An ISO base media file (MP4) starts with a box whose type, at offset 4, is `ftyp`. */
export function isMp4(bytes: Buffer): boolean {
	return bytes.length > 8 && bytes.subarray(4, 8).toString('latin1') === 'ftyp';
}
