import { afterEach, describe, expect, it } from "vitest";
import { readMemorySettings } from "../../../src/core/model/settings";
import type { Timers } from "../../../src/core/model/timers";
import { NOT_RELATED_FILE, NotRelatedPairs } from "../../../src/engine/inspector/not-related-pairs";
import { RelatedMemories } from "../../../src/engine/inspector/related-memories";
import { MemoryEngine } from "../../../src/engine/memory-engine";
import { NODE_TIMERS } from "../../../src/node/node-timers";
import { createInThreadMaintenanceWorker } from "../../../src/workers/in-thread-host";
import { MemoryStorage } from "../../fakes/memory-storage";
import { MemoryVault } from "../../helpers/memory-vault";

const TOPICS = ["garden", "invoice", "bicycle", "recipe", "holiday", "printer", "piano", "aquarium"];

/**
 * A small generated vault: a Postgres migration cluster around Maya Okafor, a note linked to the
 * plan, one that shares the plan's neighbour, and filler notes on other subjects.
 */
function generatedVault(): Record<string, string> {
	const notes: Record<string, string> = {
		"Memory/Migration plan.md":
			'---\ncaused_by: "[[Slow queries]]"\n---\nMaya Okafor plans the Postgres migration: move the reporting tables to Postgres, replica lag under a second, cutover on a weekend.',
		"Memory/Migration rehearsal.md":
			"Maya Okafor rehearsed the Postgres migration of the reporting tables; replica lag stayed under a second until the cutover.",
		"Memory/Slow queries.md": "Reporting queries take minutes on the old database.",
		"Memory/Index tuning.md": '---\nsupports: "[[Slow queries]]"\n---\nAdded indexes, little gain.',
		"Memory/Maya on call.md": "Maya Okafor is on call the week of the cutover.",
	};
	TOPICS.forEach((topic, i) => {
		for (let j = 0; j < 3; j++)
			notes[`Memory/${topic} ${j}.md`] =
				`Notes about the ${topic}: item ${i * 3 + j}, the ${topic} needs care and a ${topic} check.`;
	});
	return notes;
}

const engines: MemoryEngine[] = [];

async function engineOver(vault: MemoryVault, storage: MemoryStorage): Promise<MemoryEngine> {
	const { settings } = readMemorySettings({});
	const engine = new MemoryEngine({
		vault,
		storage,
		worker: createInThreadMaintenanceWorker(),
		timers: NODE_TIMERS,
		clock: () => vault.now,
		settings: () => settings,
		warn: () => undefined,
	});
	engines.push(engine);
	await engine.start({ follow: true });
	return engine;
}

/** RelatedMemories over the engine's index and recall, counting the notes it reads (one per computation) and its yields. */
function relatedOver(engine: MemoryEngine, vault: MemoryVault, now?: () => number, onYield?: (count: number) => void) {
	const counts = { reads: 0, yields: 0 };
	const timers: Timers = {
		...NODE_TIMERS,
		afterPending: (callback) => {
			counts.yields++;
			onYield?.(counts.yields);
			NODE_TIMERS.afterPending?.(callback);
		},
	};
	const related = new RelatedMemories({
		index: engine.index,
		recall: engine.recallService,
		notRelated: new NotRelatedPairs(new MemoryStorage(), () => undefined),
		read: (path) => {
			counts.reads++;
			return vault.read(path);
		},
		timers,
		now,
	});
	return { related, counts };
}

/** `count` notes in topic clusters: each shares a name and topic words with its cluster and links to two earlier notes. */
function largerVault(count: number): Record<string, string> {
	const notes: Record<string, string> = {};
	for (let i = 0; i < count; i++) {
		const topic = TOPICS[i % TOPICS.length];
		const links = i < 2 ? "" : ` See [[Note ${(i * 7) % i}]] and [[Note ${(i * 13) % i}]].`;
		notes[`Memory/Note ${i}.md`] =
			`Ada Lovelace and Maya Okafor discuss the ${topic} plan ${i % 5}: the ${topic} budget, the ${topic} schedule, item ${i}.${links}`;
	}
	return notes;
}

afterEach(async () => {
	for (const engine of engines.splice(0)) await engine.stop();
});

describe("related memories", () => {
	it("ranks the note on the same subject first, with why, and never a linked note or the note itself", async () => {
		const engine = await engineOver(new MemoryVault(generatedVault()), new MemoryStorage());
		const related = await engine.relatedMemories("Memory/Migration plan.md");
		const paths = related.map((memory) => memory.path);
		expect(paths[0]).toBe("Memory/Migration rehearsal.md");
		expect(related[0]?.title).toBe("Migration rehearsal");
		expect(related[0]?.why.join(" ")).toContain("names: Maya Okafor, Postgres");
		expect(related[0]?.why.join(" ")).toContain("shares words");
		expect(paths).toContain("Memory/Maya on call.md");
		// Shares the plan's cause: found through the graph.
		const tuning = related.find((memory) => memory.path === "Memory/Index tuning.md");
		expect(tuning?.why).toContain("linked through Slow queries");
		expect(paths).not.toContain("Memory/Slow queries.md");
		expect(paths).not.toContain("Memory/Migration plan.md");
		expect(paths.some((path) => TOPICS.some((topic) => path.includes(topic)))).toBe(false);
		const scores = related.map((memory) => memory.score);
		expect([...scores].sort((a, b) => b - a)).toEqual(scores);
	});

	it("keeps the list until the graph changes, and drops a note once it is linked", async () => {
		const engine = await engineOver(new MemoryVault(generatedVault()), new MemoryStorage());
		const first = await engine.relatedMemories("Memory/Migration plan.md");
		expect(engine.cachedRelatedMemories("Memory/Migration plan.md")).toBe(first);
		await engine.writer.link("Memory/Migration plan.md", "Memory/Migration rehearsal.md", "related_to");
		expect(engine.cachedRelatedMemories("Memory/Migration plan.md")).toBeUndefined();
		const after = await engine.relatedMemories("Memory/Migration plan.md");
		expect(after.map((memory) => memory.path)).not.toContain("Memory/Migration rehearsal.md");
		// Linked the other way round too.
		const fromRehearsal = await engine.relatedMemories("Memory/Migration rehearsal.md");
		expect(fromRehearsal.map((memory) => memory.path)).not.toContain("Memory/Migration plan.md");
	});

	it("never suggests a pair marked not related again, in either direction, after a restart too", async () => {
		const vault = new MemoryVault(generatedVault());
		const storage = new MemoryStorage();
		const engine = await engineOver(vault, storage);
		await engine.relatedMemories("Memory/Migration plan.md");
		await engine.markNotRelated("Memory/Migration plan.md", "Memory/Migration rehearsal.md");
		expect(engine.cachedRelatedMemories("Memory/Migration plan.md")?.map((memory) => memory.path)).not.toContain(
			"Memory/Migration rehearsal.md",
		);
		await engine.stop();
		engines.splice(0);
		expect([...storage.files.keys()].some((name) => name.endsWith(NOT_RELATED_FILE))).toBe(true);

		const restarted = await engineOver(vault, storage);
		const plan = await restarted.relatedMemories("Memory/Migration plan.md");
		expect(plan.length).toBeGreaterThan(0);
		expect(plan.map((memory) => memory.path)).not.toContain("Memory/Migration rehearsal.md");
		const rehearsal = await restarted.relatedMemories("Memory/Migration rehearsal.md");
		expect(rehearsal.map((memory) => memory.path)).not.toContain("Memory/Migration plan.md");
	});

	it("refuses a note that is not a memory", async () => {
		const engine = await engineOver(new MemoryVault(generatedVault()), new MemoryStorage());
		await expect(engine.relatedMemories("Memory/Nowhere.md")).rejects.toThrow(/No memory "Memory\/Nowhere.md"/);
		await expect(engine.markNotRelated("Memory/Migration plan.md", "Memory/Migration plan.md")).rejects.toThrow(
			/itself/,
		);
	});

	it("computes a note's list once: a second ask takes the cache, an index change computes it again", async () => {
		const vault = new MemoryVault(generatedVault());
		const engine = await engineOver(vault, new MemoryStorage());
		const { related, counts } = relatedOver(engine, vault);
		const first = await related.of("Memory/Migration plan.md");
		expect(counts.reads).toBe(1);
		expect(await related.of("Memory/Migration plan.md")).toBe(first);
		expect(related.cached("Memory/Migration plan.md")).toBe(first);
		expect(counts.reads).toBe(1);
		vault.write("Memory/Garden 0.md", "Notes about the garden, rewritten.");
		await engine.index.idle();
		expect(related.cached("Memory/Migration plan.md")).toBeUndefined();
		await related.of("Memory/Migration plan.md");
		expect(counts.reads).toBe(2);
	});

	it("drops a note linked in the body at once, also when the link lands while the list is being computed", async () => {
		const vault = new MemoryVault(generatedVault());
		const engine = await engineOver(vault, new MemoryStorage());
		const plan = "Memory/Migration plan.md";
		const before = await engine.relatedMemories(plan);
		expect(before.map((memory) => memory.path)).toContain("Memory/Migration rehearsal.md");
		vault.write(plan, `${vault.content(plan) ?? ""}\nRehearsed in [[Migration rehearsal]].`);
		await engine.index.idle();
		expect(engine.cachedRelatedMemories(plan)).toBeUndefined();
		expect((await engine.relatedMemories(plan)).map((memory) => memory.path)).not.toContain(
			"Memory/Migration rehearsal.md",
		);

		// The link written while a computation in slices is under way: the list must not bring the target back.
		const maya = "Memory/Maya on call.md";
		expect((await engine.relatedMemories(maya)).map((memory) => memory.path)).toContain(
			"Memory/Migration rehearsal.md",
		);
		// A clock that ends a slice at every step.
		let tick = 0;
		const everyStep = (): number => (tick += 8);
		const dryRun = relatedOver(engine, vault, everyStep);
		await dryRun.related.of(maya);
		const linkAt = Math.floor(dryRun.counts.yields * 0.8);
		const { related } = relatedOver(engine, vault, everyStep, (count) => {
			if (count === linkAt) vault.write(maya, `${vault.content(maya) ?? ""}\nSee [[Migration rehearsal]].`);
		});
		const list = await related.of(maya);
		expect(engine.index.graph.graph.areNeighbors(maya, "Memory/Migration rehearsal.md")).toBe(true);
		expect(list.map((memory) => memory.path)).not.toContain("Memory/Migration rehearsal.md");
	});

	it("computes in slices that yield to the event loop, with the same list as in one go", async () => {
		const vault = new MemoryVault(largerVault(400));
		const engine = await engineOver(vault, new MemoryStorage());
		const path = "Memory/Note 200.md";
		// A clock that moves 1 ms each time it is read: a slice (8 ms) ends every few steps.
		let tick = 0;
		const sliced = relatedOver(engine, vault, () => tick++);
		// A clock that stands still: no slice ever ends.
		const whole = relatedOver(engine, vault, () => 0);
		const inSlices = await sliced.related.of(path);
		const inOneGo = await whole.related.of(path);
		expect(inSlices.length).toBeGreaterThan(0);
		expect(inSlices).toEqual(inOneGo);
		expect(whole.counts.yields).toBe(0);
		expect(sliced.counts.yields).toBeGreaterThan(10);
	});
});
