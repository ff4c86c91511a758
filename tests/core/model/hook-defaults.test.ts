import { describe, expect, it } from "vitest";
import { HOOK_DEFAULTS, hookSettingsFrom } from "../../../src/core/model/hook-defaults";

describe("hookSettingsFrom", () => {
	it("keeps each field the server sent with the right type and defaults the rest", () => {
		expect(
			hookSettingsFrom({ promptRecall: false, promptRecallLimit: 7, minTerms: "4", minCoverage: null, extra: 1 }),
		).toEqual({ ...HOOK_DEFAULTS, promptRecall: false, promptRecallLimit: 7 });
	});

	it("gives the defaults for anything that is not an object", () => {
		expect(hookSettingsFrom(null)).toEqual(HOOK_DEFAULTS);
		expect(hookSettingsFrom("on")).toEqual(HOOK_DEFAULTS);
	});
});
