import { describe, expect, it } from "vitest";
import { classifyStoreFiles, logFileName, snapshotFileName } from "../../../src/core/activity/store-files";

describe("store files", () => {
	it("sorts snapshots newest first, logs oldest first, and spots leftovers", () => {
		const names = [
			logFileName(10),
			logFileName(9),
			snapshotFileName(9),
			snapshotFileName(3),
			"activity-9.snapshot.tmp",
			".activity-4.snapshot.3f9a.tmp",
			"activity-notes.txt",
			"embeddings.bin",
		];
		expect(classifyStoreFiles(names).get("")).toEqual({
			snapshots: [9, 3],
			logs: [9, 10],
			leftovers: ["activity-9.snapshot.tmp", ".activity-4.snapshot.3f9a.tmp"],
		});
	});

	it("keeps each device's files apart, named by its id", () => {
		const names = [
			logFileName(2, "laptop01"),
			snapshotFileName(2, "laptop01"),
			logFileName(1, "desk0002"),
			`.${snapshotFileName(3, "desk0002")}.ab12.tmp`,
			logFileName(1),
		];
		expect(names.slice(0, 2)).toEqual(["activity-laptop01-2.log", "activity-laptop01-2.snapshot"]);
		const devices = classifyStoreFiles(names);
		expect([...devices.keys()].sort()).toEqual(["", "desk0002", "laptop01"]);
		expect(devices.get("laptop01")).toEqual({ snapshots: [2], logs: [2], leftovers: [] });
		expect(devices.get("desk0002")).toEqual({
			snapshots: [],
			logs: [1],
			leftovers: [".activity-desk0002-3.snapshot.ab12.tmp"],
		});
		expect(devices.get("")).toEqual({ snapshots: [], logs: [1], leftovers: [] });
	});
});
