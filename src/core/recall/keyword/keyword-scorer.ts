import {
	CHUNK_HEADER,
	FIELD_BITS,
	FIELD_MASK,
	NO_CHUNK,
	PAGE_BITS,
	PAGE_MASK,
	TF_SATURATED,
	type KeywordPostings,
} from "./keyword-postings";
import { TopK } from "../../util/top-k";

/** One processed (stop-worded, stemmed) query term and how far it may be expanded. */
export interface QueryTerm {
	term: string;
	/** Also match longer indexed terms that start with it. */
	prefix: boolean;
	/** Edit distance allowed when the term matches nothing exactly or by prefix; 0 for none. */
	maxTypos: number;
}

export interface ScoredKey {
	/** The document's id in the postings store. */
	key: number;
	score: number;
	/** Indexes into the query terms of the terms it matched, ascending. */
	terms: number[];
	/** With `withFields`: each matched indexed term (a query term or an expansion of one) and the fields it is in. */
	fields?: Record<string, string[]>;
}

export interface ScoreOptions {
	/** At most this many documents, best first (default: all). */
	limit?: number;
	/** Keeps only the documents (by id) for which it returns true. */
	accept?: (key: number) => boolean;
	/** Also report the matched indexed terms and their fields (one more pass over their postings). */
	withFields?: boolean;
}

export interface ScorerOptions {
	/** The postings store's fields, in its field order. */
	fields: readonly string[];
	/** Score multiplier per field name. */
	boost: Readonly<Record<string, number>>;
	/** At most this many prefix or typo expansions per query term, the closest first. */
	maxExpansions: number;
}

interface Expansion {
	term: string;
	id: number;
	weight: number;
}

/**
 * A query's terms beyond this many count for nothing: the rarest are kept. Matched terms are
 * tracked as a bit mask per document.
 */
export const MAX_QUERY_TERMS = 32;

// MiniSearch's defaults, so scores read like those of `MiniSearch#search`.
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const PREFIX_WEIGHT = 0.375;
const TYPO_WEIGHT = 0.45;

/**
 * BM25 over a `KeywordPostings` store, scored the way `MiniSearch#search` scores (field boosts,
 * prefix and typo expansions weighted down, the sum times the number of query terms matched),
 * into typed arrays indexed by document, keeping only the best `limit`.
 *
 * Typos are a fallback: a term is expanded to near spellings only when it matches no indexed
 * term exactly or by prefix, and every term to at most `maxExpansions` other terms. A query of
 * more than `MAX_QUERY_TERMS` terms keeps its rarest.
 */
export class KeywordScorer {
	private readonly boosts: Float64Array;
	// Per field, for the term being scored: live postings, BM25 factor and length norm.
	private readonly frequencies: Int32Array;
	private readonly factors: Float64Array;
	private readonly norms: Float64Array;
	// Scratch space of a search, all zero between searches: each document's score so far, the query
	// terms it matched (one bit per term searched), and the documents with a score, in the order reached.
	private scores = new Float64Array(0);
	private termMasks = new Uint32Array(0);
	private touched = new Int32Array(0);

	constructor(
		private readonly postings: KeywordPostings,
		private readonly options: ScorerOptions,
	) {
		if (options.fields.length !== postings.fieldCount)
			throw new Error(`Keyword scorer: ${options.fields.length} fields for a store of ${postings.fieldCount}.`);
		this.boosts = Float64Array.from(options.fields, (name) => options.boost[name] ?? 1);
		this.frequencies = new Int32Array(options.fields.length);
		this.factors = new Float64Array(options.fields.length);
		this.norms = new Float64Array(options.fields.length);
	}

	/** The best documents for the query terms, best first. */
	score(query: readonly QueryTerm[], options: ScoreOptions = {}): ScoredKey[] {
		const { limit = Number.POSITIVE_INFINITY, accept, withFields = false } = options;
		if (query.length === 0 || limit <= 0) return [];
		this.ensureCapacity(this.postings.nextDoc);
		// Bit j of a document's mask stands for expansions[j], the query term at index expansions[j][0].
		const expansions = this.rarest(query.map((term) => this.expand(term)));
		let touchedCount = 0;
		for (const [j, [, list]] of expansions.entries()) {
			for (const expansion of list) touchedCount = this.scoreTerm(expansion, 1 << j, touchedCount);
		}
		const top = this.best(touchedCount, limit, accept);
		const hits: ScoredKey[] = top.map(({ id, score }) => ({
			key: id,
			score,
			terms: expansions.filter((_, j) => (this.termMasks[id] & (1 << j)) !== 0).map(([i]) => i),
		}));
		if (withFields) this.describeFields(hits, expansions);
		this.reset(touchedCount);
		return hits;
	}

	/** [index, expansions] of the query terms that match anything, at most `MAX_QUERY_TERMS`: the rarest. */
	private rarest(expansions: Expansion[][]): [number, Expansion[]][] {
		const matching = [...expansions.entries()].filter(([, list]) => list.length > 0);
		if (matching.length <= MAX_QUERY_TERMS) return matching;
		const postings = (list: Expansion[]): number =>
			list.reduce((sum, expansion) => sum + this.documentFrequency(expansion.id), 0);
		return matching
			.map((entry) => ({ entry, postings: postings(entry[1]) }))
			.sort((a, b) => a.postings - b.postings || a.entry[0] - b.entry[0])
			.slice(0, MAX_QUERY_TERMS)
			.map(({ entry }) => entry)
			.sort((a, b) => a[0] - b[0]);
	}

	/** The term itself, its prefix expansions, and near spellings if neither is indexed. */
	private expand({ term, prefix, maxTypos }: QueryTerm): Expansion[] {
		const terms = this.postings.terms;
		const found: Expansion[] = [];
		const exact = terms.get(term);
		if (exact !== undefined) found.push({ term, id: exact, weight: 1 });
		if (prefix) {
			const longer: Expansion[] = [];
			for (const [indexed, id] of terms.atPrefix(term)) {
				if (indexed.length === term.length) continue;
				const distance = indexed.length - term.length;
				longer.push({
					term: indexed,
					id,
					weight: (PREFIX_WEIGHT * indexed.length) / (indexed.length + 0.3 * distance),
				});
			}
			found.push(...this.closest(longer));
		}
		if (found.length > 0 || maxTypos <= 0) return found;
		const near: Expansion[] = [];
		for (const [indexed, [id, distance]] of terms.fuzzyGet(term, maxTypos)) {
			if (distance > 0)
				near.push({ term: indexed, id, weight: (TYPO_WEIGHT * indexed.length) / (indexed.length + distance) });
		}
		return this.closest(near);
	}

	/** The `maxExpansions` heaviest expansions; ties to the more frequent term. */
	private closest(expansions: Expansion[]): Expansion[] {
		if (expansions.length <= this.options.maxExpansions) return expansions;
		return expansions
			.map((expansion) => ({ expansion, frequency: this.documentFrequency(expansion.id) }))
			.sort(
				(a, b) =>
					b.expansion.weight - a.expansion.weight ||
					b.frequency - a.frequency ||
					(a.expansion.term < b.expansion.term ? -1 : 1),
			)
			.slice(0, this.options.maxExpansions)
			.map(({ expansion }) => expansion);
	}

	/** The most postings the term has in one field (discarded documents included until compaction). */
	private documentFrequency(term: number): number {
		let frequency = 0;
		for (let field = 0; field < this.postings.fieldCount; field++)
			frequency = Math.max(frequency, this.postings.fieldFrequency(term, field));
		return frequency;
	}

	/** Adds one indexed term's BM25 to every document holding it; returns the new touched count. */
	private scoreTerm({ id, weight }: Expansion, termBit: number, touchedCount: number): number {
		const { postings, boosts, frequencies, factors, norms, scores, termMasks, touched } = this;
		const { live, lengths, fieldCount, averageLengths, documentCount: total } = postings;
		const { k, b, d } = BM25;
		this.liveFrequencies(id);
		for (let field = 0; field < fieldCount; field++) {
			const frequency = frequencies[field];
			factors[field] = weight * boosts[field] * Math.log(1 + (total - frequency + 0.5) / (frequency + 0.5));
			norms[field] = (k * b) / averageLengths[field];
		}
		const base = k * (1 - b);
		let count = touchedCount;
		for (let address = postings.head[id]; address !== NO_CHUNK;) {
			const page = postings.docFieldPages[address >>> PAGE_BITS];
			const tfPage = postings.tfPages[address >>> PAGE_BITS];
			const start = (address & PAGE_MASK) + CHUNK_HEADER;
			const next = page[start - 1];
			const end = start + (next === NO_CHUNK ? postings.tailUsed[id] : page[start - CHUNK_HEADER]);
			for (let i = start; i < end; i++) {
				const docField = page[i];
				const doc = docField >>> FIELD_BITS;
				// Postings of discarded notes stay until compaction.
				if (live[doc] === 0) continue;
				const field = docField & FIELD_MASK;
				let tf = tfPage[i];
				if (tf === TF_SATURATED) tf = postings.overflowTf(id, docField);
				scores[doc] +=
					factors[field] * (d + (tf * (k + 1)) / (tf + base + norms[field] * lengths[doc * fieldCount + field]));
				const mask = termMasks[doc];
				if (mask === 0) touched[count++] = doc;
				termMasks[doc] = mask | termBit;
			}
			address = next;
		}
		return count;
	}

	/**
	 * Live postings of the term per field, into `frequencies`. Postings of discarded notes must
	 * not count: a note re-indexed unchanged (the watcher's echo of a write) would otherwise shift
	 * every score until compaction.
	 */
	private liveFrequencies(term: number): void {
		const { postings, frequencies } = this;
		const { live, fieldCount } = postings;
		for (let field = 0; field < fieldCount; field++) frequencies[field] = postings.fieldFrequency(term, field);
		if (postings.deadPostings === 0) return;
		frequencies.fill(0);
		this.forEachPosting(term, (docField) => {
			if (live[docField >>> FIELD_BITS] === 1) frequencies[docField & FIELD_MASK]++;
		});
	}

	private forEachPosting(term: number, visit: (docField: number) => void): void {
		const { postings } = this;
		for (let address = postings.head[term]; address !== NO_CHUNK;) {
			const page = postings.docFieldPages[address >>> PAGE_BITS];
			const start = (address & PAGE_MASK) + CHUNK_HEADER;
			const next = page[start - 1];
			const end = start + (next === NO_CHUNK ? postings.tailUsed[term] : page[start - CHUNK_HEADER]);
			for (let i = start; i < end; i++) visit(page[i]);
			address = next;
		}
	}

	private best(
		touchedCount: number,
		limit: number,
		accept: ((key: number) => boolean) | undefined,
	): { id: number; score: number }[] {
		const { scores, termMasks, touched } = this;
		const top = new TopK(Math.min(limit, touchedCount));
		for (let i = 0; i < touchedCount; i++) {
			const doc = touched[i];
			if (accept === undefined || accept(doc)) top.offer(doc, scores[doc] * bitCount(termMasks[doc]));
		}
		return top.sorted();
	}

	/** Fills each hit's `fields`: one pass over the postings of every matched expansion. */
	private describeFields(hits: ScoredKey[], expansions: [number, Expansion[]][]): void {
		const byDoc = new Map<number, ScoredKey>();
		for (const hit of hits) {
			hit.fields = {};
			byDoc.set(hit.key, hit);
		}
		for (const [j, [, list]] of expansions.entries()) {
			for (const { term, id } of list) {
				this.forEachPosting(id, (docField) => {
					const hit = byDoc.get(docField >>> FIELD_BITS);
					if (hit?.fields === undefined || (this.termMasks[hit.key] & (1 << j)) === 0) return;
					(hit.fields[term] ??= []).push(this.options.fields[docField & FIELD_MASK]);
				});
			}
		}
	}

	private reset(touchedCount: number): void {
		const { scores, termMasks, touched } = this;
		for (let i = 0; i < touchedCount; i++) {
			const doc = touched[i];
			scores[doc] = 0;
			termMasks[doc] = 0;
		}
	}

	/** Scratch arrays indexed by document id, which only grows (a changed note gets a new one). */
	private ensureCapacity(ids: number): void {
		if (this.scores.length >= ids) return;
		const size = Math.max(ids, Math.ceil(this.scores.length * 1.5), 1024);
		// The scratch arrays are all zero between searches: new ones need no copy.
		this.scores = new Float64Array(size);
		this.termMasks = new Uint32Array(size);
		this.touched = new Int32Array(size);
	}
}

function bitCount(mask: number): number {
	let bits = mask - ((mask >>> 1) & 0x55555555);
	bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
	return Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
