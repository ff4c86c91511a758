import { describe, expect, it } from "vitest";
import type { KeywordDocument } from "../../../src/core/recall/keyword/keyword-document";
import { KeywordIndex } from "../../../src/core/recall/keyword/keyword-index";
import { TOKENIZER_VERSION } from "../../../src/core/recall/keyword/tokenize";
import {
	fileStamp,
	fileStamps,
	KEYWORD_CACHE,
	loadKeywordCache,
	readKeywordCache,
	saveKeywordCache,
	type KeywordCacheHit,
	type KeywordCacheMiss,
} from "../../../src/engine/recall/keyword-cache";
import { MemoryCacheStore } from "../../fakes/memory-cache-store";

const NOTES: Record<string, string> = {
	"Plan.md": "The retention plan for the offline-first app",
	"Retro.md": "What went wrong with the café launch",
	"日本.md": "今日の会議メモ",
	"Budget.md": "Budget is $50,000 for the retentionScore work",
};
const FILES = Object.keys(NOTES).map((path, i) => ({ path, mtime: 1_000 + i, size: NOTES[path].length }));
const QUERIES = ["retention", "retent", "retension", "cafe", "会議", "50000", "score", "offline first", "plan budget"];

function doc(path: string, body: string): KeywordDocument {
	return { id: path, title: path.replace(/\.md$/, ""), aliases: [], headings: [], tags: [], body };
}

function buildFresh(): KeywordIndex {
	const index = new KeywordIndex();
	for (const file of FILES) index.add(doc(file.path, NOTES[file.path]), fileStamp(file));
	return index;
}

function expectHit(result: KeywordCacheHit | KeywordCacheMiss): KeywordCacheHit {
	if (result.index === null) throw new Error(`expected a cache hit, got: ${result.reason}`);
	return result;
}

async function readIndex(storage: MemoryCacheStore): Promise<KeywordIndex> {
	const read = await readKeywordCache(storage);
	if (read.index === null) throw new Error(`expected a cache, got: ${read.reason}`);
	return read.index;
}

function expectMiss(result: KeywordCacheHit | KeywordCacheMiss): string {
	if (result.index !== null) throw new Error("expected a cache miss");
	return result.reason;
}

describe("keyword cache", () => {
	it("saves a consistent index in slices while notes keep changing between them, falling back to one stretch", async () => {
		const big = new KeywordIndex();
		const words = Array.from({ length: 400 }, (_, i) => `word${i}`).join(" ");
		for (let i = 0; i < 800; i++) big.add(doc(`Note ${i}.md`, words), `${i}:1`);
		let yields = 0;
		let edits = 0;
		const editEvery = (limit: number) => async (): Promise<void> => {
			yields++;
			if (yields <= limit) big.add(doc(`Edit ${++edits}.md`, "an edit that landed between two slices"), "1:1");
		};
		const storage = new MemoryCacheStore();

		await saveKeywordCache(storage, big, editEvery(1));
		const afterOneRace = yields;
		expect(afterOneRace).toBeGreaterThan(2);
		expect((await readIndex(storage)).match("landed").map((hit) => hit.id)).toEqual(["Edit 1.md"]);

		yields = 0;
		await saveKeywordCache(storage, big, editEvery(Infinity));
		const loaded = await readIndex(storage);
		expect(loaded.match("landed")).toHaveLength(big.match("landed").length);
		expect(big.match("landed").length).toBeGreaterThan(3);
	});

	it("round-trips: a loaded cache answers exactly like a fresh build", async () => {
		const storage = new MemoryCacheStore();
		await saveKeywordCache(storage, buildFresh());
		expect(storage.writes).toBe(1);
		const loaded = expectHit(await loadKeywordCache(storage, fileStamps(FILES)));
		expect(loaded).toMatchObject({ stale: [], missing: [], removed: [] });
		const fresh = buildFresh();
		for (const query of QUERIES) {
			expect(loaded.index.match(query)).toEqual(fresh.match(query));
			expect(fresh.match(query).length).toBeGreaterThan(0);
		}
	});

	it("reports notes changed, added and deleted since the save, and drops the deleted ones", async () => {
		const storage = new MemoryCacheStore();
		await saveKeywordCache(storage, buildFresh());
		const stamps = fileStamps(FILES);
		stamps.set("Plan.md", fileStamp({ mtime: 9_999, size: 10 }));
		stamps.delete("Retro.md");
		stamps.set("New.md", fileStamp({ mtime: 5, size: 5 }));
		const loaded = expectHit(await loadKeywordCache(storage, stamps));
		expect(loaded.stale).toEqual(["Plan.md"]);
		expect(loaded.missing).toEqual(["New.md"]);
		expect(loaded.removed).toEqual(["Retro.md"]);
		expect(loaded.index.has("Retro.md")).toBe(false);
		expect(loaded.index.match("cafe")).toEqual([]);
		// A stale note keeps answering with its old text until the caller replaces it.
		expect(loaded.index.match("retention").map((h) => h.id)).toContain("Plan.md");
	});

	it("marks a note renamed after its last replace as stale", async () => {
		const storage = new MemoryCacheStore();
		const index = buildFresh();
		index.rename("Plan.md", "Projects/Plan.md");
		await saveKeywordCache(storage, index);
		const stamps = fileStamps(FILES.map((f) => (f.path === "Plan.md" ? { ...f, path: "Projects/Plan.md" } : f)));
		expect(expectHit(await loadKeywordCache(storage, stamps)).stale).toEqual(["Projects/Plan.md"]);
	});

	it("says there is no cache yet", async () => {
		const miss = await loadKeywordCache(new MemoryCacheStore(), new Map());
		expect(miss).toEqual({ index: null, reason: "no keyword index cache yet", absent: true });
	});

	it("detects a partial, truncated or garbled cache", async () => {
		const storage = new MemoryCacheStore();
		await saveKeywordCache(storage, buildFresh());
		const bytes = storage.files.get(KEYWORD_CACHE) ?? new Uint8Array();
		const text = new TextDecoder().decode(bytes);
		const header = text.slice(0, text.indexOf("\n"));
		const put = (content: string | Uint8Array): void =>
			void storage.files.set(KEYWORD_CACHE, typeof content === "string" ? new TextEncoder().encode(content) : content);

		// The body's length is in its trailer, which a cut cache has lost.
		put(bytes.subarray(0, bytes.length - 10));
		expect(expectMiss(await loadKeywordCache(storage, fileStamps(FILES)))).toBe(
			`the keyword index cache is corrupt (the keyword index data is corrupt: ${bytes.length - header.length - 11} bytes, not a whole number of words: truncated)`,
		);
		put(bytes.subarray(0, bytes.length - 16));
		expect(expectMiss(await loadKeywordCache(storage, fileStamps(FILES)))).toBe(
			"the keyword index cache is corrupt (the keyword index data is corrupt: no trailer at the end: truncated, or not a keyword index)",
		);
		put("not json at all");
		expect(expectMiss(await loadKeywordCache(storage, fileStamps(FILES)))).toBe(
			"the keyword index cache is corrupt (no header line)",
		);
		put(new Uint8Array(5000).fill(0x41));
		expect(expectMiss(await loadKeywordCache(storage, fileStamps(FILES)))).toBe(
			"the keyword index cache is corrupt (no header line)",
		);
		const body = '{"nextKey":1,"docs":[[0,"a.md",""]],"index":{}}';
		put(`${header.replace(/"bytes":\d+/, `"bytes":${body.length}`)}\n${body}`);
		expect(expectMiss(await loadKeywordCache(storage, fileStamps(FILES)))).toMatch(
			/^the keyword index cache is corrupt \(/,
		);
		const garbled = bytes.slice();
		garbled.fill(0x7b, bytes.length - 24, bytes.length);
		put(garbled);
		expect(expectMiss(await loadKeywordCache(storage, fileStamps(FILES)))).toBe(
			"the keyword index cache is corrupt (the keyword index data is corrupt: no trailer at the end: truncated, or not a keyword index)",
		);
		const flipped = bytes.slice();
		flipped[header.length + 1 + Math.floor((bytes.length - header.length) / 2)] ^= 1;
		put(flipped);
		expect(expectMiss(await loadKeywordCache(storage, fileStamps(FILES)))).toBe(
			"the keyword index cache is corrupt (the keyword index data is corrupt: checksum mismatch)",
		);
	});

	it("rejects a cache of another format", async () => {
		const storage = new MemoryCacheStore();
		await saveKeywordCache(storage, buildFresh());
		const text = new TextDecoder().decode(storage.files.get(KEYWORD_CACHE));
		storage.files.set(KEYWORD_CACHE, new TextEncoder().encode(text.replace(/^\{"format":4,/, '{"format":3,')));
		expect(expectMiss(await loadKeywordCache(storage, fileStamps(FILES)))).toBe(
			"the keyword index cache has format 3, this version reads 4",
		);
	});

	it("rejects a cache built with other index settings or another tokenizer version", async () => {
		const storage = new MemoryCacheStore();
		await saveKeywordCache(storage, buildFresh());
		const reason = expectMiss(await loadKeywordCache(storage, fileStamps(FILES), { stopWords: [] }));
		expect(reason).toMatch(/another tokenizer version or other keyword settings/);
		expect(expectMiss(await loadKeywordCache(storage, fileStamps(FILES), { maxBodyChars: 10 }))).toBe(reason);
		expect(expectMiss(await loadKeywordCache(storage, fileStamps(FILES), { stemming: false }))).toBe(reason);
		const text = new TextDecoder().decode(storage.files.get(KEYWORD_CACHE));
		const older = text.replace(
			`"signature":"tokenizer ${TOKENIZER_VERSION},`,
			`"signature":"tokenizer ${TOKENIZER_VERSION - 1},`,
		);
		expect(older).not.toBe(text);
		storage.files.set(KEYWORD_CACHE, new TextEncoder().encode(older));
		expect(expectMiss(await loadKeywordCache(storage, fileStamps(FILES)))).toBe(reason);
	});

	it("serves other boosts from the same cache (they act at query time)", async () => {
		const storage = new MemoryCacheStore();
		await saveKeywordCache(storage, buildFresh());
		const loaded = expectHit(await loadKeywordCache(storage, fileStamps(FILES), { boost: { title: 0.5 } }));
		expect(loaded.index.settings.boost.title).toBe(0.5);
	});

	it("turns a failing read into a reason", async () => {
		const storage = new MemoryCacheStore();
		storage.read = () => Promise.reject(new Error("disk on fire"));
		expect(expectMiss(await loadKeywordCache(storage, new Map()))).toBe(
			"the keyword index cache could not be read (disk on fire)",
		);
	});
});
