/** The service's clock, for the times it names: n8n's may be off by many seconds. Each answer's `Date` bounds it. */
export class ServiceClock {
	/** The least and the most the service's clock may be ahead of ours, in ms. */
	private lowest = -Infinity;
	private highest = Infinity;

	observe(date: string | undefined, sentAt: number, answeredAt: number): void {
		const serviceAt = date === undefined ? NaN : Date.parse(date);
		if (Number.isNaN(serviceAt)) return;
		const lowest = serviceAt - answeredAt;
		const highest = serviceAt + 1000 - sentAt;
		if (lowest > this.highest || highest < this.lowest) {
			this.lowest = lowest;
			this.highest = highest;
			return;
		}
		this.lowest = Math.max(this.lowest, lowest);
		this.highest = Math.min(this.highest, highest);
	}

	/** How far the service's clock is ahead of ours (0 before any answer told). */
	get offsetMs(): number {
		return Number.isFinite(this.lowest) ? (this.lowest + this.highest) / 2 : 0;
	}

	serviceTime(localMs: number): number {
		return localMs + this.offsetMs;
	}

	/** The first local moment surely at or after `serviceMs`: a call sent back early is refused and counted again. */
	notBefore(serviceMs: number): number {
		return Number.isFinite(this.lowest) ? serviceMs - this.lowest : serviceMs;
	}

	/** When a refusal says to come back (local ms): `Retry-After` in seconds or as a date, else `X-RateLimit-Reset`. */
	comeBackAt(retryAfter: string | undefined, resetSeconds: number | undefined, now: number): number | undefined {
		if (retryAfter !== undefined && Number.isFinite(Number(retryAfter))) return now + Number(retryAfter) * 1000;
		const date = retryAfter === undefined ? NaN : Date.parse(retryAfter);
		if (!Number.isNaN(date)) return this.notBefore(date);
		return resetSeconds === undefined ? undefined : this.notBefore(resetSeconds * 1000);
	}
}
