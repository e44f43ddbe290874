/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test and tooling code runs in Node, not inside n8n */
import type { INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../sandbox';
import { runPresenterVideo, withSandbox } from '../nodes/PresenterVideo/presenterVideoKit';
import { invalidValues, seededRandom } from './invalidValues';
import { FUZZED_OPERATIONS, type FuzzedOperation, type FuzzedParameter } from './operations';

/**
 * Every operation of the Presenter Video node, every parameter, invalid values typed or mapped
 * (objects, lists, NaN, huge and invisible text): each must be refused by a node error that names
 * the field, before any request reaches the sandbox. FUZZ_SEED replays another seed.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const N8N_ERRORS = ['NodeOperationError', 'NodeApiError'];

interface Tally {
	tried: number;
	refused: number;
	reached: number;
	failures: string[];
}

function setPath(parameters: INodeParameters, path: string, value: unknown): INodeParameters {
	const [head, tail] = path.split('.');
	if (tail === undefined) return { ...parameters, [head]: value as INodeParameters[string] };
	const collection = (parameters[head] ?? {}) as INodeParameters;
	return { ...parameters, [head]: { ...collection, [tail]: value as INodeParameters[string] } };
}

function caseParameters(operation: FuzzedOperation, parameter: FuzzedParameter, value: unknown): INodeParameters {
	let parameters = operation.base;
	for (const [path, fixed] of Object.entries(parameter.with ?? {})) parameters = setPath(parameters, path, fixed);
	const placed = parameter.locator ? { __rl: true, mode: 'id', value } : value;
	return setPath(parameters, parameter.path, placed);
}

/** n8n refuses an empty required field itself, before the run: that counts as refused too. */
const N8N_REQUIRED_CHECK = 'WorkflowHasIssuesError';

async function runCase(sandbox: Sandbox, parameters: INodeParameters): Promise<{ error?: Error; failed: boolean }> {
	try {
		const result = await runPresenterVideo(sandbox, { parameters });
		return { error: result.errorOf('Presenter Video'), failed: result.status === 'error' };
	} catch (error) {
		return { error: error as Error, failed: true };
	}
}

function namesField(error: Error | undefined, field: string): boolean {
	if (!error) return false;
	if (error.name === N8N_REQUIRED_CHECK) return error.message.includes(`Parameter "${field}" is required`);
	return N8N_ERRORS.includes(error.name) && error.message.startsWith(`${field}:`);
}

function describeValue(value: unknown): string {
	const text = JSON.stringify(value) ?? String(value);
	return text.length > 50 ? `${text.slice(0, 50)}…` : text;
}

describe('fuzzing every parameter of every operation with invalid values', () => {
	let sandbox: Sandbox;
	const random = seededRandom(SEED);
	const total: Tally = { tried: 0, refused: 0, reached: 0, failures: [] };

	beforeAll(async () => (sandbox = await withSandbox()));
	afterAll(async () => {
		await sandbox.close();
		process.stdout.write(
			`Fuzz (seed ${SEED}): tried ${total.tried}, refused ${total.refused}, reached the sandbox ${total.reached}\n`,
		);
	});

	it.each(FUZZED_OPERATIONS.map((operation) => [operation.name, operation] as const))(
		'%s refuses each before any request, naming the field, with an n8n error',
		async (_, operation) => {
			const tally: Tally = { tried: 0, refused: 0, reached: 0, failures: [] };
			for (const parameter of operation.parameters) {
				for (const value of invalidValues(parameter.kind, random)) {
					sandbox.clearLog();
					const { error, failed } = await runCase(sandbox, caseParameters(operation, parameter, value));
					const reached = sandbox.requests.length > 0;
					const refused = !reached && failed && namesField(error, parameter.field);
					tally.tried++;
					if (reached) tally.reached++;
					if (refused) tally.refused++;
					else
						tally.failures.push(
							`${parameter.path} = ${describeValue(value)}: ${reached ? 'reached the sandbox; ' : ''}${error?.name ?? 'no error'}: ${error?.message ?? ''}`,
						);
				}
			}
			total.tried += tally.tried;
			total.refused += tally.refused;
			total.reached += tally.reached;
			expect(tally.failures).toEqual([]);
			expect(tally.refused).toBe(tally.tried);
		},
		60_000,
	);
});
