import { afterEach, describe, expect, it } from "vitest";
import { graphSnapshot } from "../helpers/graph-snapshot";
import { readMemorySettings } from "../../src/core/model/settings";
import { MemoryEngine } from "../../src/engine/memory-engine";
import { NOTE_DIGEST_CACHE } from "../../src/engine/index/note-digest-cache";
import { KEYWORD_CACHE } from "../../src/engine/recall/keyword-cache";
import type { CacheSaveTiming } from "../../src/engine/recall/cache-saver";
import { NODE_TIMERS } from "../../src/node/node-timers";
import { createInThreadMaintenanceWorker } from "../../src/workers/in-thread-host";
import { MemoryCacheStore } from "../fakes/memory-cache-store";
import { MemoryStorage } from "../fakes/memory-storage";
import { CountingVault } from "../helpers/counting-vault";
import { MemoryVault } from "../helpers/memory-vault";
import { until } from "../obsidian/until";

const NOTES: Record<string, string> = {
	"People/Ada.md": [
		"---",
		"aliases: [Countess]",
		"tags: [person, math]",
		"memory_created: 2024-03-05",
		"caused_by: '[[Engine]]'",
		"---",
		"# Ada",
		"Ada Lovelace met Charles Babbage in London last week about the [[Engine|analytical engine]]. #history",
	].join("\n"),
	"Engine.md": "The analytical engine was designed in 1837. See [[People/Ada]] and [notes](Trip.md). ^first",
	"Trip.md": "---\nmemory_event_date: 2024-05-01\nmemory_pinned: true\n---\nTrip to Paris next Monday with Ada.\n",
	"Broken.md": "---\ntitle: [unclosed\n---\nBody of a note whose properties do not parse, linking [[Nowhere]].",
	"Plain.md": "---\nmemory_session: breakfast-chat\n---\nJust the coffee at breakfast, nothing else.",
	"Duplicate.md": "Just the coffee at breakfast, nothing else.",
	"Later/Plan.md":
		"---\nmemory_created: 2023-01-02T10:00:00Z\nleads_to: '[[Trip]]'\n---\nPlan: [[Trip]] and ![[Engine]].\nsupports:: [[People/Ada]]",
};
const SETTINGS = readMemorySettings(null).settings;
const QUERIES = ["Ada", "engine", "coffee breakfast", "Paris", "properties", "countess"];

let engines: MemoryEngine[] = [];

afterEach(async () => {
	await Promise.all(engines.map((engine) => engine.stop()));
	engines = [];
});

function engineOver(
	vault: MemoryVault,
	caches: MemoryCacheStore,
	warnings: string[] = [],
	cacheSaveTiming?: CacheSaveTiming,
	settings = SETTINGS,
): MemoryEngine {
	const engine = new MemoryEngine({
		cacheSaveTiming,
		vault,
		storage: new MemoryStorage(),
		caches,
		worker: createInThreadMaintenanceWorker(),
		timers: NODE_TIMERS,
		clock: () => Date.UTC(2026, 0, 1),
		settings: () => settings,
		warn: (message) => warnings.push(message),
	});
	engines.push(engine);
	return engine;
}

/** Everything a start derives from the notes, as values to compare. */
async function stateOf(engine: MemoryEngine): Promise<unknown> {
	const paths = engine.index.graph.notePaths().sort();
	const recall = engine.recallService;
	return {
		graph: graphSnapshot(engine.index.graph),
		warnings: engine.index.warnings().sort((a, b) => (a.path < b.path ? -1 : 1)),
		keyword: QUERIES.map((query) => recall.keyword.match(query).map((hit) => [hit.id, hit.score])),
		derived: paths.map((path) => [path, recall.derivedOf(path), recall.episodes.episodeOf(path)]),
		duplicates: recall.exactDuplicateCandidates("Just the coffee at breakfast, nothing else."),
		recall: await Promise.all(
			QUERIES.map(async (query) =>
				(await engine.recall(query, { readOnly: true })).results.map((hit) => [hit.path, hit.score, hit.snippet]),
			),
		),
	};
}

/** A cold start that saves its caches on stop; returns them and what the start derived. */
async function coldStart(vault: MemoryVault): Promise<{ caches: MemoryCacheStore; cold: unknown }> {
	const caches = new MemoryCacheStore();
	const engine = engineOver(vault, caches);
	await engine.start({ follow: false });
	const cold = await stateOf(engine);
	await engine.stop();
	return { caches, cold };
}

describe("MemoryEngine note digests", () => {
	it("a warm start reads no note and derives exactly what a cold start did", async () => {
		const vault = new CountingVault(NOTES);
		const { caches, cold } = await coldStart(vault);
		expect(caches.files.has(NOTE_DIGEST_CACHE)).toBe(true);
		expect(vault.loads).toBe(Object.keys(NOTES).length);

		vault.loads = 0;
		const warnings: string[] = [];
		const warm = engineOver(vault, caches, warnings);
		await warm.start({ follow: false });
		expect(vault.loads).toBe(0);
		expect(await stateOf(warm)).toEqual(cold);
		expect(warnings).toEqual([]);
		expect(warm.recallService.keywordVersion).toBe(0);
		// Sanity: the compared values are real (links, cues, a warning, snippets).
		expect(warm.index.graph.edges().length).toBeGreaterThan(2);
		expect(warm.recallService.cues.cuesOf("People/Ada.md")).toContain("ada lovelac");
		expect(warm.index.warnings().map((w) => w.path)).toEqual(["Broken.md"]);
		expect(warm.recallService.episodes.episodeOf("Plain.md")).toBe("breakfast-chat");
		const writes = caches.writes;
		await warm.stop();
		expect(caches.writes).toBe(writes);
	});

	it("saves after a warm start and an edit exactly the bytes a cold start saves", async () => {
		const vault = new CountingVault(NOTES);
		const { caches } = await coldStart(vault);
		const warm = engineOver(vault, caches);
		await warm.start({ follow: true });
		vault.now += 60_000;
		await warm.index.apply(vault.write("Engine.md", "The difference engine, built with [[Trip]] and [[Later/Plan]]."));
		await warm.stop();
		const fromWarm = caches.files.get(NOTE_DIGEST_CACHE);

		const { caches: coldCaches, cold } = await coldStart(vault);
		expect(fromWarm).toEqual(coldCaches.files.get(NOTE_DIGEST_CACHE));
		// And a start from either gives what a cold start gives.
		vault.loads = 0;
		const again = engineOver(vault, caches);
		await again.start({ follow: false });
		expect(vault.loads).toBe(0);
		expect(await stateOf(again)).toEqual(cold);
	});

	it("types the links of notes taken from the digest by the edge keys of this start", async () => {
		const vault = new CountingVault(NOTES);
		const { caches } = await coldStart(vault);
		const settings = readMemorySettings({
			index: { edgeKeys: { leads_to: "supports", supports: "contradicts" } },
		}).settings;
		vault.loads = 0;
		const warm = engineOver(vault, caches, [], undefined, settings);
		await warm.start({ follow: false });
		expect(vault.loads).toBe(0);
		const fresh = engineOver(vault, new MemoryCacheStore(), [], undefined, settings);
		await fresh.start({ follow: false });
		expect(graphSnapshot(warm.index.graph)).toEqual(graphSnapshot(fresh.index.graph));
		const types = warm.index.graph.outEdges("Later/Plan.md").map((edge) => `${edge.target} ${edge.type}`);
		expect(types.sort()).toEqual(["Engine.md related_to", "People/Ada.md contradicts", "Trip.md supports"]);
	});

	it("re-reads a note changed while closed, drops a deleted one, reads a new one", async () => {
		const vault = new CountingVault(NOTES);
		const { caches } = await coldStart(vault);
		vault.now += 60_000;
		vault.write("Plain.md", "Now the note speaks of tea with Ada in Rome.");
		vault.delete("Trip.md");
		vault.write("New.md", "A new note about the [[Engine]].");

		vault.loads = 0;
		const warm = engineOver(vault, caches);
		await warm.start({ follow: false });
		expect(vault.loads).toBe(2);
		const fresh = engineOver(vault, new MemoryCacheStore());
		await fresh.start({ follow: false });
		expect(await stateOf(warm)).toEqual(await stateOf(fresh));
		expect(warm.index.graph.hasNote("Trip.md")).toBe(false);
		expect(warm.recallService.derivedOf("Trip.md")).toBeUndefined();
		expect(warm.recallService.derivedOf("Plain.md")?.snippet).toBe("Now the note speaks of tea with Ada in Rome.");

		// What the second start saved leaves the deleted note out and has the new text.
		await warm.stop();
		vault.loads = 0;
		const third = engineOver(vault, caches);
		await third.start({ follow: false });
		expect(vault.loads).toBe(0);
		expect(await stateOf(third)).toEqual(await stateOf(fresh));
	});

	it("a corrupt, partial, outdated or foreign digest is one warning and every note is read", async () => {
		const vault = new CountingVault(NOTES);
		const { caches, cold } = await coldStart(vault);
		const saved = caches.files.get(NOTE_DIGEST_CACHE) ?? new Uint8Array();
		const flipped = saved.slice();
		// The last word before the body's 40-byte trailer.
		flipped[flipped.length - 44] ^= 0xff;
		const text = new TextDecoder().decode(saved);
		const foreign = new TextEncoder().encode(text.replace(/"signature":"[^"]*"/, '"signature":"digest 0, probe 0"'));
		// A cache saved by the version before the body was streamed (frame format 1).
		const outdated = new TextEncoder().encode(text.replace('"format":2', '"format":1'));

		for (const [damage, reason] of [
			[
				saved.subarray(0, saved.length - 100),
				/^the note digest cache is corrupt \(the note digest data is corrupt: \d+ bytes, not a whole number of words: truncated\)/,
			],
			[
				saved.subarray(0, saved.length - 96),
				/^the note digest cache is corrupt \(the note digest data is corrupt: no trailer at the end: truncated, or not a note digest\)/,
			],
			[outdated, /^the note digest cache has format 1, this version reads 2/],
			[flipped, /^the note digest cache is corrupt \(the note digest data is corrupt: checksum mismatch\)/],
			[new TextEncoder().encode("garbage"), /^the note digest cache is corrupt \(no header line\)/],
			[foreign, /^the note digest cache was made by another version of the parser or cue extraction/],
		] as const) {
			const damaged = new MemoryCacheStore();
			damaged.files.set(KEYWORD_CACHE, caches.files.get(KEYWORD_CACHE) ?? new Uint8Array());
			damaged.files.set(NOTE_DIGEST_CACHE, damage);
			const warnings: string[] = [];
			vault.loads = 0;
			const engine = engineOver(vault, damaged, warnings);
			await engine.start({ follow: false });
			expect(vault.loads).toBe(Object.keys(NOTES).length);
			expect(await stateOf(engine)).toEqual(cold);
			expect(warnings).toHaveLength(1);
			expect(warnings[0]).toMatch(reason);
			expect(warnings[0]).toMatch(/\(memory caches\); reading every note again$/);
			await engine.stop();
			expect(damaged.files.get(NOTE_DIGEST_CACHE)).toEqual(saved);
		}
	});

	it("a note edited after the start is re-derived from its text, not the digest", async () => {
		const vault = new CountingVault(NOTES);
		const { caches } = await coldStart(vault);
		const warm = engineOver(vault, caches);
		await warm.start({ follow: true });
		vault.now += 60_000;
		await warm.index.apply(vault.write("Engine.md", "The difference engine, built with [[Trip]]."));
		expect(warm.recallService.derivedOf("Engine.md")?.snippet).toBe("The difference engine, built with [[Trip]].");
		expect(warm.index.graph.outEdges("Engine.md").map((edge) => edge.target)).toEqual(["Trip.md"]);
	});

	it("is saved in the background once the index settles and on the quit event, and the next start reads only what changed", async () => {
		const vault = new CountingVault(NOTES);
		const caches = new MemoryCacheStore();
		const first = engineOver(vault, caches, [], { quietMs: 20, maxDelayMs: 1_000, minIntervalMs: 0 });
		await first.start({ follow: true });
		await until(() => caches.writesByName.get(NOTE_DIGEST_CACHE) === 1);
		vault.now += 60_000;
		await first.index.apply(vault.write("Later.md", "A note about the mailman's bicycle."));
		await first.saveCaches();
		expect(caches.writesByName.get(NOTE_DIGEST_CACHE)).toBe(2);
		// The app quits here: no stop; the next launch finds what the quit event saved.
		const afterQuit = new MemoryCacheStore();
		for (const [name, bytes] of caches.files) afterQuit.files.set(name, bytes.slice());

		vault.loads = 0;
		const second = engineOver(vault, afterQuit);
		await second.start({ follow: false });
		expect(vault.loads).toBe(0);
		expect((await second.recall("bicycle", { readOnly: true })).results.map((hit) => hit.path)).toEqual(["Later.md"]);
	});
});
