import MiniSearch, { type AsPlainObject, type Options } from "minisearch";
import type { KeywordDocument } from "./keyword-document";
import { parseKeywordSettings, type KeywordSettings, type KeywordSettingsInput } from "../model/keyword-settings";
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

export interface KeywordSearchOptions {
	/** At most this many hits, best first (default: all). */
	limit?: number;
	/** Keeps only the notes for which it returns true. */
	filter?: (id: string) => boolean;
	/** Also report which indexed terms matched in which fields (costs a few lookups per hit). */
	withFields?: boolean;
}

/** The index as plain data (see `toJSON`); `docs` rows are `[internal key, path, stamp]`. */
export interface KeywordIndexData {
	nextKey: number;
	docs: [key: number, path: string, stamp: string][];
	index: AsPlainObject;
}

/** Edit distance cap, whatever the fuzziness: the typo search grows steeply with it. */
const MAX_TYPOS = 6;

interface Indexed {
	key: number;
	doc: KeywordDocument;
}

interface Entry {
	key: number;
	stamp: string;
}

/**
 * Full-text index of notes over MiniSearch: title, aliases, headings, tags and body, with
 * prefix and fuzzy matching and field boosts. Notes are indexed under internal numeric keys so
 * a rename only relabels them. Each note carries an opaque `stamp` from the caller (e.g. mtime
 * and size) that the cache uses to tell which notes changed since it was saved.
 */
export class KeywordIndex {
	readonly settings: KeywordSettings;
	private mini: MiniSearch<Indexed>;
	private scorer: KeywordScorer;
	private readonly entries = new Map<string, Entry>();
	private readonly pathByKey = new Map<number, string>();
	private nextKey = 0;
	/** A token as indexed: null for a stop word, else stemmed when stemming is on. */
	private readonly termOf: (token: string) => string | null;

	constructor(settings: KeywordSettingsInput = {}) {
		this.settings = parseKeywordSettings(settings);
		this.termOf = termProcessor(this.settings);
		this.mini = new MiniSearch(miniSearchOptions(this.settings, this.termOf));
		this.scorer = this.scorerFor(this.mini);
	}

	/**
	 * Rebuilds an index from `toJSON` output. `settings` must give the same index signature
	 * (see `indexSignature`) as when it was saved; the cache checks that. Throws when the data
	 * is malformed or inconsistent.
	 */
	static fromJSON(data: unknown, settings: KeywordSettingsInput = {}): KeywordIndex {
		const index = new KeywordIndex(settings);
		const { docs, nextKey, index: indexData } = (data ?? {}) as Partial<KeywordIndexData>;
		if (!Array.isArray(docs) || typeof nextKey !== "number" || typeof indexData !== "object" || indexData === null) {
			throw new Error("Keyword index data is malformed: expected an object with nextKey, docs and index.");
		}
		index.mini = MiniSearch.loadJS(indexData, miniSearchOptions(index.settings, index.termOf));
		index.scorer = index.scorerFor(index.mini);
		for (const row of docs) {
			const [key, path, stamp] = Array.isArray(row) ? row : [];
			if (typeof key !== "number" || typeof path !== "string" || typeof stamp !== "string" || key >= nextKey) {
				throw new Error(`Keyword index data is malformed: bad document row ${JSON.stringify(row)}.`);
			}
			if (!index.mini.has(key) || index.entries.has(path) || index.pathByKey.has(key)) {
				throw new Error(
					`Keyword index data is inconsistent: "${path}" (key ${key}) is missing from the index or listed twice.`,
				);
			}
			index.entries.set(path, { key, stamp });
			index.pathByKey.set(key, path);
		}
		if (index.entries.size !== index.mini.documentCount) {
			throw new Error(
				`Keyword index data is inconsistent: ${index.entries.size} documents listed, ${index.mini.documentCount} indexed.`,
			);
		}
		index.nextKey = nextKey;
		return index;
	}

	get size(): number {
		return this.entries.size;
	}

	/** Distinct indexed terms (including some of removed notes until MiniSearch vacuums them). */
	get termCount(): number {
		return this.mini.termCount;
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

	/** Indexes a new note; throws if `doc.id` is already indexed (use `replace`). */
	add(doc: KeywordDocument, stamp = ""): void {
		if (this.entries.has(doc.id))
			throw new Error(`Keyword index: "${doc.id}" is already indexed; use replace() to update it.`);
		const key = this.nextKey++;
		this.mini.add({ key, doc });
		this.scorer.added(key);
		this.entries.set(doc.id, { key, stamp });
		this.pathByKey.set(key, doc.id);
	}

	/** Indexes the note's new content in place of the old (or adds it). */
	replace(doc: KeywordDocument, stamp = ""): void {
		const entry = this.entries.get(doc.id);
		if (!entry) {
			this.add(doc, stamp);
			return;
		}
		// discard is O(1); MiniSearch vacuums the stale postings in the background once enough pile up.
		this.scorer.discarding(entry.key);
		this.mini.discard(entry.key);
		this.mini.add({ key: entry.key, doc });
		this.scorer.added(entry.key);
		entry.stamp = stamp;
	}

	/** False when the note was not indexed. */
	remove(id: string): boolean {
		const entry = this.entries.get(id);
		if (!entry) return false;
		this.scorer.discarding(entry.key);
		this.mini.discard(entry.key);
		this.entries.delete(id);
		this.pathByKey.delete(entry.key);
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
		this.entries.set(to, { key: entry.key, stamp: "" });
		this.pathByKey.set(entry.key, to);
		return true;
	}

	/**
	 * Notes matching any query word, best first. Each word is stop-worded and stemmed like the
	 * notes' words; longer words starting with it count less, and near spellings count only for a
	 * word that matches nothing (see `KeywordScorer`).
	 */
	search(query: string, options: KeywordSearchOptions = {}): KeywordHit[] {
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
		const accept = filter ? (key: number) => filter(this.pathOf(key)) : undefined;
		return this.scorer.search(terms, { limit, accept, withFields }).map((scored) => {
			const hit: KeywordHit = {
				id: this.pathOf(scored.key),
				score: scored.score,
				terms: scored.terms.map((i) => words[i]),
			};
			if (scored.fields) hit.fields = scored.fields as Record<string, KeywordField[]>;
			return hit;
		});
	}

	toJSON(): KeywordIndexData {
		const docs: KeywordIndexData["docs"] = [];
		for (const [path, { key, stamp }] of this.entries) docs.push([key, path, stamp]);
		return { nextKey: this.nextKey, docs, index: this.mini.toJSON() };
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

	private scorerFor(mini: MiniSearch<Indexed>): KeywordScorer {
		const { boost, maxExpansions } = this.settings;
		return new KeywordScorer(mini, { fields: KEYWORD_FIELDS, boost, maxExpansions });
	}

	private pathOf(key: unknown): string {
		const path = this.pathByKey.get(key as number);
		if (path === undefined) throw new Error(`Keyword index: internal key ${String(key)} has no path.`);
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

function miniSearchOptions(settings: KeywordSettings, termOf: (token: string) => string | null): Options<Indexed> {
	const { maxBodyChars } = settings;
	return {
		idField: "key",
		fields: [...KEYWORD_FIELDS],
		extractField: (indexed, field) =>
			field === "key" ? indexed.key : fieldText(indexed.doc, field as KeywordField, maxBodyChars),
		tokenize: (text) => tokenize(text),
		processTerm: termOf,
	};
}

function fieldText(doc: KeywordDocument, field: KeywordField, maxBodyChars: number): string {
	if (field === "body") return doc.body.length > maxBodyChars ? doc.body.slice(0, maxBodyChars) : doc.body;
	const value = doc[field];
	return typeof value === "string" ? value : value.join("\n");
}
