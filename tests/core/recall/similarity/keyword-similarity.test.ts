import { describe, expect, it } from "vitest";
import { DEFAULT_KEYWORD_SETTINGS } from "../../../../src/core/model/keyword-settings";
import { contentTermReader, termSimilarity } from "../../../../src/core/recall/similarity/keyword-similarity";

const termsOf = contentTermReader(DEFAULT_KEYWORD_SETTINGS);

describe("keyword similarity", () => {
	it("reads distinct stemmed content terms, without stop words or bare numbers", () => {
		expect([...termsOf("The 2024 budgets were planned; the budget is planning 50,000 for Q3.")].sort()).toEqual([
			"budget",
			"plan",
			"q3",
		]);
		expect([...contentTermReader({ ...DEFAULT_KEYWORD_SETTINGS, stemming: false })("Planning budgets")].sort()).toEqual(
			["budgets", "planning"],
		);
	});

	it("is the cosine of the term sets, and 0 below four shared terms", () => {
		const a = new Set(["billing", "export", "pool", "postgres"]);
		expect(termSimilarity(a, new Set([...a]))).toBe(1);
		expect(
			termSimilarity(
				a,
				new Set([
					...a,
					"job",
					"nightly",
					"alert",
					"again",
					"team",
					"page",
					"call",
					"night",
					"week",
					"sunday",
					"morning",
					"shift",
				]),
			),
		).toBeCloseTo(4 / Math.sqrt(4 * 16));
		expect(termSimilarity(a, new Set(["billing", "export", "pool"]))).toBe(0);
		expect(termSimilarity(a, new Set())).toBe(0);
	});
});
