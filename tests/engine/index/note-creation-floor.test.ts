import { afterEach, describe, expect, it } from "vitest";
import type { MemoryEngine } from "../../../src/engine/memory-engine";
import { MemoryCacheStore } from "../../fakes/memory-cache-store";
import { CountingVault } from "../../helpers/counting-vault";
import { inMemoryEngine } from "../../helpers/in-memory-engine";
import { MemoryVault } from "../../helpers/memory-vault";

const NOTES = {
	"Plain.md": "A note of the user's, with no memory_created.",
	"Dated.md": "---\nmemory_created: 2024-03-05\n---\nA note that says when it was written.",
};

let engines: MemoryEngine[] = [];

afterEach(async () => {
	await Promise.all(engines.map((engine) => engine.stop()));
	engines = [];
});

function engineOver(vault: MemoryVault, caches: MemoryCacheStore): MemoryEngine {
	const engine = inMemoryEngine(vault, { caches });
	engines.push(engine);
	return engine;
}

describe("a note replaced by a new file (a rename over it) keeps its creation time", () => {
	it("while the engine follows the vault", async () => {
		const vault = new MemoryVault(NOTES);
		const born = vault.now;
		const engine = engineOver(vault, new MemoryCacheStore());
		await engine.start({ follow: true });
		vault.now += 3_600_000;
		await engine.index.apply(vault.replace("Plain.md", "A note of the user's, saved by an editor that renames."));
		expect(engine.index.graph.node("Plain.md")?.ctime).toBe(born);
		expect(engine.index.graph.node("Dated.md")?.ctime).toBe(Date.parse("2024-03-05"));
	});

	it("across restarts, also when it was replaced while nothing followed the vault, and is then taken from its digest", async () => {
		const vault = new CountingVault(NOTES);
		const born = vault.now;
		const caches = new MemoryCacheStore();
		const first = engineOver(vault, caches);
		await first.start({ follow: false });
		await first.stop();

		vault.now += 3_600_000;
		vault.replace("Plain.md", "Rewritten while the engine was stopped.");
		const second = engineOver(vault, caches);
		await second.start({ follow: false });
		expect(second.index.graph.node("Plain.md")?.ctime).toBe(born);
		await second.stop();

		vault.loads = 0;
		const third = engineOver(vault, caches);
		await third.start({ follow: false });
		expect(third.index.graph.node("Plain.md")?.ctime).toBe(born);
		expect(vault.loads, "notes read instead of taken from their digest").toBe(0);
	});
});
