/** A holder the query reached. */
const TOUCHED = 1;
/** A holder that speaks of, or was written in, a time the question names. */
const WITHIN = 2;

/**
 * The per-memory scores of one cue query, indexed by the cue index's holder numbers and kept
 * from one query to the next. At 100k notes a query reaches tens of thousands of memories: a
 * Map entry and an object for each made every recall garbage that the collector then traced on a
 * 450 MB heap (20–70 ms pauses). Only the memories a query reached are cleared for the next.
 */
export class CueScratch {
	private scores = new Float64Array(0);
	private marks = new Uint8Array(0);
	private touched = new Int32Array(1024);
	private touchedCount = 0;

	/** Forgets the last query and makes room for holder numbers below `space`. */
	begin(space: number): void {
		for (let i = 0; i < this.touchedCount; i++) {
			const holder = this.touched[i];
			this.scores[holder] = 0;
			this.marks[holder] = 0;
		}
		this.touchedCount = 0;
		if (this.scores.length < space) {
			const room = Math.max(space, Math.ceil(this.scores.length * 1.5));
			this.scores = new Float64Array(room);
			this.marks = new Uint8Array(room);
		}
	}

	get reached(): number {
		return this.touchedCount;
	}

	/** The i-th holder the query reached, in the order it reached them. */
	holderAt(i: number): number {
		return this.touched[i];
	}

	score(holder: number): number {
		return this.scores[holder];
	}

	setScore(holder: number, score: number): void {
		this.touch(holder);
		this.scores[holder] = score;
	}

	add(holder: number, weight: number): void {
		this.touch(holder);
		this.scores[holder] += weight;
	}

	/** Marks a holder as within the asked times; true the first time. */
	markWithin(holder: number): boolean {
		this.touch(holder);
		if ((this.marks[holder] & WITHIN) !== 0) return false;
		this.marks[holder] |= WITHIN;
		return true;
	}

	isWithin(holder: number): boolean {
		return (this.marks[holder] & WITHIN) !== 0;
	}

	/**
	 * The `k` reached holders with the highest scores, best first; equal scores in the order of
	 * their memories' ids, as a sort of every (id, score) pair by score then id would give.
	 */
	best(k: number, memoryAt: (holder: number) => string): number[] {
		const heap = new Heap(k, this.scores, memoryAt);
		for (let i = 0; i < this.touchedCount; i++) heap.offer(this.touched[i]);
		return heap.drain();
	}

	private touch(holder: number): void {
		if ((this.marks[holder] & TOUCHED) !== 0) return;
		this.marks[holder] |= TOUCHED;
		if (this.touchedCount === this.touched.length) {
			const grown = new Int32Array(this.touched.length * 2);
			grown.set(this.touched);
			this.touched = grown;
		}
		this.touched[this.touchedCount++] = holder;
	}
}

/** A min-heap of the best `k` holders by score, then id; its root is the worst kept. */
class Heap {
	private readonly holders: Int32Array;
	private count = 0;

	constructor(
		private readonly k: number,
		private readonly scores: Float64Array,
		private readonly memoryAt: (holder: number) => string,
	) {
		this.holders = new Int32Array(k);
	}

	offer(holder: number): void {
		if (this.k === 0) return;
		if (this.count < this.k) {
			this.holders[this.count++] = holder;
			this.up(this.count - 1);
		} else if (this.worse(this.holders[0], holder)) {
			this.holders[0] = holder;
			this.down(0, this.count);
		}
	}

	/** Empties the heap, best first. */
	drain(): number[] {
		const out = new Array<number>(this.count);
		for (let size = this.count; size > 0; size--) {
			out[size - 1] = this.holders[0];
			this.holders[0] = this.holders[size - 1];
			this.down(0, size - 1);
		}
		this.count = 0;
		return out;
	}

	/** `a` ranks below `b`: a lower score, or the same score and a later id. */
	private worse(a: number, b: number): boolean {
		const scoreA = this.scores[a];
		const scoreB = this.scores[b];
		if (scoreA !== scoreB) return scoreA < scoreB;
		return this.memoryAt(a) > this.memoryAt(b);
	}

	private up(at: number): void {
		const holder = this.holders[at];
		while (at > 0) {
			const parent = (at - 1) >> 1;
			if (!this.worse(holder, this.holders[parent])) break;
			this.holders[at] = this.holders[parent];
			at = parent;
		}
		this.holders[at] = holder;
	}

	private down(at: number, size: number): void {
		const holder = this.holders[at];
		for (;;) {
			const left = 2 * at + 1;
			if (left >= size) break;
			const right = left + 1;
			const child = right < size && this.worse(this.holders[right], this.holders[left]) ? right : left;
			if (!this.worse(this.holders[child], holder)) break;
			this.holders[at] = this.holders[child];
			at = child;
		}
		this.holders[at] = holder;
	}
}
