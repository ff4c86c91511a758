import { setTimeout } from "node:timers";
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
	it("re-indexes into one fresh keyword index: recall answers from the notes read so far, marked partial, then completely", async () => {
		const inner = new MemoryVault(notes());
		let holding = (_path: string) => false;
		const vault = new GatedVault(inner, (path) => holding(path));
		const engine = await started(vault);
		const before = engine.recallService.keyword;
		const query = "sync conflict decision";
		const answered = (await engine.recall(query, { readOnly: true })).results.map((hit) => hit.path);
		expect(answered).toContain("Note 1.md");

		// Notes 0 to 9 are read, the rest wait at the gate.
		holding = (path) => !/^Note \d\.md$/.test(path);
		inner.write("Note 1.md", "Only about the mailman now. See [[Note 2]].");
		const rebuilt = engine.rebuild();
		while (vault.heldReads < 16) await new Promise((resolve) => setImmediate(resolve));
		await new Promise((resolve) => setTimeout(resolve, 20));
		expect(engine.recallService.keyword).not.toBe(before);
		expect(engine.recallService.keyword.size).toBe(10);
		const during = await engine.recall(query, { readOnly: true });
		expect(during.partial).toBe(true);
		expect(during.results.slice(0, 2).map((hit) => hit.path)).toEqual(["Note 5.md", "Note 9.md"]);
		expect(engine.search(query, {}, 20).map((hit) => hit.path)).toEqual(["Note 5.md", "Note 9.md"]);

		vault.release();
		await rebuilt;
		expect(engine.recallService.keyword.size).toBe(60);
		const after = await engine.recall(query, { readOnly: true });
		expect(after.partial).toBeUndefined();
		expect(after.results.map((hit) => hit.path)).not.toContain("Note 1.md");
		expect(after.results.length).toBeGreaterThan(5);
		expect(engine.search("only about the mailman", {}, 1).map((hit) => hit.path)).toEqual(["Note 1.md"]);
	});

	it("keeps the previous keyword index when the rebuild fails before it reads a note, and recall partial when it fails after", async () => {
		const inner = new MemoryVault(notes());
		let failList = false;
		const vault = new GatedVault(inner, () => false);
		const list = vault.list.bind(vault);
		vault.list = async () => {
			if (failList) throw new Error("the vault cannot be listed");
			return list();
		};
		const engine = await started(vault);
		const before = engine.recallService.keyword;
		const query = "road trip tires";
		failList = true;
		await expect(engine.rebuild()).rejects.toThrow("the vault cannot be listed");
		expect(engine.recallService.keyword).toBe(before);
		expect((await engine.recall(query, { readOnly: true })).partial).toBeUndefined();

		failList = false;
		const failing = engine.rebuild((done) => {
			if (done === 30) throw new Error("the progress bar is gone");
		});
		await expect(failing).rejects.toThrow("the progress bar is gone");
		expect(engine.recallService.keyword).not.toBe(before);
		const afterFailure = await engine.recall(query, { readOnly: true });
		expect(afterFailure.partial).toBe(true);
		expect(afterFailure.results.length).toBeGreaterThan(0);

		await engine.rebuild();
		expect(engine.recallService.keyword.size).toBe(60);
		expect((await engine.recall(query, { readOnly: true })).partial).toBeUndefined();
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
