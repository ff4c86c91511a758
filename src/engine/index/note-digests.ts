import { decodeDigestNote, encodeDigestNote, savedCreation } from "../../core/digest/digest-graph-note";
import type { DecodedNoteDigest, DecodedNoteDigests, NoteDigest } from "../../core/digest/note-digest-codec";
import type { GraphNote } from "../../core/graph/types";
import type { EdgeType } from "../../core/model/edge-types";
import { WorkSlicer, type YieldNow } from "../../core/util/sliced-work";
import type { LoadedNote, VaultFile } from "../../core/model/vault";
import { fileStamp } from "../recall/keyword-cache";
import type { RecallService } from "../recall/recall-service";
import type { VaultIndex } from "./vault-index";

/** What a full index takes from a digest instead of reading the note. */
export interface DigestedNote {
	note: GraphNote;
	/** The warning the note gave when it was read; "" for none. */
	warning: string;
}

type DerivedSource = Pick<RecallService, "adoptDerived" | "derivedOf">;

/** Work units (see SLICE_WORK) of adopting one digest: ≈ 4,000 digests a slice. */
const ADOPT_WORK = 64;

/**
 * The note digest: per note, keyed by its stamp, everything a full index derives from its text
 * (what the graph keeps of it, the warning, and recall's snippet, duplicate hash and cues), so
 * a start takes unchanged notes from here and reads only the others. Nothing is kept per note
 * between saves: a save builds each digest from what the index and recall hold (the graph's
 * node and links, the index's warning, recall's derived data), so it is the same whether the
 * note was read or taken from a digest. Saved as one cache (note-digest-cache.ts).
 */
export class NoteDigests {
	/**
	 * The file's creation time of the notes whose node has another (`memory_created`): the
	 * digest is keyed by the file's, which the graph does not keep.
	 */
	private readonly fileCtimes = new Map<string, number>();
	/** Digests loaded from the cache, their numbers by path, and which the build has taken (1). */
	private saved: DecodedNoteDigests | null = null;
	private byPath = new Map<string, number>();
	private taken = new Uint8Array(0);
	private changes = 0;

	/** `edgeKeys`: the index's setting, read when a note is taken (a link's edge type follows it). */
	constructor(
		private readonly recall: DerivedSource,
		private readonly edgeKeys: () => Record<string, EdgeType>,
	) {}

	/** Bumped on every change of what would be saved (compare two readings). */
	get version(): number {
		return this.changes;
	}

	/** Digests loaded from the cache, for the next full index to take from; yields between slices (100k digests are ≈ 100 ms). */
	async adopt(digests: DecodedNoteDigests, yieldNow?: YieldNow): Promise<void> {
		const byPath = new Map<string, number>();
		const slicer = new WorkSlicer(yieldNow);
		for (let note = 0; note < digests.size; note++) {
			byPath.set(digests.path(note), note);
			await slicer.spent(ADOPT_WORK);
		}
		this.saved = digests;
		this.byPath = byPath;
		this.taken = new Uint8Array(digests.size);
	}

	/**
	 * The note as its digest has it, if the digest was taken from this very file (same stamp and
	 * creation time) and recall's cached keyword index agrees; recall then holds its derived data.
	 * Null means: read the note. Each digest is taken at most once.
	 */
	readonly take = (file: VaultFile): DigestedNote | null => {
		const at = this.byPath.get(file.path);
		if (at === undefined || this.saved === null || this.taken[at] === 1) return null;
		this.taken[at] = 1;
		const stamp = fileStamp(file);
		let digest: DecodedNoteDigest;
		let note: GraphNote;
		try {
			digest = this.saved.digest(at);
			if (digest.stamp !== stamp || digest.ctime !== file.ctime) return null;
			note = decodeDigestNote(digest.note, file, this.edgeKeys());
		} catch {
			return null;
		}
		const derived = { snippet: digest.snippet, duplicateHash: digest.duplicateHash, cues: digest.cues };
		if (!this.recall.adoptDerived(file.path, stamp, note.attributes.memory.session, derived)) return null;
		this.noteCtime(file.path, note.attributes.ctime, file.ctime);
		return { note, warning: digest.warning };
	};

	/** Drops the digests the build did not take: notes deleted, changed or left out since they were saved. */
	forgetUntaken(): void {
		this.saved = null;
		this.byPath = new Map();
		this.taken = new Uint8Array(0);
	}

	/** Give every note the index reads to this (beside recall's `noteLoaded`), with the creation time its node gets. */
	readonly noteLoaded = (note: LoadedNote, created: number): void => {
		this.changes++;
		this.noteCtime(note.file.path, created, note.file.ctime);
	};

	/**
	 * The creation time the saved digest of `path` gave its note, also when the file no longer
	 * matches it (a note replaced by a rename while nothing followed the vault is as old as before);
	 * known until the build has taken what it could.
	 */
	readonly knownCreation = (path: string): number | undefined => {
		const at = this.byPath.get(path);
		if (at === undefined || this.saved === null) return undefined;
		try {
			const digest = this.saved.digest(at);
			return savedCreation(digest.note) ?? digest.ctime;
		} catch {
			return undefined;
		}
	};

	/** Follows the index's removals and renames; returns a function that stops following. */
	follow(index: VaultIndex): () => void {
		return index.onChange((change) => {
			if (change.type === "remove") {
				this.fileCtimes.delete(change.path);
				this.changes++;
			} else if (change.type === "rename") {
				const ctime = this.fileCtimes.get(change.oldPath);
				this.fileCtimes.delete(change.oldPath);
				if (ctime !== undefined) this.fileCtimes.set(change.path, ctime);
				this.changes++;
			}
		});
	}

	/**
	 * The digests of the notes in `index`'s graph, built from what the index and recall hold as
	 * they are iterated (a save iterates between yields).
	 */
	*digests(index: VaultIndex): Generator<NoteDigest> {
		for (const path of index.graph.notePaths()) {
			const graph = index.graph;
			const attributes = graph.node(path);
			const links = graph.rawLinksOf(path);
			const derived = this.recall.derivedOf(path);
			if (attributes === undefined || links === undefined || derived === undefined) continue;
			const ctime = this.fileCtimes.get(path) ?? attributes.ctime;
			const warning = index.warningOf(path);
			yield {
				path,
				stamp: fileStamp(attributes),
				ctime,
				note: encodeDigestNote(attributes, links, ctime),
				snippet: derived.snippet,
				duplicateHash: derived.duplicateHash,
				cues: derived.cues,
				warning: warning === undefined || warning.skipped ? "" : warning.message,
			};
		}
	}

	/** Records the file's creation time of a note whose node has another one. */
	private noteCtime(path: string, nodeCtime: number, fileCtime: number): void {
		if (nodeCtime === fileCtime) this.fileCtimes.delete(path);
		else this.fileCtimes.set(path, fileCtime);
	}
}
