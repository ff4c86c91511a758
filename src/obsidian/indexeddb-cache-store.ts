import type { App } from "obsidian";
import { joinedBytes, type CacheStore } from "../core/model/cache-store";

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
 * left behind when the plugin unloads. A write is one transaction: all of it or nothing.
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
		return value instanceof ArrayBuffer ? new Uint8Array(value) : null;
	}

	async write(name: string, data: Uint8Array | readonly Uint8Array[]): Promise<void> {
		const bytes = joinedBytes(data);
		// Structured cloning copies a view's whole buffer: store exactly the bytes.
		const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
		await this.run("readwrite", (store) => store.put(whole, name));
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

function failure(error: DOMException | null, location: string): Error {
	return new Error(`IndexedDB ${location}: ${error?.message ?? "the transaction was aborted"}`);
}
