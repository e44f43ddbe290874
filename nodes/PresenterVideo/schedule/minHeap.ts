/** For queues of thousands of calls or jobs, where a scan per call would cost the square of the batch. */
export class MinHeap<T> {
	private readonly items: T[] = [];

	constructor(private readonly before: (a: T, b: T) => boolean) {}

	get size(): number {
		return this.items.length;
	}

	peek(): T | undefined {
		return this.items[0];
	}

	push(item: T): void {
		const { items } = this;
		items.push(item);
		let index = items.length - 1;
		while (index > 0) {
			const parent = (index - 1) >> 1;
			if (!this.before(items[index], items[parent])) break;
			[items[index], items[parent]] = [items[parent], items[index]];
			index = parent;
		}
	}

	pop(): T | undefined {
		const { items } = this;
		const top = items[0];
		const last = items.pop();
		if (items.length === 0 || last === undefined) return top;
		items[0] = last;
		let index = 0;
		for (;;) {
			const left = 2 * index + 1;
			const right = left + 1;
			let least = index;
			if (left < items.length && this.before(items[left], items[least])) least = left;
			if (right < items.length && this.before(items[right], items[least])) least = right;
			if (least === index) return top;
			[items[index], items[least]] = [items[least], items[index]];
			index = least;
		}
	}

	/** The least item that is not `stale`; stale ones are popped on the way. */
	peekPast(stale: (item: T) => boolean): T | undefined {
		while (this.items.length > 0 && stale(this.items[0])) this.pop();
		return this.items[0];
	}

	/** Takes every item out, in no particular order. */
	drain(): T[] {
		return this.items.splice(0);
	}
}
