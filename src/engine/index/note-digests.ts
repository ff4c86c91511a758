import type { NoteDigest } from "../../core/digest/note-digest-codec";
import type { ParsedNote } from "../../core/model/parsed-note";
import type { LoadedNote, VaultFile } from "../../core/model/vault";
import { noteProblems } from "../../core/parse/note-problems";
import { fileStamp } from "../recall/keyword-cache";
import type { RecallService } from "../recall/recall-service";
import type { VaultIndex } from "./vault-index";

/** What a full index takes from a digest instead of reading the note. */
export interface DigestedNote {
	parsed: ParsedNote;
	/** The warning the note gave when it was read; "" for none. */
	warning: string;
}

/** What is kept of each indexed note between saves; the rest of its digest is recall's own state. */
interface HeldNote {
	stamp: string;
	ctime: number;
	/** JSON of its ParsedNote: a string costs far less memory than the objects. */
	parsed: string;
	warning: string;
}

type DerivedSource = Pick<RecallService, "adoptDerived" | "derivedOf">;

/**
 * The note digest: per note, keyed by its stamp, everything a full index derives from its text
 * (the ParsedNote the graph is built from, the warning, and recall's snippet, duplicate hash and
 * cues), so a start takes unchanged notes from here and reads only the others. Fed by every
 * note the index reads (`noteLoaded`), saved as one cache (note-digest-cache.ts).
 */
export class NoteDigests {
	private readonly held = new Map<string, HeldNote>();
	/** Digests loaded from the cache that the build has not taken yet. */
	private saved = new Map<string, NoteDigest>();
	private changes = 0;

	constructor(private readonly recall: DerivedSource) {}

	/** Bumped on every change of what would be saved (compare two readings). */
	get version(): number {
		return this.changes;
	}

	/** Digests loaded from the cache, for the next full index to take from. */
	adopt(digests: readonly NoteDigest[]): void {
		this.saved = new Map(digests.map((digest) => [digest.path, digest]));
	}

	/**
	 * The note as its digest has it, if the digest was taken from this very file (same stamp and
	 * creation time) and recall's cached keyword index agrees; recall then holds its derived data.
	 * Null means: read the note. Each digest is taken at most once.
	 */
	readonly take = (file: VaultFile): DigestedNote | null => {
		const digest = this.saved.get(file.path);
		if (digest === undefined) return null;
		this.saved.delete(file.path);
		const stamp = fileStamp(file);
		if (digest.stamp !== stamp || digest.ctime !== file.ctime) return null;
		let parsed: ParsedNote;
		try {
			parsed = JSON.parse(digest.parsed) as ParsedNote;
		} catch {
			return null;
		}
		const derived = { snippet: digest.snippet, duplicateHash: digest.duplicateHash, cues: digest.cues };
		if (!this.recall.adoptDerived(file.path, stamp, parsed, derived)) return null;
		this.held.set(file.path, { stamp, ctime: file.ctime, parsed: digest.parsed, warning: digest.warning });
		return { parsed, warning: digest.warning };
	};

	/** Drops the digests the build did not take: notes deleted, changed or left out since they were saved. */
	forgetUntaken(): void {
		this.saved.clear();
	}

	/** Give every note the index reads to this (beside recall's `noteLoaded`). */
	readonly noteLoaded = (note: LoadedNote): void => {
		this.changes++;
		const parsed = faithfulJson(note.parsed);
		if (parsed === null) {
			this.held.delete(note.file.path);
			return;
		}
		const problem = noteProblems(note);
		this.held.set(note.file.path, {
			stamp: fileStamp(note.file),
			ctime: note.file.ctime,
			parsed,
			warning: problem?.message ?? "",
		});
	};

	/** Follows the index's removals and renames; returns a function that stops following. */
	follow(index: VaultIndex): () => void {
		return index.onChange((change) => {
			if (change.type === "remove") {
				if (this.held.delete(change.path)) this.changes++;
			} else if (change.type === "rename") {
				const note = this.held.get(change.oldPath);
				this.held.delete(change.oldPath);
				if (note) this.held.set(change.path, note);
				this.changes++;
			}
		});
	}

	/** The digests of the notes `indexed` accepts, built as they are iterated (a save iterates between yields). */
	*digests(indexed: (path: string) => boolean): Generator<NoteDigest> {
		for (const path of [...this.held.keys()]) {
			const note = this.held.get(path);
			const derived = this.recall.derivedOf(path);
			if (note === undefined || derived === undefined || !indexed(path)) continue;
			yield {
				path,
				stamp: note.stamp,
				ctime: note.ctime,
				parsed: note.parsed,
				snippet: derived.snippet,
				duplicateHash: derived.duplicateHash,
				cues: derived.cues,
				warning: note.warning,
			};
		}
	}
}

/** The note as JSON, or null when JSON would change it (a non-finite number in its properties): such a note is read at every start. */
function faithfulJson(parsed: ParsedNote): string | null {
	let faithful = true;
	const json = JSON.stringify(parsed, (_key, value: unknown) => {
		if (typeof value === "number" && !Number.isFinite(value)) faithful = false;
		return value;
	});
	return faithful ? json : null;
}
