import { describe, expect, it } from "vitest";
import { readSettings } from "../../src/obsidian/plugin-settings";

describe("readSettings", () => {
	it("gives the defaults for a first run", () => {
		const { settings, problem } = readSettings(null);
		expect(problem).toBeNull();
		expect(settings.index).toMatchObject({ excludedFolders: [], maxNoteBytes: 10 * 1024 * 1024 });
		expect(settings.maintenance).toMatchObject({
			memoryFolder: "Memory",
			writeScope: "memory-folder",
			pruneAction: "mark",
		});
	});

	it("reads valid index settings and fills in the rest", () => {
		const { settings, problem } = readSettings({
			index: { excludedFolders: ["Templates"], edgeKeys: { up: "derived_from" } },
		});
		expect(problem).toBeNull();
		expect(settings.index.excludedFolders).toEqual(["Templates"]);
		expect(settings.index.edgeKeys).toMatchObject({ up: "derived_from", caused_by: "caused_by" });
	});

	it.each([
		[[1, 2], "the saved settings are not a JSON object"],
		["text", "the saved settings are not a JSON object"],
		[{ index: { excludedFolders: "Templates" } }, 'Invalid index setting "excludedFolders"'],
		[{ index: { edgeKeys: { up: "parent" } } }, 'Invalid index setting "edgeKeys.up"'],
		[{ maintenance: { pruneAction: "shred" } }, 'Invalid maintenance setting "pruneAction"'],
	])("falls back to the defaults for %j and says why", (data, problem) => {
		const read = readSettings(data);
		expect(read.problem).toContain(problem);
		expect(read.settings).toEqual(readSettings(null).settings);
	});
});
