/** One memory as clustering sees it; every field is derived data, nothing is read here. */
export interface ClusterCandidate {
	/** The memory's vault path. */
	id: string;
	/** When it was written (ms): members and clusters are listed newest first. */
	at: number;
	/** Its distinct content terms as the keyword index sees them (stemmed, stop words out). */
	terms: readonly string[];
	/** Its cues (see src/core/cues): the label is made of the cues members share. */
	cues: readonly string[];
	/** The cues that name something (people, places, tags, link texts). */
	names: readonly string[];
	/** Its episode (`memory_session`), if any. */
	episode?: string;
	/** Its link community (Louvain), if computed. */
	community?: number;
	/** Its embedding, unit length, when a model is on. */
	vector?: Float32Array;
}

/** How alike two memories are, and from which signals. */
export interface PairScore {
	/** Keyword similarity: the cosine of their terms weighted by rarity (idf), in [0, 1]. */
	keyword: number;
	/** Embedding similarity rescaled above EMBEDDING_FLOOR, in [0, 1]; null without vectors. */
	embedding: number | null;
	sharedNames: number;
	sameEpisode: boolean;
	sameCommunity: boolean;
	/** What clustering compares with the link floor: max(keyword, embedding) plus the bonuses. */
	score: number;
}

/** Two memories sharing fewer content terms are not alike by their words, however rare those are. */
const MIN_SHARED_TERMS = 3;
/** Below this keyword or embedding similarity the other signals never make two memories alike. */
const MIN_BASE_SIMILARITY = 0.15;
/** Added per name the two share, at most twice. */
const SHARED_NAME_BONUS = 0.08;
/** Added when both belong to the same episode (`memory_session`). */
const SAME_EPISODE_BONUS = 0.1;
/** Added when both are in the same link community. */
const SAME_COMMUNITY_BONUS = 0.05;
/** Cosine of two embeddings that counts as 0 similarity: unrelated short texts reach about this with small models. */
const EMBEDDING_FLOOR = 0.5;

/**
 * The similarity of pairs of memories over one set of candidates: terms weighted by their
 * inverse document frequency within the set, so words every memory uses weigh nothing.
 */
export class PairScorer {
	/** How many candidates hold each term. */
	readonly df = new Map<string, number>();
	readonly idf = new Map<string, number>();
	private readonly norms: Float64Array;
	private readonly termSets: ReadonlySet<string>[];
	private readonly nameSets: ReadonlySet<string>[];

	constructor(readonly candidates: readonly ClusterCandidate[]) {
		const df = this.df;
		for (const candidate of candidates)
			for (const term of new Set(candidate.terms)) df.set(term, (df.get(term) ?? 0) + 1);
		const n = candidates.length;
		for (const [term, count] of df) this.idf.set(term, Math.log(1 + n / count));
		this.termSets = candidates.map((candidate) => new Set(candidate.terms));
		this.nameSets = candidates.map((candidate) => new Set(candidate.names));
		this.norms = Float64Array.from(candidates, (candidate) => {
			let sum = 0;
			for (const term of new Set(candidate.terms)) sum += (this.idf.get(term) ?? 0) ** 2;
			return Math.sqrt(sum);
		});
	}

	/** The weighted cosine of the two term sets; 0 below MIN_SHARED_TERMS shared terms. */
	keyword(i: number, j: number): number {
		const [small, large] =
			this.termSets[i].size <= this.termSets[j].size
				? [this.termSets[i], this.termSets[j]]
				: [this.termSets[j], this.termSets[i]];
		let dot = 0;
		let shared = 0;
		for (const term of small)
			if (large.has(term)) {
				dot += (this.idf.get(term) ?? 0) ** 2;
				shared++;
			}
		const norm = this.norms[i] * this.norms[j];
		return shared >= MIN_SHARED_TERMS && norm > 0 ? dot / norm : 0;
	}

	pair(i: number, j: number): PairScore {
		const a = this.candidates[i];
		const b = this.candidates[j];
		const keyword = this.keyword(i, j);
		const embedding = a.vector && b.vector ? rescaledCosine(a.vector, b.vector) : null;
		let sharedNames = 0;
		for (const name of this.nameSets[i]) if (this.nameSets[j].has(name)) sharedNames++;
		const sameEpisode = a.episode !== undefined && a.episode === b.episode;
		const sameCommunity = a.community !== undefined && a.community === b.community;
		const base = Math.max(keyword, embedding ?? 0);
		const score =
			base < MIN_BASE_SIMILARITY
				? base
				: base +
					SHARED_NAME_BONUS * Math.min(2, sharedNames) +
					(sameEpisode ? SAME_EPISODE_BONUS : 0) +
					(sameCommunity ? SAME_COMMUNITY_BONUS : 0);
		return { keyword, embedding, sharedNames, sameEpisode, sameCommunity, score };
	}
}

function rescaledCosine(a: Float32Array, b: Float32Array): number {
	const length = Math.min(a.length, b.length);
	let dot = 0;
	for (let k = 0; k < length; k++) dot += a[k] * b[k];
	return Math.max(0, Math.min(1, (dot - EMBEDDING_FLOOR) / (1 - EMBEDDING_FLOOR)));
}
