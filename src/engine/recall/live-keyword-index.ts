import type { LoadedNote } from "../../core/model/vault";
import type { KeywordSettingsInput } from "../../core/model/keyword-settings";
import { KeywordIndex } from "../../core/recall/keyword/keyword-index";
import { keywordDocument } from "../../core/recall/keyword/keyword-document";
import { fileStamp } from "./keyword-cache";

/**
 * The keyword index recall answers from, over its whole life: adopted from the cache at start,
 * fed every note the vault index reads, replaced by a full re-index or by changed settings.
 */
export class LiveKeywordIndex {
	private live: KeywordIndex;
	/** Bumped on every keyword index change, so a host saves the cache only when it changed. */
	private changes = 0;
	/**
	 * Notes of a cached keyword index not read since start: the first read skips re-indexing one
	 * whose stamp still matches. Every later read re-indexes, since an edit can keep mtime and size.
	 */
	private fromCache: Set<string>;
	/** A full re-index (see `reindex`): "listing" until it reads its first note, then "reading"; null otherwise. */
	private reindexing: "listing" | "reading" | null = null;
	/** Set when a re-index replaces the keyword index, cleared when it succeeds. */
	private incompleteIndex = false;
	/** Keyword settings the next re-index starts its index with (see `useSettings`). */
	private nextSettings: KeywordSettingsInput | null = null;

	constructor(cached: KeywordIndex | undefined, settings: KeywordSettingsInput | undefined) {
		this.live = cached ?? new KeywordIndex(settings ?? {});
		this.fromCache = new Set(cached?.ids() ?? []);
	}

	get index(): KeywordIndex {
		return this.live;
	}

	/** How many keyword index changes so far (compare two readings to know whether to save the cache). */
	get version(): number {
		return this.changes;
	}

	/** True from a re-index's first read until a re-index succeeds: the index lacks notes not read yet. */
	get incomplete(): boolean {
		return this.incompleteIndex;
	}

	/**
	 * Takes a keyword index loaded from the cache, before the vault index is built: notes whose
	 * stamp still matches are then not re-tokenized.
	 */
	adoptCached(index: KeywordIndex): void {
		this.live = index;
		this.fromCache = new Set(index.ids());
	}

	/**
	 * Runs a full re-index of the vault (`build`) into a fresh keyword index, which takes the
	 * current one's place as the build reads its first note: one index at a time, as at a first
	 * start. Two of them (the old one answering while the new one filled) were ≈ 140 MB more at
	 * 100k notes, and the old one's garbage at the swap one long collection. Until the build
	 * succeeds the index holds the notes read so far, so search and recall answer from those,
	 * recall marked partial; a build that fails after its first read leaves recall partial until
	 * a rebuild succeeds. Re-adding every note to the live index instead would keep every old
	 * posting until a compaction, as much as a second index.
	 */
	async reindex<T>(build: () => Promise<T>): Promise<T> {
		this.reindexing = "listing";
		try {
			const result = await build();
			this.incompleteIndex = false;
			return result;
		} finally {
			this.reindexing = null;
		}
	}

	/**
	 * Changed keyword settings. Every one of them lives in the keyword index (how a note is
	 * tokenized, how a query matches), so they apply to an empty index at once and otherwise from
	 * the next `reindex`, which starts a fresh index with them.
	 */
	useSettings(settings: KeywordSettingsInput): void {
		if (this.live.size === 0 && this.reindexing === null) {
			this.live = new KeywordIndex(settings);
			this.fromCache.clear();
		} else {
			this.nextSettings = settings;
		}
	}

	/** (Re)indexes a note the vault index read, unless it is a cached note read for the first time at the same stamp. */
	noteRead(note: LoadedNote): void {
		const path = note.file.path;
		const stamp = fileStamp(note.file);
		if (this.reindexing === "listing") this.startReindexing();
		const keyword = this.live;
		const cachedAndUnchanged = this.fromCache.delete(path) && keyword.stampOf(path) === stamp;
		if (!cachedAndUnchanged) {
			keyword.replace(keywordDocument(path, note.content, note.parsed, keyword.settings), stamp);
			this.changes++;
		}
	}

	/**
	 * True, and the note counts as read, when the cached index holds it at this very stamp and it
	 * was not read since: what recall derives from its text may then come from its digest.
	 */
	takeCachedUnread(path: string, stamp: string): boolean {
		if (!this.fromCache.has(path) || this.live.stampOf(path) !== stamp) return false;
		this.fromCache.delete(path);
		return true;
	}

	remove(path: string): void {
		this.changes++;
		this.live.remove(path);
	}

	rename(oldPath: string, newPath: string): void {
		this.changes++;
		this.live.rename(oldPath, newPath);
	}

	/** A re-index's first read: the keyword index starts empty (see `reindex`). */
	private startReindexing(): void {
		this.reindexing = "reading";
		this.live = new KeywordIndex(this.nextSettings ?? this.live.settings);
		this.nextSettings = null;
		this.fromCache.clear();
		this.incompleteIndex = true;
		this.changes++;
	}
}
