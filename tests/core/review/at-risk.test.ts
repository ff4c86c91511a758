import { describe, expect, it } from "vitest";
import { parseScoringSettings } from "../../../src/core/model/scoring-settings";
import { daysUntilFading } from "../../../src/core/review/at-risk";
import { NO_RECALLS, type NodeActivity } from "../../../src/core/scoring/activity";
import { createScoringContext } from "../../../src/core/scoring/context";
import { DAY_MS } from "../../../src/core/scoring/time";
import { computeVaultStats } from "../../../src/core/scoring/vault-stats";

// Exponential decay, half-life 10 days; an orphan never recalled keeps 0.1 × 0.5 = 0.05 of its
// relevance, which falls under the fading threshold 0.0075 at 10 × log2(0.05 / 0.0075) = 27.37 days.
const settings = parseScoringSettings({ relevance: { decayModel: "exponential", halfLifeDays: 10 } });
const ctx = createScoringContext(settings, computeVaultStats(new Float64Array([0]), [0], settings));
const ORPHAN = { weightedSupportiveDegree: 0, degree: 0, neighbourHubShare: 0 };
const CROSSING_DAYS = 10 * Math.log2(0.05 / 0.0075);
const NOW = Date.UTC(2026, 0, 1);

function usedDaysAgo(days: number): NodeActivity {
	const at = NOW - days * DAY_MS;
	return { created: at, modified: at, lastOpened: null, lastLinked: null, recall: NO_RECALLS };
}

describe("daysUntilFading", () => {
	it("finds the day an unused orphan turns fading, to the hour", () => {
		expect(CROSSING_DAYS).toBeCloseTo(27.37, 2);
		expect(daysUntilFading(usedDaysAgo(0), ORPHAN, ctx, NOW, 30)).toBeCloseTo(CROSSING_DAYS, 1);
	});

	it("puts a memory 10 days from fading within 14 days, and one 20 days from it outside", () => {
		expect(daysUntilFading(usedDaysAgo(CROSSING_DAYS - 10), ORPHAN, ctx, NOW, 14)).toBeCloseTo(10, 1);
		expect(daysUntilFading(usedDaysAgo(CROSSING_DAYS - 20), ORPHAN, ctx, NOW, 14)).toBeNull();
		expect(daysUntilFading(usedDaysAgo(CROSSING_DAYS - 20), ORPHAN, ctx, NOW, 21)).toBeCloseTo(20, 1);
	});

	it("says 0 for a memory below the threshold already", () => {
		expect(daysUntilFading(usedDaysAgo(CROSSING_DAYS + 1), ORPHAN, ctx, NOW, 14)).toBe(0);
	});

	it("gives a linked memory longer: connectivity holds its retention up", () => {
		const linked = { weightedSupportiveDegree: 1, degree: 1, neighbourHubShare: 0 };
		const days = daysUntilFading(usedDaysAgo(0), linked, ctx, NOW, 365);
		expect(days).not.toBeNull();
		expect(days as number).toBeGreaterThan(CROSSING_DAYS + 5);
	});
});
