/**
 * The k best (id, score) pairs seen, kept in a min-heap of size k: O(n log k) over n offers,
 * no sort of all n. Ties keep the pair offered first.
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
				if (this.scores[parent] <= score) break;
				this.ids[i] = this.ids[parent];
				this.scores[i] = this.scores[parent];
				i = parent;
			}
			this.ids[i] = id;
			this.scores[i] = score;
			return;
		}
		if (score <= this.scores[0]) return;
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
			const child = right < this.count && this.scores[right] < this.scores[left] ? right : left;
			if (this.scores[child] >= score) break;
			this.ids[i] = this.ids[child];
			this.scores[i] = this.scores[child];
			i = child;
		}
		this.ids[i] = id;
		this.scores[i] = score;
	}
}
