import { afterEach, describe, expect, it } from "vitest";
import type { MemoryEngine } from "../../src/engine/memory-engine";
import { GatedVault } from "../helpers/gated-vault";
import { inMemoryEngine } from "../helpers/in-memory-engine";
import { MemoryVault } from "../helpers/memory-vault";

/** 60 notes about gardening, fences and sync, linked in a ring. */
function notes(): Record<string, string> {
	const topics = ["garden fence tomatoes", "sync conflict decision", "mailman dog walk", "road trip tires"];
	const all: Record<string, string> = {};
	for (let i = 0; i < 60; i++)
		all[`Note ${i}.md`] = `About ${topics[i % topics.length]}, take ${i}. See [[Note ${(i + 1) % 60}]].`;
	return all;
}

let engines: MemoryEngine[] = [];
afterEach(async () => {
	await Promise.all(engines.map((engine) => engine.stop()));
	engines = [];
});

function started(vault: GatedVault | MemoryVault): Promise<MemoryEngine> {
	const engine = inMemoryEngine(vault);
	engines.push(engine);
	return engine.start({ follow: false }).then(() => engine);
}

describe("rebuild", () => {
	it("fills a new keyword index while recall answers completely from the previous one, then swaps it in", async () => {
		const inner = new MemoryVault(notes());
		let holding = false;
		const vault = new GatedVault(inner, () => holding);
		const engine = await started(vault);
		const before = engine.recallService.keyword;
		const query = "sync conflict decision";
		const answered = (await engine.recall(query, { readOnly: true })).results.map((hit) => hit.path);
		expect(answered).toContain("Note 1.md");

		holding = true;
		inner.write("Note 1.md", "Only about the mailman now. See [[Note 2]].");
		const rebuilt = engine.rebuild();
		while (vault.heldReads === 0) await new Promise((resolve) => setImmediate(resolve));
		const during = await engine.recall(query, { readOnly: true });
		expect(during.partial).not.toBe(true);
		expect(during.results.map((hit) => hit.path)).toEqual(answered);
		expect(engine.recallService.keyword).toBe(before);

		vault.release();
		await rebuilt;
		expect(engine.recallService.keyword).not.toBe(before);
		const after = (await engine.recall(query, { readOnly: true })).results.map((hit) => hit.path);
		expect(after).not.toContain("Note 1.md");
		expect(after.length).toBeGreaterThan(5);
		expect(engine.search("only about the mailman", {}, 1).map((hit) => hit.path)).toEqual(["Note 1.md"]);
	});

	it("gives the keyword index and recall of a first start over the same vault", async () => {
		const vault = new MemoryVault(notes());
		const rebuiltEngine = await started(vault);
		vault.write("Note 7.md", "About road trip tires and a garden fence. See [[Note 8]].");
		await rebuiltEngine.rebuild();
		const fresh = await started(vault);
		for (const query of ["garden fence", "road trip tires", "sync decision"]) {
			const ranked = (engine: MemoryEngine) => engine.search(query, {}, 20).map((hit) => [hit.path, hit.score]);
			expect(ranked(rebuiltEngine)).toEqual(ranked(fresh));
			expect(ranked(fresh).length).toBeGreaterThan(5);
		}
		expect(rebuiltEngine.recallService.keyword.ids().sort()).toEqual(fresh.recallService.keyword.ids().sort());
	});
});
