import { roundCredits } from './costs';
import type { Plan } from './plans';
import type { SandboxKeys } from './types';

/** Demo keys: readable on purpose, they only open this local sandbox. */
export const SANDBOX_KEYS: SandboxKeys = {
	main: 'sandbox_main_key',
	mainSecond: 'sandbox_main_second_key',
	other: 'sandbox_other_key',
	starter: 'sandbox_starter_key',
	poor: 'sandbox_poor_key',
};

export const SPACE_IDS = {
	main: 'space_a',
	other: 'space_b',
	starter: 'space_start',
	poor: 'space_low',
} as const;

export const POOR_SPACE_CREDITS = 1;

export interface Space {
	id: string;
	name: string;
	plan: Plan;
	credits: number;
}

/** Spaces, their keys and credit balances. */
export class Accounts {
	private readonly spaces = new Map<string, Space>();
	private readonly spaceIdByKey = new Map<string, string>();

	constructor(initialCredits: number) {
		this.add(SANDBOX_KEYS.main, {
			id: SPACE_IDS.main,
			name: 'Space A',
			plan: 'enterprise',
			credits: initialCredits,
		});
		this.spaceIdByKey.set(SANDBOX_KEYS.mainSecond, SPACE_IDS.main);
		this.add(SANDBOX_KEYS.other, {
			id: SPACE_IDS.other,
			name: 'Space B',
			plan: 'enterprise',
			credits: initialCredits,
		});
		this.add(SANDBOX_KEYS.starter, {
			id: SPACE_IDS.starter,
			name: 'Start plan space',
			plan: 'start',
			credits: initialCredits,
		});
		this.add(SANDBOX_KEYS.poor, {
			id: SPACE_IDS.poor,
			name: 'Low balance space',
			plan: 'enterprise',
			credits: POOR_SPACE_CREDITS,
		});
	}

	spaceForKey(apiKey: string): Space | undefined {
		const spaceId = this.spaceIdByKey.get(apiKey);
		return spaceId === undefined ? undefined : this.spaces.get(spaceId);
	}

	space(spaceId: string): Space {
		const space = this.spaces.get(spaceId);
		if (!space) throw new Error(`Unknown space ${spaceId}`);
		return space;
	}

	getCredits(apiKey: string): number {
		return this.requireSpace(apiKey).credits;
	}

	setCredits(apiKey: string, credits: number): void {
		this.requireSpace(apiKey).credits = roundCredits(credits);
	}

	/** Resets the two well-funded Enterprise spaces. */
	resetFundedSpaces(credits: number): void {
		this.space(SPACE_IDS.main).credits = credits;
		this.space(SPACE_IDS.other).credits = credits;
	}

	canAfford(space: Space, amount: number): boolean {
		return space.credits >= amount;
	}

	/** Takes credits unconditionally; callers check canAfford first where the spec demands a 402. */
	debit(space: Space, amount: number): void {
		space.credits = roundCredits(space.credits - amount);
	}

	credit(space: Space, amount: number): void {
		space.credits = roundCredits(space.credits + amount);
	}

	private add(apiKey: string, space: Space): void {
		this.spaces.set(space.id, space);
		this.spaceIdByKey.set(apiKey, space.id);
	}

	private requireSpace(apiKey: string): Space {
		const space = this.spaceForKey(apiKey);
		if (!space) throw new Error(`Unknown sandbox API key: ${apiKey}`);
		return space;
	}
}
