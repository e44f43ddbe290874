/* eslint-disable @n8n/community-nodes/require-node-api-error -- test and tooling code runs in Node, not inside n8n */
import { InputError } from '../../../nodes/PresenterVideo/input/validation';

/** The InputError a check throws; fails the test when the input is accepted. */
export function refusal(check: () => unknown): InputError {
	try {
		check();
	} catch (error) {
		if (error instanceof InputError) return error;
		throw error;
	}
	throw new Error('the input was accepted');
}
