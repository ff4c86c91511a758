import type { LoadedNote } from "../../core/model/vault";
import { noteTitle } from "../../core/recall/keyword/keyword-document";
import type { CueRecord } from "../../core/cues/extract-cues";
import type { TabledCueRecord } from "../../core/cues/cue-table";
import { memoryFrontmatter } from "../../core/graph/node-attributes";
import { snippetOf } from "../../core/recall/recall-hits";
import { duplicateHash } from "../../core/recall/similarity/duplicates";
import { DuplicateHashIndex } from "../../core/recall/similarity/duplicate-hash-index";
import type { IndexChange } from "../index/vault-index";
import { CueIndex } from "./cue-index";
import { EpisodeIndex } from "./episode-index";
import { SnippetStore } from "./snippet-store";
import type { LiveKeywordIndex } from "./live-keyword-index";
import type { CurrentEmbeddings } from "./current-embeddings";
import type { RecallConflicts } from "./recall-conflicts";

/** What recall derives from a note's text besides its keywords: kept in the note digest. */
export interface NoteDerived<Cues = CueRecord> {
	snippet: string;
	/** duplicateHash of the body; null when the body is longer than any memory. */
	duplicateHash: number | null;
	cues: Cues;
}

/** Longest note body kept in the duplicate index: the longest memory a store accepts (100 KB). */
const MAX_DUPLICATE_CHARS = 100 * 1024;

/**
 * Takes in every note the vault index reads, removes or renames, and keeps each of recall's
 * per-note stores in step: the keyword index, the snippets, the duplicate hashes, the cues, the
 * episodes, the embeddings, and the conflict profiles that no longer hold.
 */
export class NoteIntake {
	/**
	 * The snippet concise recall shows, per note, taken when the note is loaded: reading ten notes
	 * per recall was most of its cost.
	 */
	readonly snippets = new SnippetStore();
	/** duplicateHash of each note's body (bodies longer than any memory left out): finds exact duplicates at store. ≈ 50 bytes a note. */
	private readonly duplicateHashes = new DuplicateHashIndex();
	/** Names, topics, tags, link texts and times of every note, for the cue channel. */
	readonly cues = new CueIndex();
	/** The episode (`memory_session`) of every note that has one. */
	readonly episodes = new EpisodeIndex();

	constructor(
		private readonly keyword: LiveKeywordIndex,
		private readonly embeddings: CurrentEmbeddings,
		private readonly conflicts: RecallConflicts,
	) {}

	/** A note the vault index read: it is (re)indexed everywhere. */
	loaded(note: LoadedNote): void {
		const path = note.file.path;
		this.keyword.noteRead(note);
		const body = note.content.slice(note.parsed.bodyStart).trim();
		this.snippets.set(path, snippetOf(body));
		this.conflicts.forget(path);
		if (body.length <= MAX_DUPLICATE_CHARS) this.duplicateHashes.set(path, duplicateHash(body));
		else this.duplicateHashes.delete(path);
		this.cues.update(path, { content: note.content, parsed: note.parsed, ctime: note.file.ctime }, noteTitle(path));
		this.episodes.update(path, memoryFrontmatter(note.parsed).session);
		this.embeddings.embed(note);
	}

	/**
	 * Takes what `loaded` would derive from a note's text from its digest instead (a start that
	 * does not read the note). False, changing nothing, unless the cached keyword index holds the
	 * note at this very stamp and it was not read since: then the caller must read the note.
	 */
	adoptDerived(
		path: string,
		stamp: string,
		session: string | undefined,
		derived: NoteDerived<CueRecord | TabledCueRecord>,
	): boolean {
		if (this.embeddings.current || !this.keyword.takeCachedUnread(path, stamp)) return false;
		this.snippets.set(path, derived.snippet);
		this.conflicts.forget(path);
		if (derived.duplicateHash === null) this.duplicateHashes.delete(path);
		else this.duplicateHashes.set(path, derived.duplicateHash);
		this.cues.set(path, derived.cues);
		this.episodes.update(path, session);
		return true;
	}

	/** What `adoptDerived` takes, as held for a note; undefined for a note not held. */
	derivedOf(path: string): NoteDerived | undefined {
		const snippet = this.snippets.get(path);
		const cues = this.cues.recordOf(path);
		if (snippet === undefined || cues === undefined) return undefined;
		return { snippet, duplicateHash: this.duplicateHashes.get(path) ?? null, cues };
	}

	/** Indexed notes whose body may repeat `text` word for word (same duplicateHash); read them to be sure. */
	exactDuplicateCandidates(text: string): string[] {
		const hash = duplicateHash(text);
		if (hash === 0) return [];
		return this.duplicateHashes.pathsWith(hash);
	}

	/** Follows the vault index's removals and renames. */
	changed(change: IndexChange): void {
		if (change.type === "remove") this.removed(change.path);
		else if (change.type === "rename") this.renamed(change.oldPath, change.path);
	}

	removed(path: string): void {
		this.keyword.remove(path);
		this.snippets.delete(path);
		this.conflicts.forget(path);
		this.duplicateHashes.delete(path);
		this.cues.remove(path);
		this.episodes.remove(path);
		this.embeddings.remove(path);
	}

	private renamed(oldPath: string, newPath: string): void {
		this.keyword.rename(oldPath, newPath);
		this.snippets.rename(oldPath, newPath);
		this.conflicts.forget(oldPath);
		this.duplicateHashes.rename(oldPath, newPath);
		this.cues.rename(oldPath, newPath);
		this.episodes.rename(oldPath, newPath);
		this.embeddings.rename(oldPath, newPath);
	}
}
