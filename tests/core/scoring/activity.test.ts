import { describe, expect, it } from "vitest";
import { lastUseOf } from "../../../src/core/scoring/activity";
import { activity, days } from "./fixtures";

describe("lastUseOf", () => {
	it("is the creation while nothing else happened", () => {
		expect(lastUseOf(activity())).toEqual({ at: days(0), kind: "created" });
	});

	it("is the latest of modified, opened, newly linked and recalled", () => {
		const base = { modified: days(2), lastOpened: days(5), lastLinked: days(3) };
		expect(lastUseOf(activity(base))).toEqual({ at: days(5), kind: "opened" });
		expect(lastUseOf(activity({ ...base, lastLinked: days(9) }))).toEqual({ at: days(9), kind: "linked" });
		expect(lastUseOf(activity({ ...base, modified: days(6) }))).toEqual({ at: days(6), kind: "modified" });
		const recall = { count: 2, last: days(7), strength: 1.8, stability: 1.2 };
		expect(lastUseOf(activity({ ...base, recall }))).toEqual({ at: days(7), kind: "recalled" });
	});

	it("counts a cascade from a recalled neighbour as a use, but it adds no recall", () => {
		const cascaded = activity({ modified: days(2), lastCascaded: days(8) });
		expect(lastUseOf(cascaded)).toEqual({ at: days(8), kind: "cascaded" });
		expect(cascaded.recall.count).toBe(0);
	});
});
