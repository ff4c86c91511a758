import { describe, expect, it } from "vitest";
import { consolidationOf, hubScore, isHub, stabilityScore } from "../../../src/core/scoring/consolidation";
import { context } from "./fixtures";

describe("consolidation", () => {
	const ctx = context(); // mean degree 2.5

	it("scores hubs by degree over mean degree, capped at 3 and scaled to [0, 1]", () => {
		expect(hubScore(0, 2.5, 3)).toBe(0);
		expect(hubScore(2.5, 2.5, 3)).toBeCloseTo(1 / 3, 12);
		expect(hubScore(7.5, 2.5, 3)).toBe(1);
		expect(hubScore(70, 2.5, 3)).toBe(1);
		expect(hubScore(1, 0, 3)).toBe(1);
		expect(isHub(ctx, 7.5)).toBe(true);
		expect(isHub(ctx, 7)).toBe(false);
	});

	it("scores stability on a log scale up to maxStability", () => {
		expect(stabilityScore(ctx, 1)).toBe(0);
		expect(stabilityScore(ctx, Math.sqrt(10))).toBeCloseTo(0.5, 12);
		expect(stabilityScore(ctx, 10)).toBe(1);
	});

	it("weights activation 0.4, hub 0.3, schema 0.2 and stability 0.1", () => {
		expect(consolidationOf(ctx, 1, 0, 0, 1)).toBeCloseTo(0.4, 12);
		expect(consolidationOf(ctx, 0, 7.5, 0, 1)).toBeCloseTo(0.3, 12);
		expect(consolidationOf(ctx, 0, 0, 1, 1)).toBeCloseTo(0.2, 12);
		expect(consolidationOf(ctx, 0, 0, 0, 10)).toBeCloseTo(0.1, 12);
		expect(consolidationOf(ctx, 0.5, 5, 0.25, Math.sqrt(10))).toBeCloseTo(0.2 + 0.2 + 0.05 + 0.05, 12);
		expect(consolidationOf(ctx, 1, 100, 1, 10)).toBeCloseTo(1, 12);
	});
});
