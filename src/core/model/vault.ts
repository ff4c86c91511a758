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

export interface WriteOptions {
	/** Restore the file's modification time after writing (so sync tools and "recently modified" views are not disturbed). */
	keepMtime?: boolean;
}

export type RemoveMode = { kind: "trash" } | { kind: "archive"; folder: string };

/**
 * Everything the engine needs from a vault. One interface, two adapters: the Node file
 * system (headless mode) and Obsidian's `app.vault` / `metadataCache` / `fileManager`.
 */
export interface VaultPort {
	/** Every markdown note in the vault (excluded folders are filtered by the caller). */
	list(): Promise<VaultFile[]>;
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
	/** Sets or removes frontmatter keys atomically; fails without touching the file if its YAML is invalid. */
	writeFrontmatter(path: string, patch: FrontmatterPatch, options?: WriteOptions): Promise<void>;
	/** Creates a note (and missing folders); fails if the path exists. */
	createNote(path: string, content: string): Promise<VaultFile>;
	/** Moves a note to another path inside the vault (missing folders are created); fails if the target exists. */
	moveNote(from: string, to: string): Promise<void>;
	/** Moves a note to the trash or an archive folder; returns the new path (null for the trash). */
	removeNote(path: string, mode: RemoveMode): Promise<string | null>;
}
