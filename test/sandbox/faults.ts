import { createRandom, type Random } from './random';
import type { FaultRule } from './types';

interface ActiveRule {
	rule: FaultRule;
	pattern?: RegExp;
	remaining: number;
}

/** Picks the fault (if any) for each request; rates are drawn from a seeded generator for replay. */
export class FaultInjector {
	private rules: ActiveRule[] = [];
	private random: Random;

	constructor(seed: number) {
		this.random = createRandom(seed);
	}

	/** Replaces all rules; counters start afresh. */
	setRules(rules: FaultRule[]): void {
		this.rules = rules.map((rule) => ({
			rule,
			...(rule.path !== undefined ? { pattern: toPattern(rule.path) } : {}),
			remaining: rule.times ?? Number.POSITIVE_INFINITY,
		}));
	}

	reseed(seed: number): void {
		this.random = createRandom(seed);
	}

	match(listener: 'api' | 'storage', method: string, path: string): FaultRule | undefined {
		for (const active of this.rules) {
			const { rule } = active;
			if (active.remaining <= 0) continue;
			if ((rule.listener ?? 'api') !== listener) continue;
			if (rule.method !== undefined && rule.method.toUpperCase() !== method.toUpperCase()) continue;
			if (active.pattern && !active.pattern.test(path)) continue;
			if (rule.rate !== undefined && this.random.next() >= rule.rate) continue;
			active.remaining -= 1;
			return rule;
		}
		return undefined;
	}
}

/** A global-flag RegExp would remember lastIndex between requests; drop that flag. */
function toPattern(path: string | RegExp): RegExp {
	return typeof path === 'string'
		? new RegExp(path)
		: new RegExp(path.source, path.flags.replace('g', ''));
}
