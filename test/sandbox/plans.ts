import type { AvatarModel } from './costs';

/** Plan rules of the spec's Authentication section (rules 5 and 7). */
export type Plan = 'free' | 'start' | 'enterprise';

const RANK: Record<Plan, number> = { free: 0, start: 1, enterprise: 2 };

const MODEL_MINIMUM_PLAN: Record<AvatarModel, Plan> = {
	standard: 'free',
	premium: 'start',
	'veo-3-fast': 'start',
	'veo-3': 'start',
	ultra: 'enterprise',
};

export function hasApiAccess(plan: Plan): boolean {
	return plan === 'enterprise';
}

export function isModelAllowed(model: AvatarModel, plan: Plan): boolean {
	return RANK[plan] >= RANK[MODEL_MINIMUM_PLAN[model]];
}
