/**
 * `n8n execute --rawOutput` prints log lines on the same stdout before (and sometimes after) the
 * pretty-printed run data, so the JSON is cut out between a line that is exactly `{` and the
 * next line that is exactly `}` (the top level of JSON.stringify(data, null, 2)).
 */
export function extractPrettyJson(stdout: string): unknown {
	const lines = stdout.split('\n');
	const start = lines.findIndex((line) => line === '{');
	const end = lines.findIndex((line, index) => index > start && line === '}');
	if (start === -1 || end === -1) throw new Error(`no JSON object in n8n output:\n${stdout.slice(-2000)}`);
	return JSON.parse(lines.slice(start, end + 1).join('\n'));
}
