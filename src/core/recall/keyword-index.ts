import MiniSearch, { type AsPlainObject, type Options } from "minisearch";
import type { KeywordDocument } from "./keyword-document";
import { parseKeywordSettings, type KeywordSettings, type KeywordSettingsInput } from "./keyword-settings";
import { isCjkTerm, tokenize } from "./tokenize";

export const KEYWORD_FIELDS = ["title", "aliases", "headings", "tags", "body"] as const;
export type KeywordField = (typeof KEYWORD_FIELDS)[number];

export interface KeywordHit {
	/** The note's path. */
	id: string;
	/** BM25 with field boosts; prefix and fuzzy matches count less than exact ones. */
	score: number;
	/** The query's terms (as tokenized) that matched. */
	terms: string[];
	/** Each matched indexed term (a query term or its prefix/fuzzy expansion) and the fields it was found in. */
	fields: Record<string, KeywordField[]>;
}

export interface KeywordSearchOptions {
	/** At most this many hits, best first (default: all). */
	limit?: number;
	/** Keeps only the notes for which it returns true. */
	filter?: (id: string) => boolean;
}

/** The index as plain data (see `toJSON`); `docs` rows are `[internal key, path, stamp]`. */
export interface KeywordIndexData {
	nextKey: number;
	docs: [key: number, path: string, stamp: string][];
	index: AsPlainObject;
}

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
	private readonly entries = new Map<string, Entry>();
	private readonly pathByKey = new Map<number, string>();
	private nextKey = 0;

	constructor(settings: KeywordSettingsInput = {}) {
		this.settings = parseKeywordSettings(settings);
		this.mini = new MiniSearch(miniSearchOptions(this.settings));
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
		index.mini = MiniSearch.loadJS(indexData, miniSearchOptions(index.settings));
		for (const row of docs) {
			const [key, path, stamp] = Array.isArray(row) ? row : [];
			if (typeof key !== "number" || typeof path !== "string" || typeof stamp !== "string" || key >= nextKey) {
				throw new Error(`Keyword index data is malformed: bad document row ${JSON.stringify(row)}.`);
			}
			if (!index.mini.has(key) || index.entries.has(path) || index.pathByKey.has(key)) {
				throw new Error(`Keyword index data is inconsistent: "${path}" (key ${key}) is missing from the index or listed twice.`);
			}
			index.entries.set(path, { key, stamp });
			index.pathByKey.set(key, path);
		}
		if (index.entries.size !== index.mini.documentCount) {
			throw new Error(`Keyword index data is inconsistent: ${index.entries.size} documents listed, ${index.mini.documentCount} indexed.`);
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
		if (this.entries.has(doc.id)) throw new Error(`Keyword index: "${doc.id}" is already indexed; use replace() to update it.`);
		const key = this.nextKey++;
		this.mini.add({ key, doc });
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
		this.mini.discard(entry.key);
		this.mini.add({ key: entry.key, doc });
		entry.stamp = stamp;
	}

	/** False when the note was not indexed. */
	remove(id: string): boolean {
		const entry = this.entries.get(id);
		if (!entry) return false;
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

	search(query: string, options: KeywordSearchOptions = {}): KeywordHit[] {
		const { limit = Number.POSITIVE_INFINITY, filter } = options;
		const results = this.mini.search(query, filter ? { filter: (result) => filter(this.pathOf(result.id)) } : {});
		const hits: KeywordHit[] = [];
		for (const result of results) {
			if (hits.length >= limit) break;
			hits.push({
				id: this.pathOf(result.id),
				score: result.score,
				terms: result.queryTerms,
				fields: result.match as Record<string, KeywordField[]>,
			});
		}
		return hits;
	}

	toJSON(): KeywordIndexData {
		const docs: KeywordIndexData["docs"] = [];
		for (const [path, { key, stamp }] of this.entries) docs.push([key, path, stamp]);
		return { nextKey: this.nextKey, docs, index: this.mini.toJSON() };
	}

	private pathOf(key: unknown): string {
		const path = this.pathByKey.get(key as number);
		if (path === undefined) throw new Error(`Keyword index: internal key ${String(key)} has no path.`);
		return path;
	}
}

function miniSearchOptions(settings: KeywordSettings): Options<Indexed> {
	const stopWords = new Set(settings.stopWords.flatMap((word) => tokenize(word)));
	const { prefixMinLength, fuzzyMinLength, fuzziness, maxBodyChars } = settings;
	return {
		idField: "key",
		fields: [...KEYWORD_FIELDS],
		extractField: (indexed, field) => (field === "key" ? indexed.key : fieldText(indexed.doc, field as KeywordField, maxBodyChars)),
		tokenize: (text) => tokenize(text),
		processTerm: (term) => (stopWords.has(term) ? null : term),
		searchOptions: {
			boost: { ...settings.boost },
			combineWith: "OR",
			// CJK terms are bigrams, so a one-character query needs the prefix to find them.
			prefix: (term) => term.length >= prefixMinLength || isCjkTerm(term),
			fuzzy: (term) => (term.length >= fuzzyMinLength && fuzziness > 0 && !isCjkTerm(term) ? fuzziness : false),
		},
	};
}

function fieldText(doc: KeywordDocument, field: KeywordField, maxBodyChars: number): string {
	if (field === "body") return doc.body.length > maxBodyChars ? doc.body.slice(0, maxBodyChars) : doc.body;
	const value = doc[field];
	return typeof value === "string" ? value : value.join("\n");
}
