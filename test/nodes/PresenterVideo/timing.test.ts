/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- the test reads the source tree and the docs */
import { readdirSync, readFileSync } from 'fs';
import { join, relative } from 'path';

import { TIMING } from '../../../nodes/PresenterVideo/timing';
import { waitOptionFields } from '../../../nodes/PresenterVideo/wait/fields';

const ROOT = join(__dirname, '../../..');
const NODE_DIR = join(ROOT, 'nodes/PresenterVideo');

function sourceFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return sourceFiles(path);
		return entry.name.endsWith('.ts') ? [path] : [];
	});
}

/** A duration named as such (…Ms, …Minutes, …Hours) given a number other than 0. */
const DECLARED_DURATION = /\b[A-Za-z_]*(?:MS|Ms|MINUTES|Minutes|HOURS|Hours)\s*[:=]\s*[1-9]/;

describe('the timing table', () => {
	it('is the only place a duration the node waits by is declared', () => {
		const declared = sourceFiles(NODE_DIR)
			.filter((path) => !path.endsWith('timing.ts'))
			.flatMap((path) =>
				readFileSync(path, 'utf8')
					.split('\n')
					.filter((line) => DECLARED_DURATION.test(line))
					.map((line) => `${relative(ROOT, path)}: ${line.trim()}`),
			);
		expect(declared).toEqual([]);
	});

	it("gives the Max Wait field the default the node waits by (n8n's linter wants a literal there)", () => {
		const maxWait = waitOptionFields.find((field) => field.name === 'maxWaitMinutes');
		expect(maxWait?.default).toBe(TIMING.maxWaitMinutes.default);
	});

	it('is shown whole in docs/architecture.md', () => {
		const architecture = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
		const table = architecture.slice(architecture.indexOf('| Bound | Value | From |'));
		const missing = Object.keys(TIMING).filter((name) => !table.includes(`\`${name}\``));
		expect(missing).toEqual([]);
	});
});
