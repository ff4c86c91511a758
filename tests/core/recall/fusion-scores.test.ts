import { describe, expect, it } from "vitest";
import { fuseScores } from "../../../src/core/recall/fusion";

describe("fuseScores", () => {
	it("keeps the gaps between keyword scores (divided by the best) instead of only their order", () => {
		const fused = fuseScores([
			{
				name: "keyword",
				scale: "relative",
				hits: [
					{ id: "a", score: 8 },
					{ id: "b", score: 6 },
					{ id: "c", score: 1 },
				],
			},
		]);
		expect(fused).toEqual([
			{ id: "a", score: 1, ranks: { keyword: 1 } },
			{ id: "b", score: 0.75, ranks: { keyword: 2 } },
			{ id: "c", score: 0.125, ranks: { keyword: 3 } },
		]);
	});

	it("takes cosine as it is (clipped to 0..1) and averages by weight over the lists that returned hits", () => {
		const fused = fuseScores([
			{
				name: "keyword",
				scale: "relative",
				hits: [
					{ id: "a", score: 4 },
					{ id: "b", score: 2 },
				],
			},
			{
				name: "vector",
				scale: "absolute",
				weight: 3,
				hits: [
					{ id: "c", score: 0.8 },
					{ id: "a", score: 0.4 },
					{ id: "d", score: -0.2 },
				],
			},
			{ name: "empty", scale: "relative", weight: 5, hits: [] },
		]);
		const score = Object.fromEntries(fused.map((hit) => [hit.id, hit.score]));
		expect(score.a).toBeCloseTo((1 + 3 * 0.4) / 4, 10);
		expect(score.b).toBeCloseTo(0.5 / 4, 10);
		expect(score.c).toBeCloseTo((3 * 0.8) / 4, 10);
		expect(score.d).toBe(0);
		expect(fused.map((hit) => hit.id)).toEqual(["c", "a", "b", "d"]);
		expect(fused[1].ranks).toEqual({ keyword: 1, vector: 2 });
	});

	it("averages a hit only over the lists that cover it: a note without embeddings yet keeps its keyword relevance", () => {
		const embedded = new Set(["a", "c"]);
		const fused = fuseScores([
			{
				name: "keyword",
				scale: "relative",
				hits: [
					{ id: "new", score: 4 },
					{ id: "a", score: 2 },
				],
			},
			{
				name: "vector",
				scale: "absolute",
				covers: (id) => embedded.has(id),
				hits: [
					{ id: "c", score: 0.6 },
					{ id: "a", score: 0.4 },
				],
			},
		]);
		const score = Object.fromEntries(fused.map((hit) => [hit.id, hit.score]));
		expect(score.new).toBe(1);
		expect(score.a).toBeCloseTo((0.5 + 0.4) / 2, 10);
		expect(score.c).toBeCloseTo(0.6 / 2, 10);
	});

	it("breaks ties by the better rank, then by id, and rejects a list given twice or a negative weight", () => {
		const fused = fuseScores([
			{
				name: "k",
				scale: "absolute",
				hits: [
					{ id: "z", score: 0.5 },
					{ id: "y", score: 0.5 },
				],
			},
			{ name: "v", scale: "absolute", hits: [{ id: "x", score: 0.5 }] },
		]);
		expect(fused.map((hit) => hit.id)).toEqual(["x", "z", "y"]);
		expect(() =>
			fuseScores([
				{ name: "k", scale: "relative", hits: [] },
				{ name: "k", scale: "relative", hits: [] },
			]),
		).toThrow(/given twice/);
		expect(() => fuseScores([{ name: "k", scale: "relative", weight: -1, hits: [] }])).toThrow(/must be a number ≥ 0/);
	});
});
