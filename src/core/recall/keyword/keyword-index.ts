import type { KeywordDocument } from "./keyword-document";
import { parseKeywordSettings, type KeywordSettings, type KeywordSettingsInput } from "../../model/keyword-settings";
import { KeywordPostings, type FieldTerms } from "./keyword-postings";
import { KeywordScorer, type QueryTerm } from "./keyword-scorer";
import { isCjkTerm, stemTerm, tokenize } from "./tokenize";

export const KEYWORD_FIELDS = ["title", "aliases", "headings", "tags", "body"] as const;
export type KeywordField = (typeof KEYWORD_FIELDS)[number];

export interface KeywordHit {
	/** The note's path. */
	id: string;
	/** BM25 with field boosts; prefix and fuzzy matches count less than exact ones. */
	score: number;
	/** The query's words (tokenized, before stemming) that matched. */
	terms: string[];
	/** With `withFields`: each matched indexed term (stemmed; a query term or its prefix/typo expansion) and the fields it is in. */
	fields?: Record<string, KeywordField[]>;
}

export interface KeywordMatchOptions {
	/** At most this many hits, best first (default: all). */
	limit?: number;
	/** Keeps only the notes for which it returns true. */
	filter?: (id: string) => boolean;
	/** Also report which indexed terms matched in which fields (costs a few lookups per hit). */
	withFields?: boolean;
}

/** Edit distance cap, whatever the fuzziness: the typo search grows steeply with it. */
const MAX_TYPOS = 6;

interface Entry {
	/** The note's document id in the postings store; a new one on every replace. */
	doc: number;
	stamp: string;
}

/**
 * Full-text index of notes: title, aliases, headings, tags and body, with prefix and fuzzy
 * matching and field boosts, scored like MiniSearch (whose radix tree holds the terms) over a
 * compact postings store (`KeywordPostings`). Each note carries an opaque `stamp` from the
 * caller (e.g. mtime and size) that the cache uses to tell which notes changed since it was
 * saved. `encodeKeywordIndex` / `decodeKeywordIndex` turn it into bytes and back.
 */
export class KeywordIndex {
	readonly settings: KeywordSettings;
	/** The postings store, for the codec; change it only through this class. */
	readonly postings: KeywordPostings;
	private readonly scorer: KeywordScorer;
	private readonly entries = new Map<string, Entry>();
	/** Path of each live document id. */
	private readonly pathOfDoc: (string | undefined)[] = [];
	/** A token as indexed: null for a stop word, else stemmed when stemming is on. */
	private readonly termOf: (token: string) => string | null;

	constructor(settings: KeywordSettingsInput = {}, postings = new KeywordPostings(KEYWORD_FIELDS.length)) {
		this.settings = parseKeywordSettings(settings);
		this.termOf = termProcessor(this.settings);
		this.postings = postings;
		const { boost, maxExpansions } = this.settings;
		this.scorer = new KeywordScorer(postings, { fields: KEYWORD_FIELDS, boost, maxExpansions });
	}

	/**
	 * For the decoder: records that the note at `path` is the store's live document `doc`. Throws
	 * when the document is not live or the note or document is listed twice.
	 */
	adopt(path: string, doc: number, stamp: string): void {
		if (this.postings.live[doc] !== 1 || this.pathOfDoc[doc] !== undefined || this.entries.has(path))
			throw new Error(
				`Keyword index data is inconsistent: "${path}" (document ${doc}) is not indexed or listed twice.`,
			);
		this.entries.set(path, { doc, stamp });
		this.pathOfDoc[doc] = path;
	}

	get size(): number {
		return this.entries.size;
	}

	/** Distinct indexed terms (including some of removed notes until the next compaction). */
	get termCount(): number {
		return this.postings.terms.size;
	}

	has(id: string): boolean {
		return this.entries.has(id);
	}

	/** The stamp given with the note's last `add`/`replace` ("" after a rename). */
	stampOf(id: string): string | undefined {
		return this.entries.get(id)?.stamp;
	}

	ids(): string[] {
		return [...this.entries.keys()];
	}

	/** Every note with its document id and stamp, in no particular order. */
	*notes(): IterableIterator<{ path: string; doc: number; stamp: string }> {
		for (const [path, { doc, stamp }] of this.entries) yield { path, doc, stamp };
	}

	/** Indexes a new note; throws if `doc.id` is already indexed (use `replace`). */
	add(doc: KeywordDocument, stamp = ""): void {
		if (this.entries.has(doc.id))
			throw new Error(`Keyword index: "${doc.id}" is already indexed; use replace() to update it.`);
		const id = this.postings.add(this.fieldTerms(doc));
		this.entries.set(doc.id, { doc: id, stamp });
		this.pathOfDoc[id] = doc.id;
	}

	/** Indexes the note's new content in place of the old (or adds it). */
	replace(doc: KeywordDocument, stamp = ""): void {
		const entry = this.entries.get(doc.id);
		if (!entry) {
			this.add(doc, stamp);
			return;
		}
		const fields = this.fieldTerms(doc);
		this.discard(entry.doc);
		entry.doc = this.postings.add(fields);
		entry.stamp = stamp;
		this.pathOfDoc[entry.doc] = doc.id;
	}

	/** False when the note was not indexed. */
	remove(id: string): boolean {
		const entry = this.entries.get(id);
		if (!entry) return false;
		this.discard(entry.doc);
		this.entries.delete(id);
		return true;
	}

	/**
	 * Moves a note's entry to its new path without re-reading it; a note already at `to` is
	 * dropped. The title field still holds the old file name until the caller `replace`s the
	 * note, so the stamp is cleared and a cache saved before that marks the note stale.
	 */
	rename(from: string, to: string): boolean {
		const entry = this.entries.get(from);
		if (!entry) return false;
		if (from === to) return true;
		this.remove(to);
		this.entries.delete(from);
		this.entries.set(to, { doc: entry.doc, stamp: "" });
		this.pathOfDoc[entry.doc] = to;
		return true;
	}

	/**
	 * Notes matching any query word, best first. Each word is stop-worded and stemmed like the
	 * notes' words; longer words starting with it count less, and near spellings count only for a
	 * word that matches nothing (see `KeywordScorer`).
	 */
	match(query: string, options: KeywordMatchOptions = {}): KeywordHit[] {
		const { limit, filter, withFields } = options;
		const terms: QueryTerm[] = [];
		const words: string[] = [];
		const seen = new Set<string>();
		for (const word of tokenize(query)) {
			const term = this.termOf(word);
			if (term === null || seen.has(term)) continue;
			seen.add(term);
			terms.push(this.queryTerm(term));
			words.push(word);
		}
		const accept = filter ? (doc: number) => filter(this.pathOf(doc)) : undefined;
		return this.scorer.score(terms, { limit, accept, withFields }).map((scored) => {
			const hit: KeywordHit = {
				id: this.pathOf(scored.key),
				score: scored.score,
				terms: scored.terms.map((i) => words[i]),
			};
			if (scored.fields) hit.fields = scored.fields as Record<string, KeywordField[]>;
			return hit;
		});
	}

	private discard(doc: number): void {
		this.postings.discard(doc);
		this.pathOfDoc[doc] = undefined;
	}

	/**
	 * The document as MiniSearch would index it: per field, the number of distinct tokens (its
	 * field length) and each indexed term's count.
	 */
	private fieldTerms(doc: KeywordDocument): FieldTerms[] {
		const { maxBodyChars } = this.settings;
		return KEYWORD_FIELDS.map((field) => {
			const tokens = tokenize(fieldText(doc, field, maxBodyChars));
			const terms = new Map<string, number>();
			for (const token of tokens) {
				const term = this.termOf(token);
				if (term !== null) terms.set(term, (terms.get(term) ?? 0) + 1);
			}
			return { length: new Set(tokens).size, terms };
		});
	}

	private queryTerm(term: string): QueryTerm {
		const { prefixMinLength, fuzzyMinLength, fuzziness } = this.settings;
		const cjk = isCjkTerm(term);
		// CJK terms are bigrams, so a one-character query needs the prefix to find them.
		const prefix = term.length >= prefixMinLength || cjk;
		const maxTypos =
			term.length >= fuzzyMinLength && !cjk ? Math.min(MAX_TYPOS, Math.round(term.length * fuzziness)) : 0;
		return { term, prefix, maxTypos };
	}

	private pathOf(doc: number): string {
		const path = this.pathOfDoc[doc];
		if (path === undefined) throw new Error(`Keyword index: document ${doc} has no path.`);
		return path;
	}
}

/** Distinct words whose stems are remembered: a vault's vocabulary repeats, stemming a word is slow. */
const STEM_CACHE_SIZE = 50_000;

function termProcessor(settings: KeywordSettings): (token: string) => string | null {
	const stopWords = new Set(settings.stopWords.flatMap((word) => tokenize(word)));
	if (!settings.stemming) return (token) => (stopWords.has(token) ? null : token);
	const stems = new Map<string, string>();
	return (token) => {
		if (stopWords.has(token)) return null;
		let stem = stems.get(token);
		if (stem === undefined) {
			if (stems.size >= STEM_CACHE_SIZE) stems.clear();
			stem = stemTerm(token);
			stems.set(token, stem);
		}
		return stem;
	};
}

function fieldText(doc: KeywordDocument, field: KeywordField, maxBodyChars: number): string {
	if (field === "body") return doc.body.length > maxBodyChars ? doc.body.slice(0, maxBodyChars) : doc.body;
	const value = doc[field];
	return typeof value === "string" ? value : value.join("\n");
}
