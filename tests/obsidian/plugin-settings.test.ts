import { describe, expect, it } from "vitest";
import { readSettings } from "../../src/obsidian/plugin-settings";

describe("readSettings", () => {
	it("gives the defaults for a first run", () => {
		expect(readSettings(null)).toEqual({ settings: { index: expect.objectContaining({ excludedFolders: [], maxNoteBytes: 10 * 1024 * 1024 }) as unknown }, problem: null });
	});

	it("reads valid index settings and fills in the rest", () => {
		const { settings, problem } = readSettings({ index: { excludedFolders: ["Templates"], edgeKeys: { up: "derived_from" } } });
		expect(problem).toBeNull();
		expect(settings.index.excludedFolders).toEqual(["Templates"]);
		expect(settings.index.edgeKeys).toEqual({ up: "derived_from" });
	});

	it.each([
		[[1, 2], "the saved settings are not a JSON object"],
		["text", "the saved settings are not a JSON object"],
		[{ index: { excludedFolders: "Templates" } }, 'Invalid index setting "excludedFolders"'],
		[{ index: { edgeKeys: { up: "parent" } } }, 'Invalid index setting "edgeKeys.up"'],
	])("falls back to the defaults for %j and says why", (data, problem) => {
		const read = readSettings(data);
		expect(read.problem).toContain(problem);
		expect(read.settings).toEqual(readSettings(null).settings);
	});
});
