/** Small seeded generator (mulberry32): the same seed replays the same failures and faults. */
export interface Random {
	/** Uniform number in [0, 1). */
	next(): number;
	pick<T>(items: readonly T[]): T;
}

export function createRandom(seed: number): Random {
	let state = seed >>> 0;
	const next = (): number => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	return {
		next,
		pick: (items) => {
			if (items.length === 0) throw new Error('pick from an empty list');
			return items[Math.floor(next() * items.length)] as (typeof items)[number];
		},
	};
}
