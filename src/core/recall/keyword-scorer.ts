import type MiniSearch from "minisearch";
import { TopK } from "./top-k";

/** One processed (stop-worded, stemmed) query term and how far it may be expanded. */
export interface QueryTerm {
	term: string;
	/** Also match longer indexed terms that start with it. */
	prefix: boolean;
	/** Edit distance allowed when the term matches nothing exactly or by prefix; 0 for none. */
	maxTypos: number;
}

export interface ScoredKey {
	/** The document's id in MiniSearch (the keyword index's internal key). */
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
	/** Keeps only the documents (by MiniSearch id) for which it returns true. */
	accept?: (key: number) => boolean;
	/** Also report the matched indexed terms and their fields (a few lookups per hit). */
	withFields?: boolean;
}

export interface ScorerOptions {
	fields: readonly string[];
	/** Score multiplier per field name. */
	boost: Readonly<Record<string, number>>;
	/** At most this many prefix or typo expansions per query term, the closest first. */
	maxExpansions: number;
}

/** term → field id → MiniSearch short document id → term frequency. */
type TermData = Map<number, Map<number, number>>;

/**
 * The parts of MiniSearch's index the scorer reads: its protected fields, present at run time
 * (minisearch is pinned to 7.2.0; `keyword-scorer.test.ts` checks the scores against
 * `MiniSearch#search`).
 */
interface MiniSearchInternals {
	_index: {
		get(term: string): TermData | undefined;
		atPrefix(prefix: string): Iterable<[string, TermData]>;
		fuzzyGet(term: string, maxDistance: number): Map<string, [TermData, number]>;
	};
	_documentIds: Map<number, unknown>;
	_idToShortId: Map<unknown, number>;
	_fieldIds: Record<string, number>;
	_fieldLength: Map<number, number[]>;
	_avgFieldLength: number[];
	_documentCount: number;
	/** Discarded documents whose postings are still in the index (until a vacuum). */
	_dirtCount: number;
	_nextId: number;
}

interface Expansion {
	term: string;
	data: TermData;
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
 * BM25 over MiniSearch's index, scored the way `MiniSearch#search` scores (field boosts, prefix
 * and typo expansions weighted down, the sum times the number of query terms matched), but into
 * typed arrays indexed by document, keeping only the best `limit`. MiniSearch builds a result
 * object per matching posting and sorts every matching document, which at 100k notes costs
 * hundreds of milliseconds for a question of ordinary words; this costs a few.
 *
 * Typos are a fallback: a term is expanded to near spellings only when it matches no indexed
 * term exactly or by prefix, and every term to at most `maxExpansions` other terms. A query of
 * more than `MAX_QUERY_TERMS` terms keeps its rarest.
 *
 * Which documents are live and their field lengths are kept in typed arrays too (a posting
 * would otherwise cost two lookups in 100k-entry Maps), so the owner of the MiniSearch instance
 * must report every `add` (`added`) and `discard` (`discarding`).
 */
export class KeywordScorer {
	private readonly mini: MiniSearchInternals;
	/** [field id, boost, field name] of each searched field. */
	private readonly fields: [number, number, string][];
	/** Field ids run from 0 to stride − 1: `lengths[doc * stride + field]`. */
	private readonly stride: number;
	/** 1 for a document MiniSearch holds, 0 for a discarded one whose postings may remain. */
	private live = new Uint8Array(0);
	/** Unique words per field of each document (MiniSearch's field length). */
	private lengths = new Uint32Array(0);
	// Scratch space of a search, all zero between searches: each document's score so far, the query
	// terms it matched (one bit per term searched), and the documents with a score, in the order reached.
	private scores = new Float64Array(0);
	private termMasks = new Uint32Array(0);
	private touched = new Int32Array(0);

	constructor(
		mini: MiniSearch<never>,
		private readonly options: ScorerOptions,
	) {
		this.mini = mini as unknown as MiniSearchInternals;
		this.fields = options.fields.map((name) => [this.mini._fieldIds[name], options.boost[name] ?? 1, name]);
		this.stride = Object.keys(this.mini._fieldIds).length;
		this.ensureCapacity(this.mini._nextId);
		for (const doc of this.mini._documentIds.keys()) this.track(doc);
	}

	/** Call after MiniSearch has added the document with this id. */
	added(id: unknown): void {
		const doc = this.mini._idToShortId.get(id);
		if (doc === undefined) throw new Error(`Keyword scorer: document ${String(id)} is not in the index.`);
		this.ensureCapacity(doc + 1);
		this.track(doc);
	}

	/** Call before MiniSearch discards the document with this id. */
	discarding(id: unknown): void {
		const doc = this.mini._idToShortId.get(id);
		if (doc !== undefined) this.live[doc] = 0;
	}

	/** The best documents for the query terms, best first. */
	search(query: readonly QueryTerm[], options: ScoreOptions = {}): ScoredKey[] {
		const { limit = Number.POSITIVE_INFINITY, accept, withFields = false } = options;
		if (query.length === 0 || limit <= 0) return [];
		// Bit j of a document's mask stands for expansions[j], the query term at index expansions[j][0].
		const expansions = this.rarest(query.map((term) => this.expand(term)));
		let touchedCount = 0;
		for (const [j, [, list]] of expansions.entries()) {
			for (const expansion of list) touchedCount = this.scoreTerm(expansion, 1 << j, touchedCount);
		}
		const top = this.best(touchedCount, limit, accept);
		const hits = top.map(({ id, score }) => this.describe(id, score, expansions, withFields));
		this.reset(touchedCount);
		return hits;
	}

	/** [index, expansions] of the query terms that match anything, at most `MAX_QUERY_TERMS`: the rarest. */
	private rarest(expansions: Expansion[][]): [number, Expansion[]][] {
		const matching = [...expansions.entries()].filter(([, list]) => list.length > 0);
		if (matching.length <= MAX_QUERY_TERMS) return matching;
		const postings = (list: Expansion[]): number =>
			list.reduce((sum, expansion) => sum + documentFrequency(expansion.data), 0);
		return matching
			.map((entry) => ({ entry, postings: postings(entry[1]) }))
			.sort((a, b) => a.postings - b.postings || a.entry[0] - b.entry[0])
			.slice(0, MAX_QUERY_TERMS)
			.map(({ entry }) => entry)
			.sort((a, b) => a[0] - b[0]);
	}

	/** The term itself, its prefix expansions, and near spellings if neither is indexed. */
	private expand({ term, prefix, maxTypos }: QueryTerm): Expansion[] {
		const index = this.mini._index;
		const found: Expansion[] = [];
		const exact = index.get(term);
		if (exact) found.push({ term, data: exact, weight: 1 });
		if (prefix) {
			const longer: Expansion[] = [];
			for (const [indexed, data] of index.atPrefix(term)) {
				if (indexed.length === term.length) continue;
				const distance = indexed.length - term.length;
				longer.push({
					term: indexed,
					data,
					weight: (PREFIX_WEIGHT * indexed.length) / (indexed.length + 0.3 * distance),
				});
			}
			found.push(...this.closest(longer));
		}
		if (found.length > 0 || maxTypos <= 0) return found;
		const near: Expansion[] = [];
		for (const [indexed, [data, distance]] of index.fuzzyGet(term, maxTypos)) {
			if (distance > 0)
				near.push({ term: indexed, data, weight: (TYPO_WEIGHT * indexed.length) / (indexed.length + distance) });
		}
		return this.closest(near);
	}

	/** The `maxExpansions` heaviest expansions; ties to the more frequent term. */
	private closest(expansions: Expansion[]): Expansion[] {
		if (expansions.length <= this.options.maxExpansions) return expansions;
		return expansions
			.map((expansion) => ({ expansion, frequency: documentFrequency(expansion.data) }))
			.sort(
				(a, b) =>
					b.expansion.weight - a.expansion.weight ||
					b.frequency - a.frequency ||
					(a.expansion.term < b.expansion.term ? -1 : 1),
			)
			.slice(0, this.options.maxExpansions)
			.map(({ expansion }) => expansion);
	}

	/** Adds one indexed term's BM25 to every document holding it; returns the new touched count. */
	private scoreTerm({ data, weight }: Expansion, termBit: number, touchedCount: number): number {
		const { _avgFieldLength: averages, _documentCount: total } = this.mini;
		const { live, lengths, stride, scores, termMasks, touched } = this;
		const { k, b, d } = BM25;
		let count = touchedCount;
		for (const [fieldId, boost] of this.fields) {
			const postings = data.get(fieldId);
			if (postings === undefined) continue;
			// Postings of discarded notes must not count: a note re-indexed unchanged (the watcher's
			// echo of a write) would otherwise shift every score until MiniSearch vacuums.
			const frequency = this.mini._dirtCount === 0 ? postings.size : liveCount(postings, live);
			const idf = Math.log(1 + (total - frequency + 0.5) / (frequency + 0.5));
			const factor = weight * boost * idf;
			const lengthNorm = (k * b) / averages[fieldId];
			const base = k * (1 - b);
			for (const [doc, tf] of postings) {
				// Postings of removed notes stay until MiniSearch vacuums them.
				if (live[doc] === 0) continue;
				scores[doc] += factor * (d + (tf * (k + 1)) / (tf + base + lengthNorm * lengths[doc * stride + fieldId]));
				const mask = termMasks[doc];
				if (mask === 0) touched[count++] = doc;
				termMasks[doc] = mask | termBit;
			}
		}
		return count;
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
			if (accept === undefined || accept(this.mini._documentIds.get(doc) as number))
				top.offer(doc, scores[doc] * bitCount(termMasks[doc]));
		}
		return top.sorted();
	}

	private describe(doc: number, score: number, expansions: [number, Expansion[]][], withFields: boolean): ScoredKey {
		const mask = this.termMasks[doc];
		const matched = expansions.filter((_, j) => (mask & (1 << j)) !== 0);
		const hit: ScoredKey = { key: this.mini._documentIds.get(doc) as number, score, terms: matched.map(([i]) => i) };
		if (!withFields) return hit;
		const fields: Record<string, string[]> = {};
		for (const [, list] of matched) {
			for (const { term, data } of list) {
				for (const [fieldId, , name] of this.fields) if (data.get(fieldId)?.has(doc)) (fields[term] ??= []).push(name);
			}
		}
		hit.fields = fields;
		return hit;
	}

	private reset(touchedCount: number): void {
		const { scores, termMasks, touched } = this;
		for (let i = 0; i < touchedCount; i++) {
			const doc = touched[i];
			scores[doc] = 0;
			termMasks[doc] = 0;
		}
	}

	private track(doc: number): void {
		const lengths = this.mini._fieldLength.get(doc) ?? [];
		for (let field = 0; field < this.stride; field++) this.lengths[doc * this.stride + field] = lengths[field] ?? 0;
		this.live[doc] = 1;
	}

	/** Arrays indexed by MiniSearch's short ids, which only grow (a changed note gets a new one). */
	private ensureCapacity(ids: number): void {
		if (this.scores.length >= ids) return;
		const size = Math.max(ids, Math.ceil(this.scores.length * 1.5), 1024);
		const live = new Uint8Array(size);
		live.set(this.live);
		this.live = live;
		const lengths = new Uint32Array(size * this.stride);
		lengths.set(this.lengths);
		this.lengths = lengths;
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

function documentFrequency(data: TermData): number {
	let frequency = 0;
	for (const postings of data.values()) frequency = Math.max(frequency, postings.size);
	return frequency;
}

function liveCount(postings: Map<number, number>, live: Uint8Array): number {
	let count = 0;
	for (const doc of postings.keys()) count += live[doc];
	return count;
}
