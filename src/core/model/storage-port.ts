/**
 * A flat folder of files that belongs to one component (the activity store, a cache). Names
 * are plain file names without folders. Two adapters: Node's fs (headless) and Obsidian's
 * vault adapter (the plugin's own folder). Data is text; writers choose their own encoding.
 */
export interface StoragePort {
	/** Names of the files in the folder (an empty list when the folder does not exist yet). */
	list(): Promise<string[]>;
	/** The file's whole content, or null when it does not exist. */
	read(name: string): Promise<string | null>;
	/**
	 * Adds `data` at the end of the file, creating it if needed. Resolves once the data is as
	 * durable as the platform allows (Node: after fsync).
	 */
	append(name: string, data: string): Promise<void>;
	/**
	 * Writes a whole file so that a reader sees either no file or all of `data`, never a part
	 * (temp file + rename). Callers that need portability write only names that do not exist
	 * yet, so adapters whose rename cannot replace a file need no special case. A crash can
	 * leave the temp file behind: its name contains `name` and ends in ".tmp".
	 */
	writeAtomic(name: string, data: string): Promise<void>;
	/** Deletes the file; a missing file is not an error. */
	remove(name: string): Promise<void>;
}
