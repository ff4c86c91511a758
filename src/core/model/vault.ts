import type { ParsedNote } from "./parsed-note";

/** A markdown file in the vault. `path` is vault-relative with `/` separators and the `.md` extension. */
export interface VaultFile {
	path: string;
	/** Milliseconds since the epoch. */
	mtime: number;
	ctime: number;
	size: number;
}

/** A note read from the vault together with its metadata. */
export interface LoadedNote {
	file: VaultFile;
	content: string;
	parsed: ParsedNote;
	/** True when the content is exactly what this adapter's own `writeFrontmatter` last wrote there: not an edit by anyone. */
	ownWrite?: boolean;
}

export type VaultEvent =
	| { type: "create"; path: string }
	| { type: "modify"; path: string }
	| { type: "delete"; path: string }
	| { type: "rename"; path: string; oldPath: string };

export type VaultEventListener = (event: VaultEvent) => void;

/**
 * Frontmatter keys to set; a value of `undefined` removes the key. Every other key, the
 * order of keys and the body of the note are left as they are.
 */
export type FrontmatterPatch = Record<string, unknown>;

/**
 * A patch, or a function that gives the patch from the frontmatter as it is in the very content
 * the write replaces (for read-modify-write edits such as adding a link to a list).
 */
export type FrontmatterUpdate =
	FrontmatterPatch | ((frontmatter: Readonly<Record<string, unknown>>) => FrontmatterPatch);

export type RemoveMode = { kind: "trash" } | { kind: "archive"; folder: string };

/**
 * Everything the engine needs from a vault. One interface, two adapters: the Node file
 * system (headless mode) and Obsidian's `app.vault` / `metadataCache` / `fileManager`.
 */
export interface VaultPort {
	/** Every markdown note in the vault (excluded folders are filtered by the caller, and still count as link targets). */
	list(): Promise<VaultFile[]>;
	/** The host's own link resolution (Obsidian's metadata cache); without it the engine resolves links itself, the same way. */
	resolveLink?(linkpath: string, sourcePath: string): string | null;
	read(path: string): Promise<string>;
	/** Null when the file does not exist. */
	stat(path: string): Promise<VaultFile | null>;
	/** Reads a note and its metadata (our parser headless; Obsidian's metadata cache in the app). */
	load(path: string): Promise<LoadedNote | null>;
	/**
	 * Starts delivering events; returns a function that stops them. `onLive` is called once
	 * every later change is reported: headless after the watcher's first scan of the folder
	 * (changes made before it are not reported), in Obsidian at once.
	 */
	watch(listener: VaultEventListener, onLive?: () => void): () => void;
	/**
	 * Sets or removes frontmatter keys as one atomic read-modify-write that never replaces content
	 * it did not read (a concurrent edit makes it start again on the new content), serialized with
	 * every other write of the note; fails without touching the file if its YAML is invalid.
	 * Returns the note's file as our write left it (its new mtime), or null when nothing needed writing.
	 */
	writeFrontmatter(path: string, update: FrontmatterUpdate): Promise<VaultFile | null>;
	/**
	 * Creates a note (and missing folders); fails if the path exists. Headless, the note appears
	 * whole or not at all, also when the process is killed. `whileSyncing` is called once with
	 * the new file as soon as the whole note is at its path, while the write is made durable
	 * (headless: the folder's fsync), so the caller's work overlaps the wait; createNote resolves once both
	 * are done, and rejects with `whileSyncing`'s error (the note stays) if it fails. When the
	 * write itself fails the note is removed, after `whileSyncing` has settled.
	 */
	createNote(path: string, content: string, whileSyncing?: (file: VaultFile) => Promise<void>): Promise<VaultFile>;
	/** Moves a note to another path inside the vault (missing folders are created); fails if the target exists. */
	moveNote(from: string, to: string): Promise<void>;
	/** Moves a note to the trash or an archive folder; returns the new path (null for the trash). */
	removeNote(path: string, mode: RemoveMode): Promise<string | null>;
}
