/* eslint-disable @n8n/community-nodes/require-node-api-error -- test and tooling code runs in Node, not inside n8n */
import { buildAndPackPackage } from '../n8n/package-tarball';
import { makeTempDir } from './support/temp-dir';

/** Builds and packs the package into a fresh temporary folder, removed by `dispose`. */
export async function buildAndPack(): Promise<{ tarball: string; dispose: () => void }> {
	const packDir = makeTempDir('presenter-video-pack-');
	const dispose = () => packDir.remove();
	try {
		return { tarball: await buildAndPackPackage(packDir.path), dispose };
	} catch (error) {
		dispose();
		throw error;
	}
}
