import { describe, expect, it } from "vitest";
import type { StoragePort } from "../../../src/core/model/storage-port";
import {
	cacheFilePrefix,
	EmbeddingCache,
	type EmbeddingCacheWarning,
} from "../../../src/engine/embeddings/embedding-cache";
import { MemoryStorage } from "../../fakes/memory-storage";

const MODEL = "Xenova/all-MiniLM-L6-v2";
const PREFIX = cacheFilePrefix(MODEL);

function vector(seed: number, dims = 8): Float32Array {
	const values = Float32Array.from({ length: dims }, (_, i) => Math.sin(seed * 13.7 + i * 2.1));
	const norm = Math.hypot(...values);
	return values.map((x) => x / norm);
}

const open = (
	storage: StoragePort,
	options: Partial<Parameters<typeof EmbeddingCache.open>[1]> = {},
): Promise<EmbeddingCache> => EmbeddingCache.open(storage, { modelId: MODEL, dimensions: 8, ...options });

function onlyFile(storage: MemoryStorage): [string, string] {
	expect(storage.files.size).toBe(1);
	return [...storage.files][0];
}

describe("EmbeddingCache", () => {
	it("round-trips float32 vectors exactly through the storage", async () => {
		const storage = new MemoryStorage();
		const cache = await open(storage);
		await cache.add([
			{ hash: "aaaa000000000001", vector: vector(1) },
			{ hash: "aaaa000000000002", vector: vector(2) },
		]);
		await cache.add([{ hash: "aaaa000000000003", vector: vector(3) }]);
		expect(cache.get("aaaa000000000002")).toEqual(vector(2));

		const reopened = await open(storage.restart());
		expect(reopened.size).toBe(3);
		for (const seed of [1, 2, 3]) expect(reopened.get(`aaaa00000000000${seed}`)).toEqual(vector(seed));
		expect(reopened.has("missing")).toBe(false);
		expect(reopened.get("missing")).toBeUndefined();
		expect(reopened.warnings).toEqual([]);
	});

	it("writes a header line, then one checksummed line per vector, appending only", async () => {
		const storage = new MemoryStorage();
		const cache = await open(storage);
		await cache.add([{ hash: "h1", vector: vector(1) }]);
		await cache.add([{ hash: "h2", vector: vector(2) }]);
		const [name, text] = onlyFile(storage);
		expect(name).toBe(`${PREFIX}1.txt`);
		expect(name).toMatch(/^embeddings-Xenova_all-MiniLM-L6-v2-[0-9a-f]{8}-1\.txt$/);
		const lines = text.split("\n");
		expect(JSON.parse(lines[0])).toEqual({
			format: "causal-memory/embeddings",
			version: 1,
			model: MODEL,
			dimensions: 8,
			encoding: "float32",
		});
		expect(lines.slice(1, 3).map((line) => line.split(" ")[1])).toEqual(["h1", "h2"]);
		expect(lines[1]).toMatch(/^[0-9a-f]{8} h1 [A-Za-z0-9+/]+=*$/);
		expect(lines[3]).toBe("");
		expect(storage.count("append")).toBe(2);
		expect(storage.count("writeAtomic")).toBe(1);
	});

	it("stores int8 in about a quarter of the room, within 1% per value", async () => {
		const storage = new MemoryStorage();
		const cache = await open(storage, { encoding: "int8", dimensions: 384 });
		const original = vector(5, 384);
		await cache.add([{ hash: "h", vector: original }]);
		const reopened = await open(storage.restart(), { encoding: "int8", dimensions: 384 });
		const back = reopened.get("h") as Float32Array;
		original.forEach((x, i) => expect(Math.abs(back[i] - x)).toBeLessThan(0.01 * Math.max(...original.map(Math.abs))));
		const [, text] = onlyFile(storage);
		expect(text.split("\n")[1].length).toBeLessThan(600);
	});

	it("skips a damaged line with a warning, keeps the rest, and rewrites a clean file", async () => {
		const storage = new MemoryStorage();
		const cache = await open(storage);
		await cache.add([1, 2, 3].map((seed) => ({ hash: `h${seed}`, vector: vector(seed) })));
		const [name, text] = onlyFile(storage);
		const lines = text.split("\n");
		lines[2] = lines[2].replace(/[A-Z]/, "z"); // one flipped character in h2's vector
		storage.files.set(name, lines.join("\n"));

		const warnings: EmbeddingCacheWarning[] = [];
		const reopened = await open(storage.restart(), { onWarning: (warning) => warnings.push(warning) });
		expect(reopened.has("h1")).toBe(true);
		expect(reopened.has("h2")).toBe(false);
		expect(reopened.get("h3")).toEqual(vector(3));
		expect(warnings).toEqual([{ file: name, message: "skipped 1 damaged line; those chunks will be embedded again" }]);
		expect(reopened.warnings).toEqual(warnings);
	});

	it("recovers from a torn last line (a crash mid-append) and keeps appending on a fresh line", async () => {
		const storage = new MemoryStorage();
		const cache = await open(storage);
		await cache.add([{ hash: "h1", vector: vector(1) }]);
		storage.crashAt(storage.log.length + 1, (data) => Math.floor(data.length / 2));
		await cache.add([{ hash: "h2", vector: vector(2) }]); // the crash is caught: a warning, not a failure
		expect(cache.warnings.at(-1)?.message).toMatch(/could not save 1 embeddings/);

		const survivor = storage.restart();
		const reopened = await open(survivor);
		expect(reopened.has("h1")).toBe(true);
		expect(reopened.has("h2")).toBe(false);
		await reopened.add([{ hash: "h3", vector: vector(3) }]);
		const again = await open(survivor.restart());
		expect(again.get("h3")).toEqual(vector(3));
		expect(again.warnings).toEqual([]);
	});

	it("starts the next append on a fresh line after a failed one", async () => {
		const storage = new MemoryStorage();
		const cache = await open(storage);
		storage.failNextAppend(20);
		await cache.add([{ hash: "h1", vector: vector(1) }]);
		await cache.add([{ hash: "h2", vector: vector(2) }]);
		expect(cache.get("h1")).toEqual(vector(1)); // still in memory
		const reopened = await open(storage.restart());
		expect(reopened.has("h1")).toBe(false);
		expect(reopened.get("h2")).toEqual(vector(2));
		expect(reopened.warnings.map((warning) => warning.message)).toEqual([
			"skipped 1 damaged line; those chunks will be embedded again",
		]);
	});

	it("starts empty, with a warning, on a file of another version, model or dimension count, or garbage", async () => {
		const cases: [string, RegExp][] = [
			[
				JSON.stringify({
					format: "causal-memory/embeddings",
					version: 99,
					model: MODEL,
					dimensions: 8,
					encoding: "float32",
				}),
				/format version 99 is not 1/,
			],
			[
				JSON.stringify({
					format: "causal-memory/embeddings",
					version: 1,
					model: MODEL,
					dimensions: 16,
					encoding: "float32",
				}),
				/holds "Xenova\/all-MiniLM-L6-v2" \(16 dimensions\)/,
			],
			["\u0000\u0001 not json", /not an embedding cache file/],
		];
		for (const [header, message] of cases) {
			const storage = new MemoryStorage();
			storage.files.set(`${PREFIX}4.txt`, `${header}\nffffffff h1 AAAA\n`);
			const cache = await open(storage);
			expect(cache.size).toBe(0);
			expect(cache.warnings.map((warning) => warning.message)).toEqual([expect.stringMatching(message)]);
			// The bad file is replaced by a fresh one that the next open reads without complaint.
			const [name] = onlyFile(storage);
			expect(name).toBe(`${PREFIX}5.txt`);
			expect((await open(storage.restart())).warnings).toEqual([]);
		}
	});

	it("never fails when the storage does", async () => {
		const broken: StoragePort = {
			list: () => Promise.reject(new Error("EACCES")),
			read: () => Promise.reject(new Error("EACCES")),
			append: () => Promise.reject(new Error("EACCES")),
			writeAtomic: () => Promise.reject(new Error("EACCES")),
			remove: () => Promise.reject(new Error("EACCES")),
		};
		const cache = await open(broken);
		await cache.add([{ hash: "h1", vector: vector(1) }]);
		expect(cache.get("h1")).toEqual(vector(1));
		expect(cache.warnings.map((warning) => warning.message)).toEqual([
			"could not list the cache folder (EACCES); starting with an empty embedding cache",
			"could not create the embedding cache (EACCES); embeddings are kept in memory only",
			"could not rewrite the embedding cache (EACCES); keeping the previous file",
		]);
	});

	it("compaction keeps only the live entries, in the next generation's file", async () => {
		const storage = new MemoryStorage();
		const cache = await open(storage);
		await cache.add([1, 2, 3, 4].map((seed) => ({ hash: `h${seed}`, vector: vector(seed) })));
		const live = new Set(["h2", "h4"]);
		await cache.compact((hash) => live.has(hash));
		expect(cache.size).toBe(2);
		const [name, text] = onlyFile(storage);
		expect(name).toBe(`${PREFIX}2.txt`);
		expect(text.trim().split("\n")).toHaveLength(3);
		const reopened = await open(storage.restart());
		expect([reopened.has("h1"), reopened.has("h2"), reopened.has("h3"), reopened.get("h4")]).toEqual([
			false,
			true,
			false,
			vector(4),
		]);
	});

	it("removes a generation left behind by an interrupted compaction", async () => {
		const storage = new MemoryStorage();
		const cache = await open(storage);
		await cache.add([{ hash: "h", vector: vector(1) }]);
		// The crash came after writing generation 2 and before removing generation 1.
		storage.files.set(`${PREFIX}2.txt`, storage.files.get(`${PREFIX}1.txt`) ?? "");
		const survivor = storage.restart();
		const reopened = await open(survivor);
		expect(reopened.get("h")).toEqual(vector(1));
		expect([...survivor.files.keys()]).toEqual([`${PREFIX}2.txt`]);
	});

	it("converts the file when the encoding setting changes", async () => {
		const storage = new MemoryStorage();
		const cache = await open(storage);
		await cache.add([{ hash: "h", vector: vector(7) }]);
		const survivor = storage.restart();
		const asInt8 = await open(survivor, { encoding: "int8" });
		expect(asInt8.get("h")?.every((x, i) => Math.abs(x - vector(7)[i]) < 0.01)).toBe(true);
		const [, text] = onlyFile(survivor);
		expect(JSON.parse(text.split("\n")[0])).toMatchObject({ encoding: "int8" });
		expect((await open(survivor.restart(), { encoding: "int8" })).get("h")).toEqual(asInt8.get("h"));
	});

	it("keeps each model's vectors apart in one folder", async () => {
		const storage = new MemoryStorage();
		const a = await open(storage);
		const b = await open(storage, { modelId: "TaylorAI/bge-micro-v2" });
		await a.add([{ hash: "same", vector: vector(1) }]);
		await b.add([{ hash: "same", vector: vector(2) }]);
		expect((await open(storage.restart())).get("same")).toEqual(vector(1));
		expect((await open(storage.restart(), { modelId: "TaylorAI/bge-micro-v2" })).get("same")).toEqual(vector(2));
	});

	it("rejects vectors of the wrong length and hashes with spaces", async () => {
		const cache = await open(new MemoryStorage());
		expect(() => cache.add([{ hash: "h", vector: new Float32Array(3) }])).toThrow(
			'has 3 dimensions, the cache for "Xenova/all-MiniLM-L6-v2" holds 8',
		);
		expect(() => cache.add([{ hash: "a b", vector: vector(1) }])).toThrow(
			'chunk hash "a b" must be non-empty and without spaces',
		);
		expect(cache.size).toBe(0);
	});
});
