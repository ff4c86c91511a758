import { describe, expect, it } from "vitest";
import { changedPaths, keepingUnchanged, withChanges } from "../../../src/core/model/settings-changes";

describe("merge on save", () => {
	it("finds the changed leaves, arrays as one leaf, removed keys included", () => {
		const before = { mcp: { port: 1, token: "t", readFolders: ["a"] }, scoring: { x: 1 } };
		const after = { mcp: { port: 2, readFolders: ["a", "b"] }, scoring: { x: 1 } };
		expect(changedPaths(before, after)).toEqual([
			["mcp", "port"],
			["mcp", "token"],
			["mcp", "readFolders"],
		]);
		expect(changedPaths(before, structuredClone(before))).toEqual([]);
	});

	it("writes only the changed leaves over what the file holds now", () => {
		const readEarlier = { mcp: { port: 27150 }, scoring: { core: { autoCategories: [] as string[] } } };
		const changed = { ...readEarlier, scoring: { core: { autoCategories: ["preference"] } } };
		const fileNow = { mcp: { port: 27150, token: "generated-meanwhile" }, unknownKey: 1 };
		const merged = withChanges(fileNow, changed, changedPaths(readEarlier, changed));
		expect(merged).toEqual({
			mcp: { port: 27150, token: "generated-meanwhile" },
			unknownKey: 1,
			scoring: { core: { autoCategories: ["preference"] } },
		});
		expect(fileNow).toEqual({ mcp: { port: 27150, token: "generated-meanwhile" }, unknownKey: 1 });
		expect(withChanges(merged, { mcp: { port: 27150 } }, [["mcp", "token"]])).toEqual({
			mcp: { port: 27150 },
			unknownKey: 1,
			scoring: { core: { autoCategories: ["preference"] } },
		});
	});

	it("keepingUnchanged keeps the objects of what did not change and takes what did", () => {
		const previous = {
			recall: { spreading: { decay: 0.5 }, communities: { resolution: 1 } },
			index: { folders: ["a"] },
		};
		const next = structuredClone(previous);
		next.recall.communities.resolution = 2;
		const kept = keepingUnchanged(previous, next);
		expect(kept).toEqual(next);
		expect(kept.recall.spreading).toBe(previous.recall.spreading);
		expect(kept.index).toBe(previous.index);
		expect(kept.recall.communities).not.toBe(previous.recall.communities);
		expect(keepingUnchanged(previous, structuredClone(previous))).toBe(previous);
	});
});
