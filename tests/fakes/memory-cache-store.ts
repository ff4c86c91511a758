import { collectedBytes, type CacheBytes, type CacheStore } from "../../src/core/model/cache-store";

/** In-memory CacheStore that counts writes and can be told to fail them. */
export class MemoryCacheStore implements CacheStore {
	readonly location = "memory caches";
	readonly files = new Map<string, Uint8Array>();
	writes = 0;
	/** Writes per cache name. */
	readonly writesByName = new Map<string, number>();
	/** The next writes reject with this error (the cache keeps its previous bytes). */
	failWrites: Error | null = null;

	async read(name: string): Promise<Uint8Array | null> {
		await Promise.resolve();
		return this.files.get(name)?.slice() ?? null;
	}

	async write(name: string, data: CacheBytes): Promise<void> {
		const bytes = await collectedBytes(data);
		await Promise.resolve();
		if (this.failWrites) throw this.failWrites;
		this.writes++;
		this.writesByName.set(name, (this.writesByName.get(name) ?? 0) + 1);
		this.files.set(name, bytes.slice());
	}

	async remove(name: string): Promise<void> {
		await Promise.resolve();
		this.files.delete(name);
	}
}
