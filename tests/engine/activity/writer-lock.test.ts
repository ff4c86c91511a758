import { setTimeout } from "node:timers";
import { describe, expect, it } from "vitest";
import { lockFileName, parseLockHolder } from "../../../src/core/activity/writer-lock";
import { WriterLock, WriterLockError, type LockIdentity } from "../../../src/engine/activity/writer-lock";
import { NODE_TIMERS } from "../../../src/node/node-timers";
import { MemoryStorage } from "../../fakes/memory-storage";

const TIMING = { heartbeatMs: 20, staleMs: 1_000 };
const FILE = lockFileName("box");

function identity(pid: number, alive: readonly number[] = [pid]): LockIdentity {
	return { program: `writer ${pid}`, pid, host: "box", token: `t${pid}`, isAlive: (p) => alive.includes(p) };
}

function acquire(storage: MemoryStorage, who: LockIdentity, clock = () => Date.now()): Promise<WriterLock> {
	return WriterLock.acquire(storage, who, { clock, timers: NODE_TIMERS, timing: TIMING, warn: () => undefined });
}

describe("WriterLock", () => {
	it("lets exactly one of two processes that start at the same instant go on", async () => {
		const storage = new MemoryStorage();
		const results = await Promise.allSettled([
			acquire(storage, identity(1, [1, 2])),
			acquire(storage, identity(2, [1, 2])),
		]);
		const won = results.filter((r) => r.status === "fulfilled");
		expect(won).toHaveLength(1);
		const lost = results.find((r) => r.status === "rejected");
		expect(lost?.reason).toBeInstanceOf(WriterLockError);
		await won[0].value.release();
		expect(storage.files.has(FILE)).toBe(false);
	});

	it("renews its heartbeat, and a process that finds it alive is refused with its pid", async () => {
		const storage = new MemoryStorage();
		const lock = await acquire(storage, identity(1));
		const first = parseLockHolder(storage.files.get(FILE) ?? null);
		await new Promise((resolve) => setTimeout(resolve, 80));
		const later = parseLockHolder(storage.files.get(FILE) ?? null);
		expect(later?.heartbeatAt).toBeGreaterThan(first?.heartbeatAt ?? Infinity);
		await expect(acquire(storage, identity(2, [1, 2]))).rejects.toThrow(
			/writer 1 \(pid 1 on box\), running since .*last heartbeat 0 s ago/,
		);
		await lock.release();
	});

	it("takes over a lock whose pid is gone, and one whose heartbeat is older than the stale time", async () => {
		const storage = new MemoryStorage();
		const dead = await acquire(storage, identity(1));
		await dead.release();
		storage.files.set(
			FILE,
			JSON.stringify({ token: "t1", program: "old", pid: 1, host: "box", startedAt: 0, heartbeatAt: Date.now() }),
		);
		const afterDeath = await acquire(storage, identity(2, [2]));
		await afterDeath.release();

		storage.files.set(
			FILE,
			JSON.stringify({
				token: "t3",
				program: "old",
				pid: 3,
				host: "box",
				startedAt: 0,
				heartbeatAt: Date.now() - 5_000,
			}),
		);
		const afterSilence = await acquire(storage, identity(4, [3, 4]));
		expect(parseLockHolder(storage.files.get(FILE) ?? null)?.pid).toBe(4);
		await afterSilence.release();
	});

	it("waits for the lock of another engine of this same process until it is released", async () => {
		const storage = new MemoryStorage();
		const previous = await acquire(storage, { ...identity(1), token: "previous" });
		let acquired = false;
		const next = acquire(storage, { ...identity(1), token: "next" }).then((lock) => {
			acquired = true;
			return lock;
		});
		await new Promise((resolve) => setTimeout(resolve, 300));
		expect(acquired).toBe(false);
		expect(parseLockHolder(storage.files.get(FILE) ?? null)?.token).toBe("previous");
		await previous.release();
		const lock = await next;
		expect(parseLockHolder(storage.files.get(FILE) ?? null)?.token).toBe("next");
		await lock.release();
	});

	it("gives up waiting when it is cancelled, or once the previous engine has held on for the stale time", async () => {
		const storage = new MemoryStorage();
		const previous = await acquire(storage, { ...identity(1), token: "previous" });
		let cancelled = false;
		const waiting = WriterLock.acquire(
			storage,
			{ ...identity(1), token: "next" },
			{
				clock: () => Date.now(),
				timers: NODE_TIMERS,
				timing: TIMING,
				warn: () => undefined,
				cancelled: () => cancelled,
			},
		);
		cancelled = true;
		await expect(waiting).rejects.toThrow("Stopped while waiting for the previous engine of this process to stop.");
		// The previous engine keeps its heartbeat but never lets go.
		await expect(acquire(storage, { ...identity(1), token: "next" })).rejects.toThrow(
			/previous Causal Memory engine in this process \(writer 1, started .*\) has not stopped within 1 s/,
		);
		expect(parseLockHolder(storage.files.get(FILE) ?? null)?.token).toBe("previous");
		await previous.release();
	});
});
