import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { ActivityState, type StabilityFold } from "../../../src/core/activity/activity-state";
import { encodeRecordLine } from "../../../src/core/activity/log-codec";
import type { ActivityEvent } from "../../../src/core/activity/records";
import { encodeSnapshot } from "../../../src/core/activity/snapshot-codec";
import { logFileName, snapshotFileName } from "../../../src/core/activity/store-files";
import { ActivityStore, type ActivityStoreOptions } from "../../../src/engine/activity/activity-store";
import { MemoryStorage } from "../../fakes/memory-storage";

const countFold: StabilityFold = (stability) => (stability ?? 0) + 1;
const OPTIONS: ActivityStoreOptions = {
	maxRecentRecalls: 3,
	maxHistoryPerNode: 50,
	compactAfterRecords: 6,
	stability: countFold,
};
const LIMITS = { maxRecentRecalls: 3, maxHistoryPerNode: 50, stability: countFold };

const recall = (path: string, at: number): ActivityEvent => ({ kind: "recall", path, at });

/** Everything observable through the public API, for comparing a recovered store with a reference replay. */
function observe(store: ActivityStore, reference: ActivityState): unknown {
	const paths = [...reference.allNodes()].map((n) => n.path).sort();
	return {
		lastSeq: store.lastSeq,
		nodes: store.stats().nodes,
		live: store.paths().sort(),
		activity: paths.map((p) => store.get(p)),
		history: store.history(),
	};
}

function expected(reference: ActivityState): unknown {
	const paths = [...reference.allNodes()].map((n) => n.path).sort();
	return {
		lastSeq: reference.lastSeq,
		nodes: reference.size,
		live: reference.paths().sort(),
		activity: paths.map((p) => reference.get(p)),
		history: reference.history(),
	};
}

describe("ActivityStore", () => {
	it("makes a record durable before its promise resolves", async () => {
		const storage = new MemoryStorage();
		const store = await ActivityStore.open(storage);
		const seq = await store.record({ kind: "recall", path: "a.md", at: 5 });
		expect(seq).toBe(1);
		expect(storage.files.get(logFileName(1))).toBe(encodeRecordLine({ seq: 1, kind: "recall", path: "a.md", at: 5 }));
		expect(store.get("a.md")?.recalls.recent).toEqual([5]);
	});

	it("writes concurrent records with one append per batch (group commit), in call order", async () => {
		const storage = new MemoryStorage();
		const store = await ActivityStore.open(storage);
		const seqs = await Promise.all(Array.from({ length: 100 }, (_, i) => store.record(recall("a.md", i))));
		expect(seqs).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
		// The first record goes out alone; the 99 that arrived during its append share the next one.
		expect(storage.count("append")).toBe(2);
		expect(store.get("a.md")?.recalls.count).toBe(100);
	});

	it("lets callers that record again as soon as their record resolves share the next batch", async () => {
		const storage = new MemoryStorage();
		const store = await ActivityStore.open(storage);
		const worker = async (id: number): Promise<void> => {
			for (let i = 0; i < 10; i++) await store.record(recall(`w${id}.md`, i));
		};
		await Promise.all([0, 1, 2, 3].map(worker));
		expect(store.lastSeq).toBe(40);
		// The first record goes out alone; from then on each batch holds one record of every worker.
		expect(storage.count("append")).toBe(11);
	});

	it("rejects invalid records with the field's name and writes nothing", async () => {
		const storage = new MemoryStorage();
		const store = await ActivityStore.open(storage);
		await expect(store.record({ kind: "recall", path: "notes/a.txt", at: 1 })).rejects.toThrow(/field "path"/);
		await expect(store.record({ kind: "visit", path: "a.md", at: 1 } as never)).rejects.toThrow(/field "kind"/);
		await expect(store.record({ kind: "undo", ref: 1, at: 1 })).rejects.toThrow(/field "ref": no transition or prune/);
		expect(storage.count("append")).toBe(0);
		expect(store.lastSeq).toBe(0);
	});

	it("takes a missing timestamp from its clock, and requires one without a clock", async () => {
		const withClock = await ActivityStore.open(new MemoryStorage(), { clock: () => 42 });
		await withClock.record({ kind: "open", path: "a.md" });
		expect(withClock.get("a.md")?.lastOpened).toBe(42);
		const withoutClock = await ActivityStore.open(new MemoryStorage());
		await expect(withoutClock.record({ kind: "open", path: "a.md" })).rejects.toThrow(/field "at"/);
	});

	it("refuses an undo of something already undone", async () => {
		const store = await ActivityStore.open(new MemoryStorage());
		const seq = await store.record({
			kind: "transition",
			path: "a.md",
			from: "active",
			to: "dormant",
			at: 1,
			reason: "low",
		});
		await store.record({ kind: "undo", ref: seq, at: 2 });
		expect(store.entry(seq)?.undoneAt).toBe(2);
		await expect(store.record({ kind: "undo", ref: seq, at: 3 })).rejects.toThrow("record 1 was already undone");
	});

	it("compacts into a snapshot and a fresh log, one compaction at a time", async () => {
		const storage = new MemoryStorage();
		const store = await ActivityStore.open(storage, { compactAfterRecords: 1000 });
		for (let i = 0; i < 5; i++) await store.record(recall("a.md", i));
		const first = store.compact();
		expect(store.compact()).toBe(first);
		await first;
		expect(storage.count("writeAtomic")).toBe(1);
		expect([...storage.files.keys()]).toEqual([snapshotFileName(2)]);
		await store.record(recall("b.md", 9));
		await store.compact();
		expect([...storage.files.keys()].sort()).toEqual([snapshotFileName(3)]);
		const reopened = await ActivityStore.open(storage.restart());
		expect(reopened.get("a.md")?.recalls.count).toBe(5);
		expect(reopened.paths()).toEqual(["a.md", "b.md"]);
		expect(reopened.lastSeq).toBe(6);
		expect(reopened.warnings).toEqual([]);
	});

	it("compacts by itself once the log reaches the record threshold", async () => {
		const storage = new MemoryStorage();
		const store = await ActivityStore.open(storage, { compactAfterRecords: 10 });
		for (let i = 0; i < 25; i++) await store.record(recall("a.md", i));
		await store.close();
		expect(storage.count("writeAtomic")).toBe(2);
		expect(store.stats()).toMatchObject({ generation: 3, recordsSinceCompaction: 5, lastSeq: 25 });
		const reopened = await ActivityStore.open(storage.restart());
		expect(reopened.get("a.md")?.recalls.count).toBe(25);
	});

	it("keeps records that arrive while a compaction writes its snapshot", async () => {
		const storage = new MemoryStorage();
		const store = await ActivityStore.open(storage, { compactAfterRecords: 1000 });
		await store.record(recall("a.md", 1));
		const during = [store.compact(), store.record(recall("a.md", 2)), store.record(recall("a.md", 3))];
		await Promise.all(during);
		const reopened = await ActivityStore.open(storage.restart());
		expect(reopened.get("a.md")?.recalls.recent).toEqual([1, 2, 3]);
	});

	it("starts the next append on a new line after a partly written failed append", async () => {
		const storage = new MemoryStorage();
		const store = await ActivityStore.open(storage);
		await store.record(recall("a.md", 1));
		storage.failNextAppend(12);
		await expect(store.record(recall("a.md", 2))).rejects.toThrow(
			/Could not append to the activity log activity-1\.log: disk full/,
		);
		await store.record(recall("a.md", 3));
		expect(store.get("a.md")?.recalls.recent).toEqual([1, 3]);

		const reopened = await ActivityStore.open(storage.restart());
		expect(reopened.get("a.md")?.recalls.recent).toEqual([1, 3]);
		expect(reopened.warnings).toEqual([{ file: logFileName(1), line: 2, message: "checksum mismatch" }]);
	});

	it("truncates a torn tail on open, reports it once, and keeps appending safely", async () => {
		const storage = new MemoryStorage();
		const store = await ActivityStore.open(storage);
		await store.record(recall("a.md", 1));
		await store.record(recall("a.md", 2));
		const log = storage.files.get(logFileName(1)) ?? "";
		storage.files.set(logFileName(1), log.slice(0, log.length - 7));

		const files = storage.restart();
		const reopened = await ActivityStore.open(files);
		expect(reopened.warnings).toEqual([
			{ file: logFileName(1), line: 2, message: "incomplete last line (a write was interrupted)" },
		]);
		expect(reopened.get("a.md")?.recalls.recent).toEqual([1]);
		await reopened.record(recall("a.md", 3));

		const again = await ActivityStore.open(files.restart());
		expect(again.warnings).toEqual([]);
		expect(again.get("a.md")?.recalls.recent).toEqual([1, 3]);
	});

	it("deletes leftovers of an interrupted compaction and never applies a record twice", async () => {
		const state = new ActivityState(LIMITS);
		state.apply({ seq: 1, kind: "recall", path: "a.md", at: 1 });
		const storage = new MemoryStorage();
		// Crash after the snapshot of generation 2 was written but before log 1 was deleted.
		storage.files.set(logFileName(1), encodeRecordLine({ seq: 1, kind: "recall", path: "a.md", at: 1 }));
		storage.files.set(snapshotFileName(2), encodeSnapshot(state, 2));
		storage.files.set(logFileName(2), encodeRecordLine({ seq: 2, kind: "recall", path: "a.md", at: 2 }));
		storage.files.set(`${snapshotFileName(3)}.tmp`, "half a snap");

		const store = await ActivityStore.open(storage);
		expect(store.get("a.md")?.recalls.recent).toEqual([1, 2]);
		expect([...storage.files.keys()].sort()).toEqual([logFileName(2), snapshotFileName(2)]);
		expect(store.warnings).toEqual([]);
	});

	it("skips records that a snapshot already holds (a log copied back by a sync tool)", async () => {
		const state = new ActivityState(LIMITS);
		state.apply({ seq: 1, kind: "recall", path: "a.md", at: 1 });
		state.apply({ seq: 2, kind: "recall", path: "a.md", at: 2 });
		const storage = new MemoryStorage();
		storage.files.set(snapshotFileName(2), encodeSnapshot(state, 2));
		storage.files.set(
			logFileName(2),
			encodeRecordLine({ seq: 2, kind: "recall", path: "a.md", at: 2 }) +
				encodeRecordLine({ seq: 3, kind: "recall", path: "a.md", at: 3 }),
		);

		const store = await ActivityStore.open(storage);
		expect(store.get("a.md")?.recalls).toMatchObject({ count: 3, recent: [1, 2, 3] });
		expect(store.warnings).toEqual([
			{ file: logFileName(2), line: null, message: "record 2 is already in the snapshot; skipped" },
		]);
	});

	it("falls back to the previous snapshot when the newest one is damaged", async () => {
		const older = new ActivityState(LIMITS);
		older.apply({ seq: 1, kind: "recall", path: "a.md", at: 1 });
		const storage = new MemoryStorage();
		storage.files.set(snapshotFileName(1), encodeSnapshot(older, 1));
		storage.files.set(logFileName(1), encodeRecordLine({ seq: 2, kind: "recall", path: "a.md", at: 2 }));
		storage.files.set(snapshotFileName(2), "0000 damaged\n");
		storage.files.set(logFileName(2), encodeRecordLine({ seq: 3, kind: "recall", path: "a.md", at: 3 }));

		const store = await ActivityStore.open(storage);
		expect(store.get("a.md")?.recalls.recent).toEqual([1, 2, 3]);
		expect(store.warnings).toEqual([
			{ file: snapshotFileName(2), line: null, message: "unreadable snapshot skipped: not a checksummed line" },
		]);
		await store.record(recall("a.md", 4));
		expect(storage.files.has(logFileName(2))).toBe(true);
		expect(store.stats().generation).toBe(2);
	});

	it("refuses to start empty when the only snapshot is damaged, naming the file and the fix", async () => {
		const storage = new MemoryStorage();
		storage.files.set(snapshotFileName(4), "0000 damaged\n");
		await expect(ActivityStore.open(storage)).rejects.toThrow(
			/activity-4\.snapshot is damaged .*Restore it from a backup, or move it out/,
		);
	});

	it("refuses records after close", async () => {
		const store = await ActivityStore.open(new MemoryStorage());
		await store.close();
		await expect(store.record(recall("a.md", 1))).rejects.toThrow("The activity store is closed");
	});
});

describe("ActivityStore crash safety (every operation, torn appends at several cut points)", () => {
	interface Run {
		attempted: ActivityEvent[];
		acked: number[];
	}

	/** A store with history: a snapshot, a log with a failed half-written append, and a torn tail. */
	async function baseStorage(): Promise<{ storage: MemoryStorage; reference: ActivityState }> {
		const storage = new MemoryStorage();
		const reference = new ActivityState(LIMITS);
		const store = await ActivityStore.open(storage, { ...OPTIONS, compactAfterRecords: 1000 });
		const write = async (event: ActivityEvent): Promise<void> => {
			const seq = await store.record(event);
			reference.apply({ seq, ...event });
		};
		await write(recall("a.md", 1));
		await write({ kind: "transition", path: "e.md", from: "active", to: "dormant", at: 2, reason: "base" });
		await store.compact();
		await write(recall("e.md", 3));
		storage.failNextAppend(20);
		await expect(store.record(recall("e.md", 4))).rejects.toThrow("disk full");
		await write(recall("a.md", 5));
		const log = logFileName(store.stats().generation);
		storage.files.set(
			log,
			(storage.files.get(log) ?? "") + encodeRecordLine({ seq: 99, kind: "open", path: "x.md", at: 6 }).slice(0, 30),
		);
		return { storage: storage.restart(), reference };
	}

	async function scenario(storage: MemoryStorage, run: Run): Promise<void> {
		const store = await ActivityStore.open(storage, OPTIONS);
		const send = (event: ActivityEvent): Promise<number> => {
			run.attempted.push(event);
			return store.record(event).then((seq) => {
				run.acked.push(seq);
				return seq;
			});
		};
		const transition = send({ kind: "transition", path: "a.md", from: "active", to: "dormant", at: 130, reason: "r1" });
		const wave1 = [
			recall("a.md", 100),
			recall("a.md", 110),
			{ kind: "open", path: "b.md", at: 120 },
			recall("a.md", 140),
			recall("a.md", 150),
			{ kind: "link", path: "b.md", at: 160 },
			{ kind: "edit", path: "c.md", at: 170 },
		] satisfies ActivityEvent[];
		await Promise.allSettled([transition, ...wave1.map(send)]);
		if (storage.hasCrashed) return;
		const wave2 = [
			recall("b.md", 200),
			{ kind: "prune", path: "c.md", action: "mark", at: 210 },
			recall("a.md", 220),
		] satisfies ActivityEvent[];
		await Promise.allSettled([store.compact(), ...wave2.map(send)]);
		if (storage.hasCrashed) return;
		const wave3 = [
			{ kind: "undo", ref: await transition, at: 300 },
			{ kind: "rename", from: "a.md", to: "d.md", at: 301 },
			{ kind: "delete", path: "c.md", at: 310 },
			recall("d.md", 320),
			{ kind: "transition", path: "d.md", from: "dormant", to: "active", at: 330, reason: "recalled" },
			recall("e.md", 340),
			recall("b.md", 350),
		] satisfies ActivityEvent[];
		await Promise.allSettled(wave3.map(send));
		for (let i = 0; i < 8 && !storage.hasCrashed; i++) {
			const event: ActivityEvent =
				i % 3 === 0 ? { kind: "edit", path: "b.md", at: 400 + i } : recall(i % 2 ? "d.md" : "f.md", 400 + i);
			await send(event).catch(() => undefined);
		}
		await store.close().catch(() => undefined);
	}

	it("recovers exactly a prefix of the attempted records that contains every acknowledged one", async () => {
		const base = await baseStorage();
		const baseSeq = base.reference.lastSeq;

		const dryRun = base.storage.restart();
		await scenario(dryRun, { attempted: [], acked: [] });
		const operations = dryRun.log.length;
		const cuts = [() => 0, () => 1, (data: string) => Math.floor(data.length / 2), (data: string) => data.length - 1];

		let crashes = 0;
		let checkedRecords = 0;
		for (let at = 1; at <= operations; at++) {
			for (const cut of dryRun.log[at - 1] === "append" ? cuts : [cuts[0]]) {
				const storage = base.storage.restart();
				storage.crashAt(at, cut);
				const run: Run = { attempted: [], acked: [] };
				await scenario(storage, run).catch(() => undefined);
				expect(storage.hasCrashed).toBe(true);
				crashes++;

				const files = storage.restart();
				const recovered = await ActivityStore.open(files, OPTIONS);
				const mustHave = Math.max(0, ...run.acked.map((seq) => seq - baseSeq));
				const prefixes: number[] = [];
				for (let m = mustHave; m <= run.attempted.length; m++) {
					const replay = rebuild(base.reference, baseSeq, run.attempted.slice(0, m));
					if (isDeepStrictEqual(observe(recovered, replay), expected(replay))) prefixes.push(m);
				}
				const where = `crash at operation ${at} (${dryRun.log[at - 1]}), ${run.acked.length} acknowledged`;
				expect(prefixes, where).toHaveLength(1);
				checkedRecords += prefixes[0];

				// The repair is finished: the store keeps working and the next open has nothing to report.
				await recovered.record(recall("z.md", 999));
				await recovered.close();
				const replay = rebuild(base.reference, baseSeq, [...run.attempted.slice(0, prefixes[0]), recall("z.md", 999)]);
				const again = await ActivityStore.open(files.restart(), OPTIONS);
				expect(again.warnings, where).toEqual([]);
				expect(observe(again, replay), where).toEqual(expected(replay));
			}
		}
		expect(checkedRecords).toBeGreaterThan(0);
		expect(crashes).toBeGreaterThan(operations);
	});

	function rebuild(base: ActivityState, baseSeq: number, events: ActivityEvent[]): ActivityState {
		const state = ActivityState.restore(
			structuredClone([...base.allNodes()]),
			{ lastSeq: baseSeq, renames: [], undos: [] },
			LIMITS,
		);
		events.forEach((event, i) => state.apply({ seq: baseSeq + 1 + i, ...event }));
		return state;
	}
});
