import { ApiError, insufficientCredits } from '../api-errors';
import { scriptGenerationCost } from '../costs';
import { findFailCode } from '../markers';
import { parseScriptGenerate } from '../script-request';
import { writeScript } from '../script-writer';
import type { Handler } from '../state';

const SCRIPT_FAILURE = 'SCRIPT_GENERATION_FAILED';
/** Web search finds this many images on top of one per URL. */
const WEB_SEARCH_IMAGES = 2;

/**
 * POST /script/generate: synchronous, billed on success only. It fails (500) on a
 * [sandbox:fail=SCRIPT_GENERATION_FAILED] marker or a failureRate roll; other markers go into the script.
 */
export const generateScript: Handler = ({ state, space, body }) => {
	const request = parseScriptGenerate(body);
	const cost = scriptGenerationCost({
		durationSeconds: request.durationSeconds,
		webSearch: request.webSearch,
		urlCount: request.urls.length,
	});
	if (!state.accounts.canAfford(space, cost)) throw insufficientCredits(cost, space.credits);

	const roll = state.jobRandom.next();
	const marker = findFailCode(request.prompt);
	if (marker?.toUpperCase() === SCRIPT_FAILURE || roll < state.options.failureRate) {
		throw new ApiError(500, marker ?? SCRIPT_FAILURE, 'The script could not be generated.');
	}

	state.accounts.debit(space, cost);
	const imageCount = request.urls.length + (request.webSearch ? WEB_SEARCH_IMAGES : 0);
	const stamp = Date.now().toString(36);
	return {
		status: 200,
		body: {
			script: writeScript(request.prompt, request.durationSeconds),
			cost,
			extractedImages: Array.from(
				{ length: imageCount },
				(_, index) => `${state.storageUrl}/images/extracted-${stamp}-${index + 1}.jpg`,
			),
		},
	};
};
