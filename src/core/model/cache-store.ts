/**
 * Where derived caches live (the keyword index): binary files that can be rebuilt from the
 * notes at any time, so they are kept out of the vault, where sync tools would copy hundreds of
 * MB. Two adapters: IndexedDB inside Obsidian, a folder of the user's local state headless.
 * Names are plain names without folders.
 */
export interface CacheStore {
	/** Where the caches are, for messages: a database or folder name. */
	readonly location: string;
	/** The cache's bytes, or null when it was never written (or removed). */
	read(name: string): Promise<Uint8Array | null>;
	/**
	 * Replaces the cache whole: a later read sees all of `bytes` (or of its parts, one after the
	 * other) or the previous cache, never a part.
	 */
	write(name: string, bytes: Uint8Array | readonly Uint8Array[]): Promise<void>;
	/** Deletes the cache; a missing one is not an error. */
	remove(name: string): Promise<void>;
}

/** The bytes of a `CacheStore.write` as one array (parts are copied once into it). */
export function joinedBytes(data: Uint8Array | readonly Uint8Array[]): Uint8Array {
	if (!Array.isArray(data)) return data as Uint8Array;
	const parts = data as readonly Uint8Array[];
	const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
	let offset = 0;
	for (const part of parts) {
		bytes.set(part, offset);
		offset += part.byteLength;
	}
	return bytes;
}
