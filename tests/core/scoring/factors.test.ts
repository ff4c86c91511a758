import { describe, expect, it } from "vitest";
import { DEFAULT_SCORING_SETTINGS } from "../../../src/core/model/scoring-settings";
import {
	connectivityOf,
	reactivationOf,
	recallActivation,
	recallStrengthAt,
	relevanceOf,
} from "../../../src/core/scoring/factors";
import { createScoringContext } from "../../../src/core/scoring/context";
import { computeVaultStats } from "../../../src/core/scoring/vault-stats";
import { context, days, STATS } from "./fixtures";
import { syntheticVault } from "./synthetic-vault";

describe("relevance", () => {
	it("decays from the last use with the default half-life of 7 days", () => {
		const ctx = context();
		expect(relevanceOf(ctx, days(0), 1, days(0))).toBe(1);
		expect(relevanceOf(ctx, days(0), 1, days(7))).toBeCloseTo(0.5, 12);
		expect(relevanceOf(ctx, days(0), 2, days(14))).toBeCloseTo(0.5, 12);
	});
});

describe("connectivity", () => {
	const ctx = context();

	it("gives an orphan the floor, not 0", () => {
		expect(connectivityOf(ctx, 0)).toBe(0.1);
		expect(connectivityOf(ctx, Number.NaN)).toBe(0.1);
	});

	it("rises on a log scale up to 1 at the reference percentile", () => {
		expect(connectivityOf(ctx, 2)).toBeCloseTo(0.1 + 0.9 * (Math.log(3) / Math.log(17)), 12);
		expect(connectivityOf(ctx, 16)).toBe(1);
		expect(connectivityOf(ctx, 400)).toBe(1);
		expect(connectivityOf(ctx, 1)).toBeLessThan(connectivityOf(ctx, 2));
	});

	it("gives any linked note full connectivity in a vault where almost nothing is linked", () => {
		const sparse = context(undefined, { ...STATS, degreePercentile: 0 });
		expect(connectivityOf(sparse, 0.5)).toBe(1);
		expect(connectivityOf(sparse, 0)).toBe(0.1);
	});

	it("is not flattened by one giant hub", () => {
		const vault = syntheticVault(1000, 7);
		const before = computeVaultStats(vault.weightedDegree, vault.degree, DEFAULT_SCORING_SETTINGS);
		const withGiant = Float64Array.from(vault.weightedDegree);
		withGiant[0] = 1_000_000;
		const after = computeVaultStats(withGiant, vault.degree, DEFAULT_SCORING_SETTINGS);
		const note = (stats: typeof before) => connectivityOf(createScoringContext(DEFAULT_SCORING_SETTINGS, stats), 3);
		// The hub moves the percentile by at most one rank; normalising by the maximum would give ≈ 0.19.
		expect(Math.abs(note(after) - note(before))).toBeLessThan(0.03);
		expect(note(after)).toBeGreaterThan(0.5);
	});
});

describe("reactivation", () => {
	const ctx = context();

	it("gives a never-recalled note the baseline, not 0", () => {
		expect(reactivationOf(ctx, recallActivation(ctx, 0))).toBe(0.5);
	});

	it("is sublinear in recalls: each fresh recall adds less than the one before", () => {
		const lift = (recalls: number) => reactivationOf(ctx, recallActivation(ctx, recalls));
		const gains = [1, 2, 3, 4, 5].map((n) => lift(n) - lift(n - 1));
		expect(lift(3)).toBeCloseTo(0.75, 12); // k = 3 fresh recalls lift it halfway to 1
		for (let i = 1; i < gains.length; i++) expect(gains[i]).toBeLessThan(gains[i - 1]);
		expect(lift(1000)).toBeLessThan(1);
	});

	it("weights a recall by its age: half after the recall half-life of 30 days, times stability", () => {
		expect(recallStrengthAt(ctx, 1, days(0), 1, days(30))).toBeCloseTo(0.5, 12);
		expect(recallStrengthAt(ctx, 4, days(0), 2, days(60))).toBeCloseTo(2, 12);
		expect(recallStrengthAt(ctx, 0, days(0), 1, days(1))).toBe(0);
	});
});
