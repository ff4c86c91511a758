import { clearTimeout } from "node:timers";
import { afterEach, describe, expect, it } from "vitest";
import { readMemorySettings, type MemorySettings } from "../../src/core/model/settings";
import { createTransformersEmbedder } from "../../src/embeddings/transformers-embedder";
import { KEYWORD_CACHE } from "../../src/engine/recall/keyword-cache";
import { MemoryEngine } from "../../src/engine/memory-engine";
import type { Timers } from "../../src/core/model/timers";
import { createInThreadMaintenanceWorker } from "../../src/workers/in-thread-host";
import { MemoryCacheStore } from "../fakes/memory-cache-store";
import { MemoryStorage } from "../fakes/memory-storage";
import { MemoryVault } from "../helpers/memory-vault";
import { ensureFixtureModel, FIXTURE_MODEL_ID, FIXTURE_MODEL_ROOT } from "../setup/fixture-model";

const DAY = 86_400_000;
const TIMERS: Timers = { setTimeout, clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) };

const NOTES: Record<string, string> = {
	"Walks.md": "The dog barked at the mailman all morning.",
	"Garage.md": "Our new car needs tires before the road trip.",
	"Breakfast.md": "I drink coffee every day at breakfast.",
	"Old plan.md": "The garden plan: plant tomatoes along the fence.",
	"New plan.md": "The garden plan, revised: plant tomatoes and beans along the fence.",
};

let engines: MemoryEngine[] = [];

function engineOver(
	vault: MemoryVault,
	storage: MemoryStorage,
	clock: () => number,
	settings: MemorySettings = readMemorySettings(null).settings,
	caches?: MemoryCacheStore,
): MemoryEngine {
	const engine = new MemoryEngine({
		vault,
		storage,
		caches,
		worker: createInThreadMaintenanceWorker(),
		timers: TIMERS,
		clock,
		settings: () => settings,
		warn: () => undefined,
	});
	engines.push(engine);
	return engine;
}

afterEach(async () => {
	await Promise.all(engines.map((engine) => engine.stop()));
	engines = [];
});

describe("MemoryEngine recall wiring", () => {
	it("ranks by the retention of the last maintenance pass: of two equally matching notes, the used one wins", async () => {
		let now = Date.UTC(2026, 0, 1);
		const vault = new MemoryVault({
			...NOTES,
			"Fence A.md": "Plant tomatoes along the fence.",
			"Fence B.md": "Plant tomatoes along the fence. Zucchini too.",
		});
		const engine = engineOver(vault, new MemoryStorage(), () => now);
		await engine.start({ follow: false });
		const before = await engine.recall("tomatoes fence", { readOnly: true });
		expect(before.results.map((hit) => hit.path).slice(0, 2)).toEqual(["Fence A.md", "Fence B.md"]);

		for (let day = 0; day < 5; day++) {
			now += 3 * DAY;
			await engine.recall("zucchini");
		}
		await engine.maintenance.runPass();
		expect(engine.maintenance.lastPassAt()).toBe(now);
		expect(engine.maintenance.retentionOf("Fence B.md")).toBeGreaterThan(
			engine.maintenance.retentionOf("Fence A.md") ?? 1,
		);

		const after = await engine.recall("tomatoes fence", { readOnly: true });
		expect(after.results.map((hit) => hit.path).slice(0, 2)).toEqual(["Fence B.md", "Fence A.md"]);
	});

	it("saves the keyword index on stop and reuses it at the next start, rebuilding a corrupt one", async () => {
		const vault = new MemoryVault(NOTES);
		const storage = new MemoryStorage();
		const caches = new MemoryCacheStore();
		const settings = readMemorySettings(null).settings;
		const first = engineOver(vault, storage, () => Date.UTC(2026, 0, 1), settings, caches);
		await first.start({ follow: false });
		await first.stop();
		engines = [];
		expect(new TextDecoder().decode(caches.files.get(KEYWORD_CACHE))).toContain("Walks.md");

		const second = engineOver(vault, storage, () => Date.UTC(2026, 0, 2), settings, caches);
		await second.start({ follow: false });
		expect(second.recallService.keywordVersion).toBe(0);
		expect((await second.recall("mailman", { readOnly: true })).results.map((hit) => hit.path)).toEqual(["Walks.md"]);
		await second.stop();
		engines = [];

		caches.files.set(KEYWORD_CACHE, new TextEncoder().encode("{not json"));
		const third = engineOver(vault, storage, () => Date.UTC(2026, 0, 3), settings, caches);
		await third.start({ follow: false });
		expect(third.recallService.keywordVersion).toBe(Object.keys(NOTES).length);
		expect((await third.recall("mailman", { readOnly: true })).results.map((hit) => hit.path)).toEqual(["Walks.md"]);
	});

	it("adds semantic recall once a model is given, for notes indexed before it loaded", async () => {
		ensureFixtureModel();
		const embedder = await createTransformersEmbedder({
			modelId: FIXTURE_MODEL_ID,
			localModelPath: FIXTURE_MODEL_ROOT,
		});
		try {
			const engine = engineOver(new MemoryVault(NOTES), new MemoryStorage(), () => Date.UTC(2026, 0, 1));
			await engine.start({ follow: false });
			expect((await engine.recall("canine", { readOnly: true })).results).toEqual([]);
			await engine.useEmbedder(embedder);
			await engine.recallService.noteEmbeddings?.whenIdle();
			const result = await engine.recall("canine", { readOnly: true });
			expect(result).toMatchObject({ mode: "full", vector: true, embeddingsPending: 0 });
			expect(result.results[0].path).toBe("Walks.md");
		} finally {
			await Promise.all(engines.map((engine) => engine.stop()));
			engines = [];
			await embedder.dispose();
		}
	});
});
