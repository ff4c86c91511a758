/**
 * Seeded pseudo-random numbers (mulberry32) so that a benchmark vault is the same bytes for
 * the same seed on every machine. Not for anything that needs unpredictability.
 */
export interface Rng {
	/** Uniform in [0, 1). */
	next(): number;
	/** Integer in [0, n). */
	int(n: number): number;
	/** Integer in [min, max], both included. */
	range(min: number, max: number): number;
	chance(probability: number): boolean;
	pick<T>(items: readonly T[]): T;
	/** Log-normal sample with the given median; `sigma` is the spread of its logarithm. */
	logNormal(median: number, sigma: number): number;
}

export function createRng(seed: number): Rng {
	let state = seed >>> 0;
	const next = (): number => {
		state = (state + 0x6d2b79f5) | 0;
		let t = Math.imul(state ^ (state >>> 15), 1 | state);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	const int = (n: number): number => Math.floor(next() * n);
	return {
		next,
		int,
		range: (min, max) => min + int(max - min + 1),
		chance: (probability) => next() < probability,
		pick: (items) => {
			if (items.length === 0) throw new Error("Rng.pick: cannot pick from an empty list");
			return items[int(items.length)];
		},
		logNormal: (median, sigma) => {
			// Box–Muller; 1 - next() keeps the logarithm's argument above 0.
			const normal = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
			return median * Math.exp(sigma * normal);
		},
	};
}
