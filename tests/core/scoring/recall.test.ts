import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_SCORING_SETTINGS, parseScoringSettings } from "../../../src/core/model/scoring-settings";
import { NO_RECALLS } from "../../../src/core/scoring/activity";
import { recordRecall, summariseRecalls } from "../../../src/core/scoring/recall";
import { DAY_MS } from "../../../src/core/scoring/time";
import { days, T0 } from "./fixtures";

const MINUTE = 60_000;

describe("recall summary", () => {
	it("starts a first recall with full strength and no spacing credit", () => {
		expect(recordRecall(NO_RECALLS, days(3), DEFAULT_SCORING_SETTINGS)).toEqual({
			count: 1,
			last: days(3),
			strength: 1,
			stability: 1,
		});
	});

	it("is exact: the carried strength equals the sum of every recall's age weight", () => {
		const settings = parseScoringSettings({ reactivation: { stabilityGain: 0 } }); // stability stays 1
		const recalls = [0, 2.5, 9, 30, 31].map(days);
		const summary = summariseRecalls(recalls, settings);
		const expected = recalls.reduce((sum, at) => sum + Math.pow(2, -(days(31) - at) / DAY_MS / 30), 0);
		expect(summary.strength).toBeCloseTo(expected, 12);
		expect(summary).toMatchObject({ count: 5, last: days(31), stability: 1 });
	});

	it("gives the same summary whatever the order the timestamps arrive in", () => {
		fc.assert(
			fc.property(fc.array(fc.integer({ min: 0, max: 400 * DAY_MS }), { maxLength: 12 }), (offsets) => {
				const stamps = offsets.map((offset) => T0 + offset);
				expect(summariseRecalls([...stamps].reverse(), DEFAULT_SCORING_SETTINGS)).toEqual(
					summariseRecalls(stamps, DEFAULT_SCORING_SETTINGS),
				);
			}),
		);
	});

	it("continues from an earlier summary exactly as from the whole list", () => {
		const early = [0, 3, 8].map(days);
		const late = [20, 41].map(days);
		const continued = summariseRecalls(
			late,
			DEFAULT_SCORING_SETTINGS,
			summariseRecalls(early, DEFAULT_SCORING_SETTINGS),
		);
		expect(continued).toEqual(summariseRecalls([...early, ...late], DEFAULT_SCORING_SETTINGS));
	});

	it("lets spaced recalls raise stability and closely spaced ones add little", () => {
		const spaced = summariseRecalls([1, 4, 7, 10, 13].map(days), DEFAULT_SCORING_SETTINGS);
		const crammed = summariseRecalls(
			[0, 1, 2, 3, 4].map((m) => days(1) + m * MINUTE),
			DEFAULT_SCORING_SETTINGS,
		);
		expect(spaced.stability).toBeGreaterThan(2.4);
		expect(crammed.stability).toBeLessThan(1.002);
		expect(crammed.stability).toBeGreaterThan(1);
	});

	it("caps stability at maxStability", () => {
		const monthly = Array.from({ length: 24 }, (_, i) => days(30 * i));
		expect(summariseRecalls(monthly, DEFAULT_SCORING_SETTINGS).stability).toBe(10);
	});

	it("adds a late-arriving older recall's weight without spacing credit", () => {
		const summary = summariseRecalls([days(10)], DEFAULT_SCORING_SETTINGS);
		const late = recordRecall(summary, days(-20), DEFAULT_SCORING_SETTINGS);
		expect(late).toEqual({ count: 2, last: days(10), strength: 1.5, stability: 1 });
	});
});
