/** Rows of a CSV text (RFC 4180 quoting) as objects keyed by the header row. */
export function parseCsv(text: string): Array<Record<string, string>> {
	const [header, ...rows] = splitRecords(text.replace(/^\uFEFF/, ''));
	if (header === undefined) return [];
	return rows
		.filter((row) => row.some((cell) => cell !== ''))
		.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] ?? ''])));
}

function splitRecords(text: string): string[][] {
	const records: string[][] = [];
	let record: string[] = [];
	let cell = '';
	let quoted = false;
	for (let index = 0; index < text.length; index += 1) {
		const char = text[index];
		if (quoted) {
			if (char === '"' && text[index + 1] === '"') {
				cell += '"';
				index += 1;
			} else if (char === '"') quoted = false;
			else cell += char;
		} else if (char === '"') quoted = true;
		else if (char === ',') {
			record.push(cell);
			cell = '';
		} else if (char === '\n' || char === '\r') {
			if (char === '\r' && text[index + 1] === '\n') index += 1;
			record.push(cell);
			records.push(record);
			record = [];
			cell = '';
		} else cell += char;
	}
	if (cell !== '' || record.length > 0) records.push([...record, cell]);
	return records;
}

export function toCsv(header: string[], rows: Array<Array<string | number>>): string {
	const quote = (value: string | number) =>
		/[",\r\n]/.test(String(value)) ? `"${String(value).replace(/"/g, '""')}"` : String(value);
	return `${[header, ...rows].map((row) => row.map(quote).join(',')).join('\n')}\n`;
}
