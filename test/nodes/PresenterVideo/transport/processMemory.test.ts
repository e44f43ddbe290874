import { ProcessMemory } from '../../../../nodes/PresenterVideo/transport/processMemory';

describe('ProcessMemory', () => {
	const hour = 60 * 60_000;

	it('keeps an entry for keepMs after it was last set', () => {
		const memory = new ProcessMemory<string>({ maxEntries: 10, keepMs: hour });
		memory.set('a', 'first', 0);
		expect(memory.get('a', hour - 1)).toBe('first');
		memory.set('a', 'again', hour - 1);
		expect(memory.get('a', 2 * hour - 2)).toBe('again');
		expect(memory.get('a', 2 * hour - 1)).toBeUndefined();
	});

	it('lets the least recently set go first past maxEntries', () => {
		const memory = new ProcessMemory<number>({ maxEntries: 3, keepMs: hour });
		for (const [index, key] of ['a', 'b', 'c'].entries()) memory.set(key, index, index);
		memory.set('a', 9, 3);
		memory.set('d', 4, 4);
		expect(memory.get('b', 5)).toBeUndefined();
		expect([...memory.values()]).toEqual([2, 9, 4]);
	});

	it('lets expired entries go as new ones come, not only when they are looked up', () => {
		const memory = new ProcessMemory<number>({ maxEntries: 1_000, keepMs: hour });
		for (let index = 0; index < 500; index += 1) memory.set(`old ${index}`, index, index);
		memory.set('new', 1, 2 * hour);
		expect([...memory.values()]).toEqual([1]);
	});

	it('forgets a deleted entry', () => {
		const memory = new ProcessMemory<number>({ maxEntries: 10, keepMs: hour });
		memory.set('a', 1, 0);
		memory.delete('a');
		expect(memory.get('a', 0)).toBeUndefined();
	});
});
