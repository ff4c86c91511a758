import { afterEach, describe, expect, it } from "vitest";
import { setTimeout } from "node:timers";
import { MemoryError, RetryLaterError } from "../../src/core/model/memory-error";
import { MemoryEngine } from "../../src/engine/memory-engine";
import { GatedVault } from "../helpers/gated-vault";
import { inMemoryEngine } from "../helpers/in-memory-engine";
import { MemoryVault } from "../helpers/memory-vault";

const NOTES: Record<string, string> = {
	"Relay outage.md": "The relay outage started when the TLS certificate expired. [[Certificate renewal]]",
	"Certificate renewal.md": "Certificate renewal is now automatic, after the relay outage.",
	"Garden.md": "Tomatoes grow along the fence.",
};
for (let i = 0; i < 40; i++) NOTES[`Later/Note ${i}.md`] = `A later note about the relay outage, number ${i}.`;

let engines: MemoryEngine[] = [];
afterEach(async () => {
	await Promise.all(engines.map((engine) => engine.stop()));
	engines = [];
});

function engineOver(vault: GatedVault): MemoryEngine {
	const engine = inMemoryEngine(vault);
	engines.push(engine);
	return engine;
}

/** Waits until `done` holds, checking between timer turns. */
async function until(done: () => boolean): Promise<void> {
	for (let turn = 0; !done(); turn++) {
		if (turn > 1000) throw new Error("gave up waiting");
		await new Promise((resolve) => setImmediate(resolve));
	}
}

describe("MemoryEngine while the first index runs", () => {
	it("answers recall from the notes read so far, flagged partial, then in full once started", async () => {
		const vault = new GatedVault(new MemoryVault(NOTES), (path) => path.startsWith("Later/"));
		const engine = engineOver(vault);
		const started = engine.start({ follow: false });
		await until(() => vault.heldReads > 0 && (engine.index.partial?.done ?? 0) >= 3);

		expect(engine.index.partial).toEqual({ done: 3, total: 43 });
		const during = await engine.recall("relay outage certificate", { readOnly: true });
		expect(during.partial).toBe(true);
		const found = during.results.map((hit) => hit.path);
		expect(found).toContain("Relay outage.md");
		expect(found).toContain("Certificate renewal.md");
		expect(found.some((path) => path.startsWith("Later/"))).toBe(false);
		expect(engine.ready).toBe(false);

		vault.release();
		await started;
		// Words every later note holds alike ("relay outage" is in 42 of the 43 notes, so the later
		// ones score under recall.ranking.resultFloor for it).
		const after = await engine.recall("later note", { readOnly: true, k: 50 });
		expect(after.partial).toBeUndefined();
		expect(after.results.filter((hit) => hit.path.startsWith("Later/"))).toHaveLength(40);
		expect(engine.ready).toBe(true);
	});

	it("holds a write that arrives while indexing until the index is built, then stores it", async () => {
		const inner = new MemoryVault(NOTES);
		const vault = new GatedVault(inner, (path) => path.startsWith("Later/"));
		const engine = engineOver(vault);
		const started = engine.start({ follow: false });
		await until(() => vault.heldReads > 0);

		let answered = false;
		const early = engine.writer.store({ content: "A memory stored while the vault was being indexed." }).finally(() => {
			answered = true;
		});
		const pinned = engine.writer.pinAsUser("Garden.md", true);
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(answered).toBe(false);
		expect(inner.paths()).toHaveLength(43);

		vault.release();
		await started;
		const stored = await early;
		expect(stored.status).toBe("stored");
		expect(inner.paths()).toContain(stored.nodeId);
		expect((await pinned).pinned).toBe(true);
		const found = await engine.recall("stored while the vault was being indexed", { readOnly: true });
		expect(found.results[0]?.path).toBe(stored.nodeId);
	});

	it("refuses a write that waited longer than writeWaitMs with a retryable error, and writes nothing", async () => {
		const inner = new MemoryVault(NOTES);
		const vault = new GatedVault(inner, (path) => path.startsWith("Later/"));
		const engine = inMemoryEngine(vault, { writeWaitMs: 40 });
		engines.push(engine);
		const started = engine.start({ follow: false });
		await until(() => vault.heldReads > 0);

		const refused = await engine.writer
			.store({ content: "A memory stored too early." })
			.catch((error: unknown) => error);
		expect(refused).toBeInstanceOf(RetryLaterError);
		expect((refused as MemoryError).retryable).toBe(true);
		expect((refused as MemoryError).message).toMatch(/still indexing the vault \(\d+ of 43 notes read\).*retry/);
		expect(inner.paths()).toHaveLength(43);

		vault.release();
		await started;
		const stored = await engine.writer.store({ content: "A memory stored once indexing is done." });
		expect(inner.paths()).toContain(stored.nodeId);
	});

	it("refuses writes at once, without waiting, on an engine that was never started", async () => {
		const engine = engineOver(new GatedVault(new MemoryVault(NOTES), () => false));
		await expect(engine.writer.store({ content: "Too early." })).rejects.toThrow(
			"The memory engine has not been started.",
		);
	});
});
