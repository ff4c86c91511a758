import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deviceIdFile } from "../../../src/node/device-id";
import { FsCacheStore, headlessCacheFolder } from "../../../src/node/fs/fs-cache-store";

let dir: string;

beforeEach(async () => {
	dir = await mkdtemp(join(tmpdir(), "cm-caches-"));
});

afterEach(async () => {
	await rm(dir, { recursive: true, force: true });
});

describe("FsCacheStore", () => {
	it("writes, replaces, reads and removes a cache, creating its folder readable by the owner only", async () => {
		const store = new FsCacheStore(join(dir, "caches", "vault"));
		expect(await store.read("keyword-index")).toBeNull();
		await store.write("keyword-index", new Uint8Array([1, 2, 3]));
		await store.write("keyword-index", new Uint8Array([4, 5, 6, 7]).subarray(1));
		expect(await store.read("keyword-index")).toEqual(new Uint8Array([5, 6, 7]));
		await store.write("keyword-index", [new Uint8Array([1, 2]), new Uint8Array([]), new Uint8Array([3, 4, 5])]);
		expect(await store.read("keyword-index")).toEqual(new Uint8Array([1, 2, 3, 4, 5]));
		expect(await readdir(store.location)).toEqual(["keyword-index"]);
		if (process.platform !== "win32") {
			expect((await stat(store.location)).mode & 0o777).toBe(0o700);
			expect((await stat(join(store.location, "keyword-index"))).mode & 0o777).toBe(0o600);
		}
		await store.remove("keyword-index");
		await store.remove("keyword-index");
		expect(await store.read("keyword-index")).toBeNull();
	});

	it("changes nothing when a write fails", async () => {
		const store = new FsCacheStore(dir);
		await store.write("keyword-index", new Uint8Array([1]));
		// Its folder cannot be made (writeFileAtomic's own tests cover a failure after the temp file).
		const blocked = new FsCacheStore(join(dir, "blocked"));
		await writeFile(join(dir, "blocked"), "a file, not a folder");
		await expect(blocked.write("keyword-index", new Uint8Array([2]))).rejects.toThrow();
		expect(await store.read("keyword-index")).toEqual(new Uint8Array([1]));
		expect((await readdir(dir)).sort()).toEqual(["blocked", "keyword-index"]);
	});

	it("writes a stream piece by piece before asking for the next, and leaves the cache and no temp file when it fails", async () => {
		const store = new FsCacheStore(dir);
		const reused = new Uint8Array(2);
		async function* stream(fail: boolean): AsyncGenerator<Uint8Array> {
			for (let i = 0; i < 3; i++) {
				reused.set([i, i + 10]);
				yield reused;
			}
			if (fail) throw new Error("the index changed");
		}
		await store.write("note-digests", stream(false));
		expect(await store.read("note-digests")).toEqual(new Uint8Array([0, 10, 1, 11, 2, 12]));
		await expect(store.write("note-digests", stream(true))).rejects.toThrow("the index changed");
		expect(await store.read("note-digests")).toEqual(new Uint8Array([0, 10, 1, 11, 2, 12]));
		expect(await readdir(dir)).toEqual(["note-digests"]);
	});

	it("refuses names that are not plain file names", async () => {
		const store = new FsCacheStore(dir);
		for (const name of ["", "..", "a/b", "a\\b", "../x"])
			await expect(store.write(name, new Uint8Array([1]))).rejects.toThrow(/must be a plain file name/);
	});

	it("lives in the local state home beside the device id, one folder per vault, never in the vault", async () => {
		const env = { CAUSAL_MEMORY_STATE_HOME: join(dir, "state-home") };
		const vault = join(dir, "vault");
		const folder = await headlessCacheFolder(vault, env);
		const idFile = await deviceIdFile(vault, env);
		expect(folder.startsWith(join(dir, "state-home", "causal-memory", "caches"))).toBe(true);
		expect(basename(folder)).toBe(basename(idFile, ".id"));
		expect(await headlessCacheFolder(join(dir, "other"), env)).not.toBe(folder);
		expect(folder.startsWith(vault)).toBe(false);
	});
});
