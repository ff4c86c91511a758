import { afterEach, describe, expect, it } from "vitest";
import type { IndexChange, VaultIndex } from "../../../src/engine/index/vault-index";
import { NoteTextCache } from "../../../src/engine/writer/note-text-cache";
import { MemoryVault } from "../../helpers/memory-vault";
import { NOW, startEngine, stopEngines, testSettings } from "./writer-harness";

afterEach(stopEngines);

const FACT =
	"The nightly billing export job exhausts the Postgres connection pool when the invoice batch runs late on Mondays.";
const BEFORE = "The nightly billing export job used to run on the small Postgres replica before the move.";
const RELATED = "The billing export job moved to the large Postgres replica last week.";

/**
 * Store-time similarity keeps the texts it read (consecutive stores compare with the same notes);
 * an edit of such a note must be seen by the next store. The fake vault keeps one mtime, so only
 * the index's change reports can tell the cache.
 */
async function engineWith(follow: boolean) {
	const vault = new MemoryVault({ "Ops/Pool.md": BEFORE, "Garden.md": "Tomatoes need more water in July." });
	vault.now = NOW;
	const { engine } = await startEngine(vault, testSettings(), { follow });
	// Reads the pool note (a close keyword match) and keeps its text.
	expect((await engine.writer.store({ content: RELATED })).status).toBe("stored");
	vault.write("Ops/Pool.md", FACT);
	return engine;
}

describe("the texts store-time similarity keeps", () => {
	it("are dropped when the index reports the note changed", async () => {
		const engine = await engineWith(true);
		await engine.index.idle();
		expect(await engine.writer.store({ content: FACT })).toMatchObject({
			status: "duplicate",
			duplicateOf: "Ops/Pool.md",
		});
	});

	it("are dropped when the index is rebuilt", async () => {
		const engine = await engineWith(false);
		await engine.rebuild();
		expect(await engine.writer.store({ content: FACT })).toMatchObject({
			status: "duplicate",
			duplicateOf: "Ops/Pool.md",
		});
	});
});

describe("the text of a memory just stored", () => {
	it("is kept, so the next store compares with it without reading it back", async () => {
		const vault = new MemoryVault({ "Garden.md": "Tomatoes need more water in July." });
		vault.now = NOW;
		const { engine } = await startEngine(vault, testSettings(), { follow: false });
		const reads: string[] = [];
		const read = vault.read.bind(vault);
		vault.read = (path) => (reads.push(path), read(path));
		const first = await engine.writer.store({ content: BEFORE });
		const second = await engine.writer.store({ content: RELATED });
		expect(second.autoLinks.map((link) => link.target)).toEqual([first.nodeId]);
		expect(reads).not.toContain(first.nodeId);
		// An edit of it is still seen: the change report drops the kept text, so it is read then.
		vault.write(first.nodeId, FACT);
		await engine.index.apply({ type: "modify", path: first.nodeId });
		expect(await engine.writer.store({ content: FACT })).toMatchObject({
			status: "duplicate",
			duplicateOf: first.nodeId,
		});
		expect(reads).toContain(first.nodeId);
	});
});

describe("what similarity computes from a kept text", () => {
	/** A cache over one note whose text the test changes, with the index's change reports in its hands. */
	function cacheOver(initial: string) {
		let text = initial;
		const listeners: ((change: IndexChange) => void)[] = [];
		const index = {
			graph: {},
			onChange: (listener: (change: IndexChange) => void) => listeners.push(listener),
		} as unknown as VaultIndex;
		const cache = new NoteTextCache(index, () => Promise.resolve(text));
		const computed: string[] = [];
		const words = (value: string) => (computed.push(value), value.split(" ").length);
		return {
			cache,
			computed,
			words,
			edit: (next: string) => {
				text = next;
				for (const listener of listeners)
					listener({ type: "set", path: "A.md", previousMtime: 1, newTargets: [], ownWrite: false });
			},
		};
	}

	it("is computed once while the text is kept", async () => {
		const { cache, computed, words } = cacheOver("one two three");
		const kind = {};
		expect(await cache.derived("A.md", kind, words)).toBe(3);
		expect(await cache.derived("A.md", kind, words)).toBe(3);
		expect(computed).toEqual(["one two three"]);
	});

	it("is computed again for another kind, and after the index reports the note changed", async () => {
		const { cache, computed, words, edit } = cacheOver("one two three");
		const kind = {};
		await cache.derived("A.md", kind, words);
		await cache.derived("A.md", {}, words);
		edit("one two");
		expect(await cache.derived("A.md", kind, words)).toBe(2);
		expect(computed).toEqual(["one two three", "one two three", "one two"]);
	});

	it("counts against the cache's size, so keeping them drops the least recently used texts", async () => {
		const index = { graph: {}, onChange: () => undefined } as unknown as VaultIndex;
		const reads: string[] = [];
		// 100 texts of 159,000 characters fill 15.9 of the 16 million characters the cache keeps.
		const cache = new NoteTextCache(index, (path) => (reads.push(path), Promise.resolve("x".repeat(159_000))));
		for (let i = 0; i < 100; i++) await cache.read(`N${i}.md`);
		await cache.read("N0.md");
		expect(reads).toHaveLength(100);
		await cache.derived("N99.md", {}, (text) => text.length);
		// N1 was the least recently used: the derived value pushed it out; N0 was kept.
		await cache.read("N0.md");
		await cache.read("N1.md");
		expect(reads.slice(100)).toEqual(["N1.md"]);
	});
});
