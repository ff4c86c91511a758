import { setTimeout } from "node:timers";
import { describe, expect, it } from "vitest";
import { lockFileName, parseLockHolder } from "../../../src/core/activity/writer-lock";
import { RetryLaterError } from "../../../src/core/model/memory-error";
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

	it("refuses writes, naming the new holder, once a silent holder's lock was taken over (issue 29.11)", async () => {
		const storage = new MemoryStorage();
		let now = 1_000_000;
		const lost: number[] = [];
		const warnings: string[] = [];
		const lock = await WriterLock.acquire(storage, identity(1, [1, 2]), {
			clock: () => now,
			timers: NODE_TIMERS,
			// No heartbeat during the test: this process is "suspended".
			timing: { heartbeatMs: 3_600_000, staleMs: 1_000 },
			warn: (message) => warnings.push(message),
		});
		lock.onLost((holder) => lost.push(holder.pid));
		await lock.assertHeld();
		// Suspended for longer than the stale time; another process took the lock over meanwhile.
		now += 1_500;
		const taker = {
			token: "t2",
			program: "causal-memory serve",
			pid: 2,
			host: "box",
			startedAt: now,
			heartbeatAt: now,
		};
		storage.files.set(FILE, JSON.stringify(taker));
		const reads = storage.log.filter((operation) => operation === "read").length;

		const refused = await lock.assertHeld().catch((error: unknown) => error);
		expect(refused).toBeInstanceOf(RetryLaterError);
		expect((refused as Error).message).toContain("taken over by causal-memory serve (pid 2 on box)");
		expect(storage.log.filter((operation) => operation === "read").length).toBe(reads + 1);
		await expect(lock.assertHeld()).rejects.toThrow(/pid 2/);
		expect(lock.lostTo?.pid).toBe(2);
		expect(lost).toEqual([2]);
		expect(warnings.join("\n")).toContain("refuses every write from now on");
		// Its lock stays the new holder's, also once this one is released.
		await lock.release();
		expect(parseLockHolder(storage.files.get(FILE) ?? null)?.token).toBe("t2");
	});

	it("answers from memory within the lease, and reads and renews its lock after a longer silence", async () => {
		const storage = new MemoryStorage();
		let now = 1_000_000;
		const lock = await WriterLock.acquire(storage, identity(1), {
			clock: () => now,
			timers: NODE_TIMERS,
			timing: { heartbeatMs: 3_600_000, staleMs: 1_000 },
			warn: () => undefined,
		});
		const operations = storage.log.length;
		now += 400;
		await lock.assertHeld();
		expect(storage.log.length).toBe(operations);
		now += 400;
		await lock.assertHeld();
		expect(storage.log.slice(operations)).toEqual(["read", "writeAtomic", "read"]);
		expect(parseLockHolder(storage.files.get(FILE) ?? null)?.heartbeatAt).toBe(now);
		expect(lock.lostTo).toBeNull();
		await lock.release();
	});

	it("loses the lock to a process that wrote it while this one renewed it after a silence", async () => {
		const storage = new MemoryStorage();
		let now = 1_000_000;
		const lock = await WriterLock.acquire(storage, identity(1, [1, 2]), {
			clock: () => now,
			timers: NODE_TIMERS,
			timing: { heartbeatMs: 3_600_000, staleMs: 1_000 },
			warn: () => undefined,
		});
		now += 1_500;
		const renewing = lock.assertHeld().catch((error: unknown) => error);
		// The other process read the old heartbeat before the renewal and writes its own after it.
		await new Promise((resolve) => setTimeout(resolve, 20));
		storage.files.set(
			FILE,
			JSON.stringify({ token: "t2", program: "other", pid: 2, host: "box", startedAt: now, heartbeatAt: now }),
		);
		expect(await renewing).toBeInstanceOf(RetryLaterError);
		expect(lock.lostTo?.pid).toBe(2);
	});
});
