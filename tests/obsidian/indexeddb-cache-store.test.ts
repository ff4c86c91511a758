import { IDBFactory } from "fake-indexeddb";
import type { App as ObsidianApp } from "obsidian";
import { afterEach, describe, expect, it } from "vitest";
import { cacheDatabaseName, IndexedDbCacheStore } from "../../src/obsidian/indexeddb-cache-store";
import { globalObject } from "../fakes/global-object";
import { fakeApp, removeVaultDirs } from "./fake-app";

afterEach(async () => {
	await removeVaultDirs();
});

function appFor(files: Record<string, string> = {}): ObsidianApp {
	return fakeApp(files).obsidianApp;
}

describe("IndexedDbCacheStore", () => {
	it("writes, replaces, reads and removes a cache", async () => {
		const store = new IndexedDbCacheStore(new IDBFactory(), "causal-memory/cache/test");
		expect(await store.read("keyword-index")).toBeNull();
		await store.write("keyword-index", new Uint8Array([1, 2, 3]));
		const big = new Uint8Array(4096).map((_, i) => i % 251);
		await store.write("keyword-index", big);
		expect(await store.read("keyword-index")).toEqual(big);
		await store.remove("keyword-index");
		await store.remove("keyword-index");
		expect(await store.read("keyword-index")).toBeNull();
	});

	it("stores exactly the bytes of a view, not the rest of its buffer", async () => {
		const factory = new IDBFactory();
		const store = new IndexedDbCacheStore(factory, "causal-memory/cache/test");
		const buffer = new Uint8Array(1000).fill(9);
		await store.write("part", buffer.subarray(10, 14));
		const read = await store.read("part");
		expect(read).toEqual(new Uint8Array([9, 9, 9, 9]));
		expect(read?.buffer.byteLength).toBe(4);
	});

	it("stores pieces and a stream of pieces whole, copying each streamed piece before the next, and nothing when the stream fails", async () => {
		const store = new IndexedDbCacheStore(new IDBFactory(), "causal-memory/cache/test");
		await store.write("parts", [new Uint8Array([1, 2]), new Uint8Array(0), new Uint8Array([3])]);
		expect(await store.read("parts")).toEqual(new Uint8Array([1, 2, 3]));
		// The maker writes over one buffer between pieces, as the note digest encoder does.
		const reused = new Uint8Array(2);
		async function* stream(fail: boolean): AsyncGenerator<Uint8Array> {
			for (let i = 0; i < 3; i++) {
				reused.set([i, i + 10]);
				yield reused;
				await Promise.resolve();
			}
			if (fail) throw new Error("the index changed");
		}
		await store.write("streamed", stream(false));
		expect(await store.read("streamed")).toEqual(new Uint8Array([0, 10, 1, 11, 2, 12]));
		await expect(store.write("streamed", stream(true))).rejects.toThrow("the index changed");
		expect(await store.read("streamed")).toEqual(new Uint8Array([0, 10, 1, 11, 2, 12]));
	});

	it("keeps one database per vault, named by the vault's appId", async () => {
		const factory = new IDBFactory();
		const first = appFor();
		const second = appFor();
		const appId = (first as unknown as { appId: string }).appId;
		expect(cacheDatabaseName(first)).toBe(`causal-memory/cache/${appId}`);
		expect(cacheDatabaseName(second)).not.toBe(cacheDatabaseName(first));
		await new IndexedDbCacheStore(factory, cacheDatabaseName(first)).write("keyword-index", new Uint8Array([1]));
		expect(await new IndexedDbCacheStore(factory, cacheDatabaseName(second)).read("keyword-index")).toBeNull();
		expect(await new IndexedDbCacheStore(factory, cacheDatabaseName(first)).read("keyword-index")).toEqual(
			new Uint8Array([1]),
		);
	});

	it("falls back to the vault's name without an appId, and to no store without IndexedDB", () => {
		const app = appFor();
		const withoutId = Object.create(app, { appId: { value: undefined } }) as ObsidianApp;
		expect(cacheDatabaseName(withoutId)).toBe(`causal-memory/cache/${app.vault.getName()}`);
		const saved = globalObject.indexedDB;
		try {
			delete globalObject.indexedDB;
			expect(IndexedDbCacheStore.forVault(app)).toBeNull();
			globalObject.indexedDB = new IDBFactory();
			expect(IndexedDbCacheStore.forVault(app)?.location).toBe(cacheDatabaseName(app));
		} finally {
			globalObject.indexedDB = saved;
		}
	});

	it("turns a failed transaction into an error naming the database", async () => {
		const factory = new IDBFactory();
		const store = new IndexedDbCacheStore(factory, "causal-memory/cache/test");
		const uncloneable = { byteOffset: 0, byteLength: 0, buffer: { byteLength: 0 }, clone: () => 1 };
		await expect(store.write("keyword-index", uncloneable as unknown as Uint8Array)).rejects.toThrow(
			/^IndexedDB causal-memory\/cache\/test: .*clone/,
		);
		expect(await store.read("keyword-index")).toBeNull();
	});
});
