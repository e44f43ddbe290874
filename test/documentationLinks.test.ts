/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code runs in Node, not inside n8n */
import fs from 'node:fs';
import path from 'node:path';

import { PresenterVideoApi } from '../credentials/PresenterVideoApi.credentials';
import { PresenterVideo } from '../nodes/PresenterVideo/PresenterVideo.node';
import { PresenterVideoTrigger } from '../nodes/PresenterVideo/PresenterVideoTrigger.node';

const root = path.join(__dirname, '..');
const packageJson = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { homepage: string };
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

/** The repository's address, from the home page package.json names (`<repository>#readme`). */
const repositoryUrl = packageJson.homepage.replace(/#readme$/, '');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
	return heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N} _-]/gu, '')
		.replace(/ /g, '-');
}

const readmeAnchors = new Set(
	readme
		.split('\n')
		.filter((line) => /^#{1,6} /.test(line))
		.map((line) => anchorOf(line.replace(/^#+ /, ''))),
);

function codexUrls(file: string): string[] {
	const codex = JSON.parse(fs.readFileSync(path.join(root, 'nodes/PresenterVideo', file), 'utf8')) as {
		resources?: Record<string, Array<{ url: string }>>;
	};
	return Object.values(codex.resources ?? {}).flatMap((links) => links.map((link) => link.url));
}

const links: Array<[string, string]> = [
	...codexUrls('PresenterVideo.node.json').map((url): [string, string] => ['PresenterVideo.node.json', url]),
	...codexUrls('PresenterVideoTrigger.node.json').map((url): [string, string] => ['PresenterVideoTrigger.node.json', url]),
	['credential', new PresenterVideoApi().documentationUrl],
	...[new PresenterVideo(), new PresenterVideoTrigger()]
		.filter((node) => node.description.documentationUrl !== undefined)
		.map((node): [string, string] => [node.description.name, node.description.documentationUrl as string]),
];

describe('documentation links', () => {
	it('finds the links of both nodes and the credential', () => {
		expect(links.map(([owner]) => owner)).toEqual(
			expect.arrayContaining(['PresenterVideo.node.json', 'PresenterVideoTrigger.node.json', 'credential']),
		);
	});

	it("gives each node a documentation URL that n8n's editor opens as it is", () => {
		// The editor appends its tracking query to the codex's link, after the #section, which then
		// no longer leads to it; a node's documentationUrl starting with http is used unchanged.
		for (const node of [new PresenterVideo(), new PresenterVideoTrigger()]) {
			expect(node.description.documentationUrl).toMatch(/^https:\/\//);
		}
	});

	it.each(links)('%s links to the repository README or to docs.n8n.io: %s', (_owner, url) => {
		if (url.startsWith('https://docs.n8n.io/')) return;
		const [base, anchor] = url.split('#');
		expect(base).toBe(repositoryUrl);
		expect(readmeAnchors).toContain(anchor);
	});
});
