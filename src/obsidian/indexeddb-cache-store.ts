import type { App } from "obsidian";
import { isStreamed, type CacheBytes, type CacheStore } from "../core/model/cache-store";

const STORE = "caches";
const VERSION = 1;

/**
 * The vault's cache database. IndexedDB belongs to the app, not to a vault, so the name carries
 * the vault's `appId` (what Omnisearch keys its cache by; not in the API's types, hence looked up
 * at run time), or its name where there is none.
 */
export function cacheDatabaseName(app: App): string {
	const appId = (app as unknown as { appId?: unknown }).appId;
	return `causal-memory/cache/${typeof appId === "string" && appId !== "" ? appId : app.vault.getName()}`;
}

/**
 * CacheStore over IndexedDB: one database per vault with one object store, a cache per key.
 * IndexedDB lives in the app's profile on this machine, so vault sync never copies it. Every
 * call opens the database and closes it again (saves are minutes apart), so no connection is
 * left behind when the plugin unloads. A write is one transaction: all of it or nothing. A cache
 * in pieces is stored as a Blob of them: the browser keeps a Blob's bytes outside the JS heap (on
 * disk when large), so a streamed cache's pieces go there as they are made and are put in one
 * transaction at the end.
 */
export class IndexedDbCacheStore implements CacheStore {
	constructor(
		private readonly factory: IDBFactory,
		readonly location: string,
	) {}

	/** The open vault's cache database, or null when this window has no IndexedDB. */
	static forVault(app: App): IndexedDbCacheStore | null {
		const factory = (window as { indexedDB?: IDBFactory }).indexedDB;
		return factory ? new IndexedDbCacheStore(factory, cacheDatabaseName(app)) : null;
	}

	async read(name: string): Promise<Uint8Array | null> {
		const value = await this.run<unknown>("readonly", (store) => store.get(name));
		if (value instanceof Uint8Array) return value;
		if (value instanceof Blob) return new Uint8Array(await value.arrayBuffer());
		return value instanceof ArrayBuffer ? new Uint8Array(value) : null;
	}

	async write(name: string, data: CacheBytes): Promise<void> {
		const value = await storedValue(data);
		await this.run("readwrite", (store) => store.put(value, name));
	}

	async remove(name: string): Promise<void> {
		await this.run("readwrite", (store) => store.delete(name));
	}

	private async run<T>(mode: IDBTransactionMode, operation: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
		const db = await this.open();
		try {
			return await new Promise<T>((resolve, reject) => {
				const transaction = db.transaction(STORE, mode);
				let request: IDBRequest<T>;
				try {
					request = operation(transaction.objectStore(STORE));
				} catch (error) {
					// A value that cannot be stored throws at once; the transaction then commits nothing.
					transaction.abort();
					return reject(failure(error as DOMException, this.location));
				}
				transaction.oncomplete = () => resolve(request.result);
				transaction.onerror = () => reject(failure(transaction.error ?? request.error, this.location));
				transaction.onabort = () => reject(failure(transaction.error, this.location));
			});
		} finally {
			db.close();
		}
	}

	private open(): Promise<IDBDatabase> {
		return new Promise((resolve, reject) => {
			const request = this.factory.open(this.location, VERSION);
			request.onupgradeneeded = () => {
				if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
			};
			request.onsuccess = () => resolve(request.result);
			request.onerror = () => reject(failure(request.error, this.location));
		});
	}
}

/** What is put: exactly the bytes of a single array, or a Blob of the pieces, each copied into it before the next is made. */
async function storedValue(data: CacheBytes): Promise<Uint8Array | Blob> {
	if (Array.isArray(data)) return new Blob((data as readonly Uint8Array[]).map(blobPart));
	if (isStreamed(data)) {
		const pieces: Blob[] = [];
		for await (const piece of data) pieces.push(new Blob([blobPart(piece)]));
		return new Blob(pieces);
	}
	const bytes = data as Uint8Array;
	// Structured cloning copies a view's whole buffer: store exactly the bytes.
	return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
}

/** Caches are made in plain ArrayBuffers, never shared ones, which is what a Blob takes. */
function blobPart(bytes: Uint8Array): BlobPart {
	return bytes as Uint8Array<ArrayBuffer>;
}

function failure(error: DOMException | null, location: string): Error {
	return new Error(`IndexedDB ${location}: ${error?.message ?? "the transaction was aborted"}`);
}
