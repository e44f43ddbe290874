/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-imports -- test and tooling code runs in Node, not inside n8n */
import { execFileSync } from 'node:child_process';
import type { BackingServices } from './backing-services';

/** Rows of a query on the run's database, as tab-separated text lines (psql's unaligned output). */
export function queryRows(services: BackingServices, sql: string): string[][] {
	const output = execFileSync(
		'su',
		['postgres', '-c', `psql -v ON_ERROR_STOP=1 -At -F '\t' -d ${services.database.name} -c ${JSON.stringify(sql)}`],
		// From the root: the postgres user may not enter the run's folder, and psql would say so.
		{ encoding: 'utf8', cwd: '/' },
	);
	return output
		.split('\n')
		.filter((line) => line !== '')
		.map((line) => line.split('\t'));
}

/**
 * Binary data rows (database mode) that no saved execution refers to. A row a webhook stored
 * before its execution existed keeps the source id `temp` (n8n renames it only in regular mode),
 * so the reference is looked for in the executions' data, not in the source id.
 */
export function orphanBinaryRows(services: BackingServices): string[][] {
	return queryRows(
		services,
		`SELECT "fileId", "sourceType", "sourceId" FROM binary_data b WHERE NOT EXISTS (SELECT 1 FROM execution_data d WHERE d.data LIKE '%' || b."fileId" || '%')`,
	);
}

/** Binary data rows still filed under n8n's temporary execution id. */
export function tempBinaryRowCount(services: BackingServices): number {
	return Number(queryRows(services, `SELECT count(*) FROM binary_data WHERE "sourceId" = 'temp'`)[0][0]);
}
