import { execFileSync } from 'node:child_process';
import type { BackingServices } from './backing-services';

/** Rows of a query on the run's database, as tab-separated text lines (psql's unaligned output). */
export function queryRows(services: BackingServices, sql: string): string[][] {
	const output = execFileSync(
		'su',
		['postgres', '-c', `psql -v ON_ERROR_STOP=1 -At -F '\t' -d ${services.database.name} -c ${JSON.stringify(sql)}`],
		{ encoding: 'utf8' },
	);
	return output
		.split('\n')
		.filter((line) => line !== '')
		.map((line) => line.split('\t'));
}

/** Binary data rows (database mode) that belong to no execution in the database. */
export function orphanBinaryRows(services: BackingServices): string[][] {
	return queryRows(
		services,
		`SELECT "fileId", "sourceType", "sourceId" FROM binary_data b WHERE NOT ("sourceType" = 'execution' AND EXISTS (SELECT 1 FROM execution_entity e WHERE e.id::text = b."sourceId"))`,
	);
}
