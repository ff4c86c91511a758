/**
 * Supportive edges as (row, row) pairs, collected while walking each note's out-edges, then turned
 * into the CSR adjacency of distinct neighbours (either direction) that the pass reads. Typed
 * arrays only: 300k edges take a few ms, and the work can pause between rows.
 */
/** Loop turns between checks of the slice clock. */
const PAUSE_EVERY = 4096;

export class NeighbourPairs {
	private from: Uint32Array;
	private to: Uint32Array;
	private count = 0;

	constructor(capacity: number) {
		this.from = new Uint32Array(Math.max(16, capacity));
		this.to = new Uint32Array(Math.max(16, capacity));
	}

	add(a: number, b: number): void {
		if (this.count === this.from.length) {
			this.from = grown(this.from);
			this.to = grown(this.to);
		}
		this.from[this.count] = a;
		this.to[this.count] = b;
		this.count++;
	}

	/**
	 * The CSR arrays for `nodeCount` rows: neighbours of row i are `adjIndex[adjOffsets[i] ..
	 * adjOffsets[i + 1])`, each listed once. `pause` is awaited every few thousand steps.
	 */
	async toAdjacency(
		nodeCount: number,
		pause: () => Promise<void>,
	): Promise<{ adjOffsets: Uint32Array; adjIndex: Uint32Array }> {
		const { from, to, count } = this;
		const start = new Uint32Array(nodeCount + 1);
		for (let k = 0; k < count; k++) {
			start[from[k] + 1]++;
			start[to[k] + 1]++;
			if (k % PAUSE_EVERY === 0) await pause();
		}
		for (let i = 0; i < nodeCount; i++) start[i + 1] += start[i];
		const cursor = start.slice(0, nodeCount);
		const all = new Uint32Array(2 * count);
		for (let k = 0; k < count; k++) {
			all[cursor[from[k]]++] = to[k];
			all[cursor[to[k]]++] = from[k];
			if (k % PAUSE_EVERY === 0) await pause();
		}
		// Drop repeats in place: a pair linked both ways, or by two edge types, is one neighbour.
		const adjOffsets = new Uint32Array(nodeCount + 1);
		const seenBy = new Uint32Array(nodeCount);
		let kept = 0;
		for (let i = 0; i < nodeCount; i++) {
			for (let k = start[i]; k < start[i + 1]; k++) {
				const neighbour = all[k];
				if (seenBy[neighbour] === i + 1) continue;
				seenBy[neighbour] = i + 1;
				all[kept++] = neighbour;
			}
			adjOffsets[i + 1] = kept;
			if (i % PAUSE_EVERY === 0) await pause();
		}
		return { adjOffsets, adjIndex: all.slice(0, kept) };
	}
}

function grown(array: Uint32Array): Uint32Array {
	const bigger = new Uint32Array(array.length * 2);
	bigger.set(array);
	return bigger;
}
