/**
 * A cache's bytes for `CacheStore.write`: whole, in pieces that lie back to back, or a stream
 * of such pieces made while the store writes them. A streamed piece belongs to the store only
 * until it asks for the next one (the maker may then reuse its buffer), so the store writes or
 * copies each piece before asking for the next: a 100 MB cache is then never in memory whole.
 */
export type CacheBytes = Uint8Array | readonly Uint8Array[] | AsyncIterable<Uint8Array>;

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
	 * Replaces the cache whole: a later read sees all of `bytes` (or of its pieces, one after the
	 * other) or the previous cache, never a part. A stream that throws writes nothing and the
	 * write rejects with its error.
	 */
	write(name: string, bytes: CacheBytes): Promise<void>;
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

/** Whether `data` is a stream of pieces (see `CacheBytes`). */
export function isStreamed(data: CacheBytes): data is AsyncIterable<Uint8Array> {
	return Symbol.asyncIterator in data;
}

/** Any `CacheBytes` as one array: a streamed piece is copied before the next is asked for. */
export async function collectedBytes(data: CacheBytes): Promise<Uint8Array> {
	if (!isStreamed(data)) return joinedBytes(data);
	const pieces: Uint8Array[] = [];
	for await (const piece of data) pieces.push(piece.slice());
	return joinedBytes(pieces);
}
