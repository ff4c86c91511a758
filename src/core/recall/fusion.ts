/** One ranking to fuse: ids best first. */
export interface RankedList {
	/** Names the list in each hit's `ranks` (e.g. "keyword", "vector"). */
	name: string;
	ids: readonly string[];
	/** Defaults to 1; 0 keeps the list's ranks in `ranks` without letting it score. */
	weight?: number;
}

export interface FusedHit {
	id: string;
	/**
	 * Reciprocal rank fusion score divided by the best score possible over the non-empty lists,
	 * so 1 means first in every list and scores are comparable between queries.
	 */
	score: number;
	/** 1-based rank of the id in each list that contains it. */
	ranks: Record<string, number>;
}

/**
 * Reciprocal rank fusion: Σ weight / (k + rank) over the lists that contain an id. A repeat of
 * an id within a list is skipped (it neither scores again nor pushes later ids down). Best first; ties go to the better
 * single rank, then to the id, so the order is stable.
 */
export function fuseRankings(lists: readonly RankedList[], k = 60): FusedHit[] {
	if (!Number.isFinite(k) || k <= 0) throw new RangeError(`Fusion constant k must be a positive number (got ${k}).`);
	const names = new Set<string>();
	let best = 0;
	const hits = new Map<string, { id: string; score: number; bestRank: number; ranks: Record<string, number> }>();
	for (const list of lists) {
		const weight = list.weight ?? 1;
		if (names.has(list.name))
			throw new Error(`Ranked list "${list.name}" is given twice; give each list its own name.`);
		if (!Number.isFinite(weight) || weight < 0) {
			throw new RangeError(`Weight of ranked list "${list.name}" must be a number ≥ 0 (got ${weight}).`);
		}
		names.add(list.name);
		if (list.ids.length > 0) best += weight / (k + 1);
		let rank = 0;
		for (const id of list.ids) {
			let hit = hits.get(id);
			if (hit && list.name in hit.ranks) continue;
			rank++;
			if (!hit) hits.set(id, (hit = { id, score: 0, bestRank: rank, ranks: {} }));
			hit.ranks[list.name] = rank;
			hit.score += weight / (k + rank);
			hit.bestRank = Math.min(hit.bestRank, rank);
		}
	}
	const fused = [...hits.values()];
	for (const hit of fused) hit.score = best > 0 ? hit.score / best : 0;
	fused.sort((a, b) => b.score - a.score || a.bestRank - b.bestRank || compareIds(a.id, b.id));
	return fused.map(({ id, score, ranks }) => ({ id, score, ranks }));
}

function compareIds(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

/** One retriever's hits, best first, with its own scores. */
export interface ScoredList {
	/** Names the list in each hit's `ranks` (e.g. "keyword", "vector"). */
	name: string;
	hits: readonly { id: string; score: number }[];
	/** Defaults to 1; 0 keeps the list's ranks in `ranks` without letting it score. */
	weight?: number;
	/**
	 * "relative": scores have no scale of their own (BM25) and are divided by the list's best;
	 * "absolute": scores are already on a 0–1 scale (cosine similarity) and kept, clipped to [0, 1].
	 */
	scale: "relative" | "absolute";
	/**
	 * Whether the retriever has indexed the id (default: every id). A list that could not have
	 * returned an id (a note still waiting for its embeddings) leaves that id's mean.
	 */
	covers?: (id: string) => boolean;
}

/**
 * Relative score fusion: every list's scores on a common 0–1 scale (see `ScoredList.scale`),
 * then the weighted mean over the lists that returned anything. Unlike reciprocal rank fusion it
 * keeps the gaps between scores: a note that matches one common word of the query ends far
 * below one that matches all its rare words, instead of one rank below it. Spreading activation
 * and the low-confidence floor read these numbers as relevance, so the gaps matter. A hit's mean
 * is over the lists that cover it, so a note just stored is not held back by the embeddings it
 * does not have yet. Best first; ties go to the better single rank, then to the id.
 */
export function fuseScores(lists: readonly ScoredList[]): FusedHit[] {
	const names = new Set<string>();
	const scoring: ScoredList[] = [];
	const hits = new Map<string, FusedHit & { bestRank: number }>();
	for (const list of lists) {
		const weight = list.weight ?? 1;
		if (names.has(list.name))
			throw new Error(`Scored list "${list.name}" is given twice; give each list its own name.`);
		if (!Number.isFinite(weight) || weight < 0)
			throw new RangeError(`Weight of scored list "${list.name}" must be a number ≥ 0 (got ${weight}).`);
		names.add(list.name);
		if (list.hits.length === 0) continue;
		scoring.push(list);
		const best = Math.max(...list.hits.map((hit) => hit.score));
		const divisor = list.scale === "relative" ? (best > 0 ? best : 1) : 1;
		let rank = 0;
		for (const { id, score } of list.hits) {
			let hit = hits.get(id);
			if (hit && list.name in hit.ranks) continue;
			rank++;
			if (!hit) hits.set(id, (hit = { id, score: 0, ranks: {}, bestRank: rank }));
			hit.ranks[list.name] = rank;
			hit.bestRank = Math.min(hit.bestRank, rank);
			hit.score += weight * clamp01(score / divisor);
		}
	}
	const fused = [...hits.values()];
	for (const hit of fused) {
		let weight = 0;
		for (const list of scoring) if (list.covers?.(hit.id) ?? true) weight += list.weight ?? 1;
		hit.score = weight > 0 ? hit.score / weight : 0;
	}
	fused.sort((a, b) => b.score - a.score || a.bestRank - b.bestRank || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
	return fused.map(({ id, score, ranks }) => ({ id, score, ranks }));
}

function clamp01(value: number): number {
	return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}
