import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_SCORING_SETTINGS, parseScoringSettings } from "../../../src/core/model/scoring-settings";
import { selectKth } from "../../../src/core/scoring/select-kth";
import { computeVaultStats } from "../../../src/core/scoring/vault-stats";
import { syntheticVault } from "./synthetic-vault";

const nearestRank = (values: ArrayLike<number>, p: number) =>
	Float64Array.from(values).sort()[Math.max(0, Math.ceil(p * values.length) - 1)];

describe("selectKth", () => {
	it("finds the k-th smallest value, duplicates and all", () => {
		const values = fc.array(
			fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 5 }), fc.double({ min: 0, max: 1e6, noNaN: true })),
			{
				minLength: 1,
				maxLength: 200,
			},
		);
		fc.assert(
			fc.property(values, fc.nat(), (list, seed) => {
				const k = seed % list.length;
				expect(selectKth(Float64Array.from(list), k)).toBe(Float64Array.from(list).sort()[k]);
			}),
		);
	});
});

describe("computeVaultStats", () => {
	it("takes the nearest-rank p99 of weighted degrees and the mean degree, leaving the input untouched", () => {
		const vault = syntheticVault(1000, 3);
		const original = Float64Array.from(vault.weightedDegree);
		const stats = computeVaultStats(vault.weightedDegree, vault.degree, DEFAULT_SCORING_SETTINGS);
		expect(stats.degreePercentile).toBe(nearestRank(original, 0.99));
		expect(stats.meanDegree).toBeCloseTo(vault.degree.reduce((a, b) => a + b, 0) / 1000, 12);
		expect(stats.nodeCount).toBe(1000);
		expect(vault.weightedDegree).toEqual(original);
	});

	it("uses the configured percentile", () => {
		const vault = syntheticVault(500, 4);
		const median = parseScoringSettings({ connectivity: { referencePercentile: 0.5 } });
		expect(computeVaultStats(vault.weightedDegree, vault.degree, median).degreePercentile).toBe(
			nearestRank(vault.weightedDegree, 0.5),
		);
	});

	it("handles 100k nodes with three quarters orphans", () => {
		const weighted = new Float64Array(100_000);
		for (let i = 0; i < weighted.length; i += 4) weighted[i] = (i % 997) / 10;
		const stats = computeVaultStats(weighted, new Uint32Array(100_000), DEFAULT_SCORING_SETTINGS);
		expect(stats.degreePercentile).toBe(nearestRank(weighted, 0.99));
	});

	it("treats negative and non-numeric degrees as 0", () => {
		const stats = computeVaultStats(
			Float64Array.from([Number.NaN, -4, 2, 8]),
			[Number.NaN, -1, 1, 3],
			DEFAULT_SCORING_SETTINGS,
		);
		expect(stats).toEqual({ degreePercentile: 8, meanDegree: 1, nodeCount: 4 });
	});

	it("returns zeros for an empty vault and refuses columns of different lengths", () => {
		expect(computeVaultStats(new Float64Array(0), [], DEFAULT_SCORING_SETTINGS)).toEqual({
			degreePercentile: 0,
			meanDegree: 0,
			nodeCount: 0,
		});
		expect(() => computeVaultStats(new Float64Array(3), [1, 2], DEFAULT_SCORING_SETTINGS)).toThrow(
			"computeVaultStats: 3 weighted degrees but 2 degrees; pass one of each per node",
		);
	});
});
