import { describeCluster, type MemoryCluster } from "./describe-cluster";
import { PairScorer, type ClusterCandidate, type PairScore } from "./pair-scores";

export type { ClusterCandidate } from "./pair-scores";
export type { MemoryCluster } from "./describe-cluster";

export interface ClusterOptions {
	/** Two groups merge when the mean score over all their member pairs reaches this (a missing pair counts 0). */
	linkFloor: number;
	/** Candidates kept per memory, best first: bounds the pairs compared. */
	candidatesPerMemory: number;
	/** Largest cluster: a bigger group is a subject, not one thing to consolidate. */
	maxClusterSize: number;
	/** A term held by more than this share of the memories finds no candidates (it still counts in the similarity). */
	commonTermShare: number;
}

/**
 * Chosen on the synthetic consolidation vault (tests/core/consolidation/synthetic-topics.ts: 6
 * topics × 5 paraphrases + 30 unrelated memories): paraphrases of one topic score 0.3–0.7 with
 * each other, unrelated memories below 0.2 with anything; docs/consolidation.md has the table.
 */
/**
 * Most memories one clustering compares, the newest first: bounds the notes read and the pairs
 * scored per call (2,000 short memories: about 0.3 s of CPU in slices, see docs/consolidation.md).
 */
export const MAX_CLUSTER_MEMORIES = 2000;

/**
 * Smallest cluster the review proposes: most pairs are two remarks that share a few words, and
 * consolidating them all cost recall on LoCoMo where clusters of 3 or more did not (docs/consolidation.md).
 */
export const REVIEW_CLUSTER_SIZE = 3;

const DEFAULT_CLUSTER_OPTIONS: ClusterOptions = {
	linkFloor: 0.25,
	candidatesPerMemory: 12,
	maxClusterSize: 30,
	commonTermShare: 0.05,
};

/** Candidates looked at per memory before the exact score picks the best `candidatesPerMemory`. */
const ROUGH_CANDIDATES_FACTOR = 3;
/** A term in this many memories or fewer always finds candidates, whatever the share. */
const MIN_COMMON_COUNT = 8;

/**
 * Groups memories about the same thing, in steps a caller can spread over time slices: `addRow`
 * for every row (bounded work each: its rare terms' postings), then `clusters()`. Deterministic:
 * the same candidates in any order give the same clusters.
 */
export class ClusterBuilder {
	readonly rows: number;
	private readonly scorer: PairScorer;
	private readonly candidates: ClusterCandidate[];
	private readonly postings = new Map<string, number[]>();
	private readonly pairs = new Map<number, PairScore>();
	private readonly accumulated: Float64Array;
	private next = 0;

	constructor(
		candidates: readonly ClusterCandidate[],
		private readonly options: ClusterOptions = DEFAULT_CLUSTER_OPTIONS,
	) {
		this.candidates = [...candidates].sort(byNewest);
		this.rows = this.candidates.length;
		this.scorer = new PairScorer(this.candidates);
		this.accumulated = new Float64Array(this.rows);
		const common = Math.max(MIN_COMMON_COUNT, Math.floor(options.commonTermShare * this.rows));
		this.candidates.forEach((candidate, row) => {
			for (const term of new Set(candidate.terms)) {
				if ((this.scorer.df.get(term) ?? 0) > common) continue;
				let list = this.postings.get(term);
				if (!list) this.postings.set(term, (list = []));
				list.push(row);
			}
		});
	}

	/** Whether every row has been added. */
	get done(): boolean {
		return this.next >= this.rows;
	}

	/** Scores the next row against the rows that share a rare term with it; keeps its best pairs. */
	addRow(): void {
		const row = this.next++;
		if (row >= this.rows) return;
		const touched: number[] = [];
		for (const term of new Set(this.candidates[row].terms)) {
			const list = this.postings.get(term);
			if (!list) continue;
			const weight = (this.scorer.idf.get(term) ?? 0) ** 2;
			for (const other of list) {
				if (other === row) continue;
				if (this.accumulated[other] === 0) touched.push(other);
				this.accumulated[other] += weight;
			}
		}
		touched.sort((a, b) => this.accumulated[b] - this.accumulated[a] || a - b);
		const rough = touched.slice(0, this.options.candidatesPerMemory * ROUGH_CANDIDATES_FACTOR);
		for (const other of touched) this.accumulated[other] = 0;
		const scored = rough
			.map((other) => ({ other, pair: this.scorer.pair(row, other) }))
			.filter(({ pair }) => pair.score >= this.options.linkFloor / 2)
			.sort((a, b) => b.pair.score - a.pair.score || a.other - b.other)
			.slice(0, this.options.candidatesPerMemory);
		for (const { other, pair } of scored) this.pairs.set(this.key(row, other), pair);
	}

	/** The clusters of at least `minSize` members, newest first (by their newest member). */
	clusters(minSize = 2): MemoryCluster[] {
		while (!this.done) this.addRow();
		const groups = this.agglomerate();
		return groups
			.filter((group) => group.length >= Math.max(2, minSize))
			.map((group) =>
				describeCluster(
					group.map((row) => this.candidates[row]),
					this.groupPairs(group),
					this.scorer,
				),
			)
			.sort((a, b) => b.newestAt - a.newestAt || (a.members[0] < b.members[0] ? -1 : 1));
	}

	/**
	 * Average linkage over the kept pairs, strongest pair first: two groups merge when the mean
	 * score of all their member pairs (a pair not kept counts 0) reaches the link floor, so one
	 * strong pair cannot chain two subjects together.
	 */
	private agglomerate(): number[][] {
		const edges = [...this.pairs.entries()].sort(([keyA, a], [keyB, b]) => b.score - a.score || keyA - keyB);
		const groupOf = Int32Array.from({ length: this.rows }, (_, row) => row);
		const members = new Map<number, number[]>();
		for (let row = 0; row < this.rows; row++) members.set(row, [row]);
		for (const [key, pair] of edges) {
			if (pair.score < this.options.linkFloor) break;
			const a = groupOf[Math.floor(key / this.rows)];
			const b = groupOf[key % this.rows];
			if (a === b) continue;
			const left = members.get(a) ?? [];
			const right = members.get(b) ?? [];
			if (left.length + right.length > this.options.maxClusterSize) continue;
			let sum = 0;
			for (const x of left) for (const y of right) sum += this.pairs.get(this.key(x, y))?.score ?? 0;
			if (sum / (left.length * right.length) < this.options.linkFloor) continue;
			const [keep, gone] = a < b ? [a, b] : [b, a];
			const merged = [...left, ...right].sort((x, y) => x - y);
			for (const row of merged) groupOf[row] = keep;
			members.set(keep, merged);
			members.delete(gone);
		}
		return [...members.values()];
	}

	private groupPairs(group: readonly number[]): PairScore[] {
		const scores: PairScore[] = [];
		for (let i = 0; i < group.length; i++)
			for (let j = i + 1; j < group.length; j++) {
				const pair = this.pairs.get(this.key(group[i], group[j]));
				if (pair) scores.push(pair);
			}
		return scores;
	}

	private key(a: number, b: number): number {
		return a < b ? a * this.rows + b : b * this.rows + a;
	}
}

/** The clusters of `candidates` in one call (tests, small sets); engines spread `ClusterBuilder` over time slices. */
export function clusterMemories(
	candidates: readonly ClusterCandidate[],
	minSize = 2,
	options: ClusterOptions = DEFAULT_CLUSTER_OPTIONS,
): MemoryCluster[] {
	return new ClusterBuilder(candidates, options).clusters(minSize);
}

function byNewest(a: ClusterCandidate, b: ClusterCandidate): number {
	return b.at - a.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
