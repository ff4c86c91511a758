import { describe, expect, it } from "vitest";
import { classifyStoreFiles, logFileName, snapshotFileName } from "../../../src/core/activity/store-files";

describe("store files", () => {
	it("sorts snapshots newest first, logs oldest first, and spots leftovers", () => {
		const names = [logFileName(10), logFileName(9), snapshotFileName(9), snapshotFileName(3), "activity-9.snapshot.tmp", ".activity-4.snapshot.3f9a.tmp", "activity-notes.txt", "embeddings.bin"];
		expect(classifyStoreFiles(names)).toEqual({
			snapshots: [9, 3],
			logs: [9, 10],
			leftovers: ["activity-9.snapshot.tmp", ".activity-4.snapshot.3f9a.tmp"],
		});
	});
});
