import { afterEach, describe, expect, it } from "vitest";
import { lockFileName, parseLockHolder } from "../../src/core/activity/writer-lock";
import { RetryLaterError } from "../../src/core/model/memory-error";
import type { MemoryEngine } from "../../src/engine/memory-engine";
import { MemoryStorage } from "../fakes/memory-storage";
import { inMemoryEngine } from "../helpers/in-memory-engine";
import { MemoryVault } from "../helpers/memory-vault";

const NOTES: Record<string, string> = {
	"Relay outage.md": "The relay outage started when the TLS certificate expired. [[Certificate renewal]]",
	"Certificate renewal.md": "Certificate renewal is now automatic, after the relay outage.",
};
const LOCK_FILE = lockFileName("box");
const WRITES = new Set(["append", "writeAtomic", "remove"]);

let engine: MemoryEngine | null = null;
afterEach(async () => {
	await engine?.stop();
	engine = null;
});

/** An engine holding the writer lock of host "box" as pid 1, on a clock the test moves. */
async function lockedEngine(): Promise<{
	engine: MemoryEngine;
	vault: MemoryVault;
	storage: MemoryStorage;
	clock: { now: number };
}> {
	const vault = new MemoryVault(NOTES);
	const storage = new MemoryStorage();
	const clock = { now: Date.UTC(2026, 0, 1) };
	engine = inMemoryEngine(vault, {
		storage,
		clock: () => clock.now,
		lock: { program: "serve A", pid: 1, host: "box", token: "a", isAlive: () => true },
	});
	await engine.start({ follow: false });
	return { engine, vault, storage, clock };
}

describe("an engine whose writer lock another process took over (issue 29.11)", () => {
	it("refuses every write with a retryable error naming the new holder, and writes nothing more", async () => {
		const { engine, vault, storage, clock } = await lockedEngine();
		await engine.writer.store({ content: "Stored while this process held the lock." });
		await engine.recall("relay outage", { readOnly: false });
		const notes = vault.paths().length;

		// Suspended for 126 s (no heartbeat); serve B took the stale lock over and serves.
		clock.now += 126_000;
		const taker = { token: "b", program: "serve B", pid: 2, host: "box", startedAt: clock.now, heartbeatAt: clock.now };
		storage.files.set(LOCK_FILE, JSON.stringify(taker));
		const mark = storage.log.length;

		const refused = await engine.writer.store({ content: "Stored after the lock was lost." }).catch((e: unknown) => e);
		expect(refused).toBeInstanceOf(RetryLaterError);
		expect((refused as Error).message).toContain("taken over by serve B (pid 2 on box)");
		expect(engine.lockLostTo).toMatchObject({ pid: 2, program: "serve B" });
		await expect(engine.writer.pinAsUser("Relay outage.md", true)).rejects.toThrow(/pid 2/);
		await expect(engine.writer.amend("Relay outage", "It started a day earlier.")).rejects.toThrow(/pid 2/);

		// Recall still answers; it reactivates nothing, and opens are not recorded.
		const recalled = await engine.recall("relay outage certificate", { readOnly: false });
		expect(recalled.results.map((hit) => hit.path)).toContain("Relay outage.md");
		await engine.recordOpen("Relay outage.md");

		await engine.stop();
		expect(vault.paths()).toHaveLength(notes);
		expect(storage.log.slice(mark).filter((operation) => WRITES.has(operation))).toEqual([]);
		expect(parseLockHolder(storage.files.get(LOCK_FILE) ?? null)?.token).toBe("b");
	});

	it("goes on writing after a silence when nobody took its lock, and renews it", async () => {
		const { engine, vault, storage, clock } = await lockedEngine();
		clock.now += 126_000;
		const stored = await engine.writer.store({ content: "Stored after a long pause, the lock still ours." });
		expect(vault.paths()).toContain(stored.nodeId);
		expect(parseLockHolder(storage.files.get(LOCK_FILE) ?? null)).toMatchObject({ token: "a", heartbeatAt: clock.now });
		expect(engine.lockLostTo).toBeNull();
	});
});
