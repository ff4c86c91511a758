/**
 * The k best (id, score) pairs seen, kept in a min-heap of size k: O(n log k) over n offers,
 * no sort of all n. Equal scores are ordered by id (lower first), so the k kept are always the
 * head of the whole list in `sorted` order, whatever order the pairs arrive in.
 */
export class TopK {
	private readonly ids: Int32Array;
	private readonly scores: Float64Array;
	private count = 0;

	constructor(private readonly k: number) {
		this.ids = new Int32Array(k);
		this.scores = new Float64Array(k);
	}

	offer(id: number, score: number): void {
		if (this.count < this.k) {
			let i = this.count++;
			while (i > 0) {
				const parent = (i - 1) >> 1;
				if (!worse(score, id, this.scores[parent], this.ids[parent])) break;
				this.ids[i] = this.ids[parent];
				this.scores[i] = this.scores[parent];
				i = parent;
			}
			this.ids[i] = id;
			this.scores[i] = score;
			return;
		}
		if (!worse(this.scores[0], this.ids[0], score, id)) return;
		this.siftDown(id, score);
	}

	/** Best first. */
	sorted(): { id: number; score: number }[] {
		const out: { id: number; score: number }[] = [];
		for (let i = 0; i < this.count; i++) out.push({ id: this.ids[i], score: this.scores[i] });
		return out.sort((a, b) => b.score - a.score || a.id - b.id);
	}

	/** Replaces the root (the worst kept) with a better pair. */
	private siftDown(id: number, score: number): void {
		let i = 0;
		for (;;) {
			const left = 2 * i + 1;
			if (left >= this.count) break;
			const right = left + 1;
			const child =
				right < this.count && worse(this.scores[right], this.ids[right], this.scores[left], this.ids[left])
					? right
					: left;
			if (!worse(this.scores[child], this.ids[child], score, id)) break;
			this.ids[i] = this.ids[child];
			this.scores[i] = this.scores[child];
			i = child;
		}
		this.ids[i] = id;
		this.scores[i] = score;
	}
}

/** The order `sorted` returns, reversed: a lower score, or the same score and a higher id, is worse. */
function worse(score: number, id: number, otherScore: number, otherId: number): boolean {
	return score < otherScore || (score === otherScore && id > otherId);
}
