import { describe, expect, it } from "vitest";
import { classifyStoreFiles } from "../../../src/core/activity/store-files";
import { ActivityStore } from "../../../src/engine/activity/activity-store";
import type { StoragePort } from "../../../src/core/model/storage-port";
import { MemoryStorage } from "../../fakes/memory-storage";

const LAPTOP = "laptop01";
const DESK = "desk0002";

/** A storage that remembers every file name written or removed, to prove a device never touches another's files. */
class WatchedStorage extends MemoryStorage {
	readonly touched = new Set<string>();
	override append(name: string, data: string): Promise<void> {
		this.touched.add(name);
		return super.append(name, data);
	}
	override writeAtomic(name: string, data: string): Promise<void> {
		this.touched.add(name);
		return super.writeAtomic(name, data);
	}
	override remove(name: string): Promise<void> {
		this.touched.add(name);
		return super.remove(name);
	}
}

/** What a sync tool does: makes `to` hold exactly `from`'s files of `device`. */
function syncDevice(from: MemoryStorage, to: MemoryStorage, device: string): void {
	const mine = (name: string): boolean => name.startsWith(`activity-${device}-`);
	for (const name of [...to.files.keys()]) if (mine(name) && !from.files.has(name)) to.files.delete(name);
	for (const [name, text] of from.files) if (mine(name)) to.files.set(name, text);
}

function summary(store: ActivityStore, paths: string[]): unknown {
	return {
		recalls: paths.map((p) => store.get(p)?.recalls.count ?? 0),
		history: store
			.history()
			.map((e) => [e.device, e.seq, e.path, e.kind === "transition" ? e.to : e.action, e.undoneAt]),
	};
}

async function reopen(storage: StoragePort, device: string): Promise<ActivityStore> {
	return ActivityStore.open(storage, { device, compactAfterRecords: 1000 });
}

describe("ActivityStore with several devices on one synced folder", () => {
	it("merges every device's log, writes only its own files, and loses nothing when each compacts", async () => {
		const laptopDisk = new WatchedStorage();
		const deskDisk = new WatchedStorage();
		const laptop = await reopen(laptopDisk, LAPTOP);
		const desk = await reopen(deskDisk, DESK);
		await laptop.record({ kind: "recall", path: "a.md", at: 10 });
		await laptop.record({ kind: "transition", path: "a.md", from: "active", to: "core", at: 11, reason: "pinned" });
		await desk.record({ kind: "recall", path: "a.md", at: 12 });
		await desk.record({ kind: "recall", path: "b.md", at: 13 });
		await desk.record({
			kind: "transition",
			path: "b.md",
			from: "active",
			to: "dormant",
			at: 14,
			reason: "low retention",
		});
		await Promise.all([laptop.close(), desk.close()]);

		syncDevice(laptopDisk, deskDisk, LAPTOP);
		syncDevice(deskDisk, laptopDisk, DESK);
		const laptop2 = await reopen(laptopDisk, LAPTOP);
		const desk2 = await reopen(deskDisk, DESK);
		const expected = {
			recalls: [2, 1],
			history: [
				[LAPTOP, 2, "a.md", "core", null],
				[DESK, 3, "b.md", "dormant", null],
			],
		};
		expect(summary(laptop2, ["a.md", "b.md"])).toEqual(expected);
		expect(summary(desk2, ["a.md", "b.md"])).toEqual(expected);

		// The desk undoes the laptop's transition; both compact; the sync carries the results over.
		await desk2.record({ kind: "undo", ref: 2, device: LAPTOP, at: 20 });
		await laptop2.record({ kind: "recall", path: "b.md", at: 21 });
		await Promise.all([laptop2.compact(), desk2.compact()]);
		await Promise.all([laptop2.close(), desk2.close()]);
		syncDevice(laptopDisk, deskDisk, LAPTOP);
		syncDevice(deskDisk, laptopDisk, DESK);
		const after = {
			recalls: [2, 2],
			history: [
				[LAPTOP, 2, "a.md", "core", 20],
				[DESK, 3, "b.md", "dormant", null],
			],
		};
		expect(summary(await reopen(laptopDisk, LAPTOP), ["a.md", "b.md"])).toEqual(after);
		expect(summary(await reopen(deskDisk, DESK), ["a.md", "b.md"])).toEqual(after);

		for (const name of laptopDisk.touched) expect(name).toMatch(/^activity-laptop01-/);
		for (const name of deskDisk.touched) expect(name).toMatch(/^activity-desk0002-/);
		expect(classifyStoreFiles([...laptopDisk.files.keys()]).get(LAPTOP)?.snapshots).toEqual([2]);
	});

	it("sees another device's records synced in while it runs after a refresh, keeping its own records made meanwhile", async () => {
		const laptopDisk = new MemoryStorage();
		const deskDisk = new MemoryStorage();
		const laptop = await reopen(laptopDisk, LAPTOP);
		const desk = await reopen(deskDisk, DESK);
		await laptop.record({ kind: "recall", path: "a.md", at: 1 });
		await desk.record({ kind: "recall", path: "a.md", at: 2 });
		await desk.record({ kind: "transition", path: "a.md", from: "active", to: "core", at: 3, reason: "pinned" });
		syncDevice(deskDisk, laptopDisk, DESK);
		expect(laptop.get("a.md")?.recalls.count).toBe(1);

		const [, seq] = await Promise.all([laptop.refresh(), laptop.record({ kind: "recall", path: "a.md", at: 4 })]);
		expect(seq).toBe(2);
		expect(laptop.get("a.md")?.recalls.recent).toEqual([1, 2, 4]);
		expect(laptop.history().map((e) => [e.device, e.seq])).toEqual([[DESK, 2]]);
		await laptop.record({ kind: "recall", path: "a.md", at: 5 });
		await laptop.close();
		expect((await reopen(laptopDisk, LAPTOP)).get("a.md")?.recalls.recent).toEqual([1, 2, 4, 5]);
	});

	it("keeps a later recall on another device over a delete, and a delete after every use", async () => {
		const disk = new MemoryStorage();
		const laptop = await reopen(disk, LAPTOP);
		await laptop.record({ kind: "recall", path: "a.md", at: 1 });
		await laptop.record({ kind: "recall", path: "b.md", at: 1 });
		await laptop.record({ kind: "delete", path: "a.md", at: 5 });
		await laptop.record({ kind: "delete", path: "b.md", at: 5 });
		await laptop.close();
		const desk = await reopen(disk, DESK);
		await desk.record({ kind: "recall", path: "a.md", at: 7 });
		await desk.record({ kind: "recall", path: "b.md", at: 3 });
		await desk.close();
		const merged = await reopen(disk, LAPTOP);
		expect(merged.paths()).toEqual(["a.md"]);
		expect(merged.get("b.md")?.deletedAt).toBe(5);
	});

	it("moves another device's activity along a rename recorded here", async () => {
		const disk = new MemoryStorage();
		const desk = await reopen(disk, DESK);
		await desk.record({ kind: "recall", path: "old.md", at: 1 });
		await desk.close();
		const laptop = await reopen(disk, LAPTOP);
		await laptop.record({ kind: "recall", path: "old.md", at: 2 });
		await laptop.record({ kind: "rename", from: "old.md", to: "new.md", at: 3 });
		await laptop.compact();
		await laptop.close();
		const again = await reopen(disk, LAPTOP);
		expect(again.get("old.md")).toBeUndefined();
		expect(again.get("new.md")?.recalls.recent).toEqual([1, 2]);
	});
});

describe("ActivityStore with two writers on one log (issue 15.2)", () => {
	it("keeps every acknowledged record when two stores append to the same file, and renumbers clashing history", async () => {
		const disk = new MemoryStorage();
		const first = await ActivityStore.open(disk);
		const second = await ActivityStore.open(disk);
		const acknowledged: Promise<number>[] = [];
		for (let i = 0; i < 200; i++) {
			acknowledged.push(first.record({ kind: "recall", path: "a.md", at: i }));
			acknowledged.push(second.record({ kind: "link", path: "b.md", at: i }));
			acknowledged.push(second.record({ kind: "recall", path: "b.md", at: i }));
			if (i % 50 === 0) {
				acknowledged.push(
					first.record({ kind: "transition", path: "a.md", from: "active", to: "dormant", at: i, reason: "first" }),
				);
				acknowledged.push(
					second.record({ kind: "transition", path: "b.md", from: "active", to: "dormant", at: i, reason: "second" }),
				);
			}
		}
		expect(await Promise.all(acknowledged)).toHaveLength(608);
		await Promise.all([first.close(), second.close()]);

		const reloaded = await ActivityStore.open(disk);
		expect(reloaded.get("a.md")?.recalls.count).toBe(200);
		expect(reloaded.get("b.md")?.recalls.count).toBe(200);
		expect(reloaded.get("b.md")?.lastLinked).toBe(199);
		const history = reloaded.history();
		expect(history).toHaveLength(8);
		expect(new Set(history.map((e) => e.seq)).size).toBe(8);
		for (const entry of history) expect(reloaded.entry(entry.seq)).toBe(entry);
		expect(reloaded.warnings.map((w) => w.message)).toEqual([
			expect.stringMatching(
				/^\d+ records repeat sequence numbers already in the log \(two writers appended to it\); all are kept$/,
			),
		]);

		// The repair is a compaction: a second reload reads the same, from a snapshot, with no warning.
		const next = await reopen(disk, "");
		await next.record({ kind: "recall", path: "a.md", at: 500 });
		await next.close();
		const third = await ActivityStore.open(disk);
		expect(third.warnings).toEqual([]);
		expect(third.get("a.md")?.recalls.count).toBe(201);
		expect(third.history().map((e) => e.seq)).toEqual(history.map((e) => e.seq));
	});
});
