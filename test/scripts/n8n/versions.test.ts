import { compareVersions, installProfile, parseVersion } from '../../../scripts/n8n/versions';

describe('n8n releases for the end-to-end kits', () => {
	it('takes any 1.x or 2.x release number and nothing else', () => {
		expect(['2.0.3', '2.20.12', '2.41.1', '1.123.81'].map(parseVersion)).toEqual(['2.0.3', '2.20.12', '2.41.1', '1.123.81']);
		expect(['3.0.0', '0.236.0', '2.41', 'latest', '2.41.1-rc.1', ''].map(parseVersion)).toEqual(Array(6).fill(undefined));
	});

	it('orders releases by number, not by text', () => {
		const sorted = ['2.41.1', '2.0.3', '1.123.81', '2.20.12', '2.9.0'].sort(compareVersions);
		expect(sorted).toEqual(['1.123.81', '2.0.3', '2.9.0', '2.20.12', '2.41.1']);
	});

	it('runs 2.x on Node 24 and 1.x on the machine’s Node', () => {
		expect(installProfile('2.0.3').needsNode24).toBe(true);
		expect(installProfile('1.123.81').needsNode24).toBe(false);
	});

	it('pins xlsx where the tree points it outside the registry, and linkedom from 2.41 on', () => {
		for (const version of ['1.123.81', '2.0.3', '2.20.12', '2.40.7']) {
			expect(installProfile(version).overrides).toEqual({ xlsx: '0.18.5' });
		}
		expect(installProfile('2.41.1').overrides).toEqual({ linkedom: '0.18.13', '@tiptap/extension-floating-menu': '3.34.0' });
	});
});
