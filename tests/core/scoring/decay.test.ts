import { describe, expect, it } from "vitest";
import { DEFAULT_SCORING_SETTINGS, DECAY_MODELS } from "../../../src/core/model/scoring-settings";
import { decayAt, decayCurve } from "../../../src/core/scoring/decay";

const curveOf = (decayModel: (typeof DECAY_MODELS)[number]) =>
	decayCurve({ ...DEFAULT_SCORING_SETTINGS.relevance, decayModel, halfLifeDays: 10 });

describe("decay models", () => {
	it("start at 1 and treat a use in the future as just now", () => {
		for (const model of DECAY_MODELS) {
			expect(decayAt(curveOf(model), 0, 1)).toBe(1);
			expect(decayAt(curveOf(model), -3, 1)).toBe(1);
		}
	});

	it("halve at the half-life (power law and exponential)", () => {
		expect(decayAt(curveOf("power-law"), 10, 1)).toBeCloseTo(0.5, 12);
		expect(decayAt(curveOf("exponential"), 10, 1)).toBeCloseTo(0.5, 12);
		expect(decayAt(curveOf("exponential"), 20, 1)).toBeCloseTo(0.25, 12);
	});

	it("give the power law a long tail: slower than the exponential after the half-life", () => {
		expect(decayAt(curveOf("power-law"), 100, 1)).toBeCloseTo(Math.pow(1 + 10 * (Math.pow(2, 1 / 0.6) - 1), -0.6), 12);
		expect(decayAt(curveOf("power-law"), 100, 1)).toBeGreaterThan(100 * decayAt(curveOf("exponential"), 100, 1));
	});

	it("mix a fast and a slow exponential in the two-component model", () => {
		// weight 0.3 on a half-life of 10 × 50 days
		expect(decayAt(curveOf("two-component"), 10, 1)).toBeCloseTo(0.7 * 0.5 + 0.3 * Math.pow(2, -10 / 500), 12);
	});

	it("stretch the half-life by stability", () => {
		for (const model of DECAY_MODELS) {
			expect(decayAt(curveOf(model), 30, 3)).toBeCloseTo(decayAt(curveOf(model), 10, 1), 12);
		}
	});
});
