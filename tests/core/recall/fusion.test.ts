import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fuseRankings } from "../../../src/core/recall/fusion";

describe("fuseRankings", () => {
	it("scores Σ weight / (k + rank), normalised so first in every list is 1", () => {
		const fused = fuseRankings([
			{ name: "keyword", ids: ["a", "b", "c"] },
			{ name: "vector", ids: ["a", "c"] },
		]);
		const best = 2 / 61;
		expect(fused.map((h) => h.id)).toEqual(["a", "c", "b"]);
		expect(fused[0]).toEqual({ id: "a", score: 1, ranks: { keyword: 1, vector: 1 } });
		expect(fused[1].score).toBeCloseTo((1 / 63 + 1 / 62) / best, 12);
		expect(fused[1].ranks).toEqual({ keyword: 3, vector: 2 });
		expect(fused[2]).toEqual({ id: "b", score: 1 / 62 / best, ranks: { keyword: 2 } });
	});

	it("rewards agreement between lists over a single first place", () => {
		const fused = fuseRankings([
			{ name: "keyword", ids: ["solo", "both"] },
			{ name: "vector", ids: ["x", "both"] },
		]);
		expect(fused[0].id).toBe("both");
	});

	it("uses the k constant: a small k makes the first rank count much more", () => {
		const lists = [
			{ name: "keyword", ids: ["a", "b"] },
			{ name: "vector", ids: ["c", "d", "e", "f", "g", "b"] },
		];
		expect(fuseRankings(lists, 60)[0].id).toBe("b");
		expect(fuseRankings(lists, 1)[0].id).toBe("a");
	});

	it("applies per-list weights; a weight of 0 keeps the rank but not the score", () => {
		const lists = [
			{ name: "keyword", ids: ["k1", "v1"], weight: 3 },
			{ name: "vector", ids: ["v1", "k1"], weight: 1 },
		];
		expect(fuseRankings(lists).map((h) => h.id)).toEqual(["k1", "v1"]);
		const muted = fuseRankings([
			{ name: "keyword", ids: ["k1"], weight: 0 },
			{ name: "vector", ids: ["v1"] },
		]);
		expect(muted).toEqual([
			{ id: "v1", score: 1, ranks: { vector: 1 } },
			{ id: "k1", score: 0, ranks: { keyword: 1 } },
		]);
	});

	it("normalises over the non-empty lists only, so a missing vector list costs nothing", () => {
		expect(
			fuseRankings([
				{ name: "keyword", ids: ["a"] },
				{ name: "vector", ids: [] },
			])[0].score,
		).toBe(1);
	});

	it("fuses any number of lists", () => {
		const fused = fuseRankings([
			{ name: "l1", ids: ["a", "b"] },
			{ name: "l2", ids: ["b", "a"] },
			{ name: "l3", ids: ["b"] },
		]);
		expect(fused.map((h) => [h.id, h.ranks])).toEqual([
			["b", { l1: 2, l2: 1, l3: 1 }],
			["a", { l1: 1, l2: 2 }],
		]);
	});

	it("skips a repeated id within a list without pushing the next ids down", () => {
		const fused = fuseRankings([{ name: "vector", ids: ["a", "a", "b"] }]);
		expect(fused.map((h) => [h.id, h.ranks])).toEqual([
			["a", { vector: 1 }],
			["b", { vector: 2 }],
		]);
		expect(fused[1].score).toBeCloseTo(61 / 62, 12);
	});

	it("breaks ties by the better single rank, then by id", () => {
		const fused = fuseRankings([
			{ name: "l1", ids: ["z", "y"] },
			{ name: "l2", ids: ["y", "z"] },
			{ name: "l3", ids: ["m"] },
			{ name: "l4", ids: ["c"] },
		]);
		expect(fused.map((h) => h.id)).toEqual(["y", "z", "c", "m"]);
	});

	it("returns nothing for nothing", () => {
		expect(fuseRankings([])).toEqual([]);
		expect(fuseRankings([{ name: "keyword", ids: [] }])).toEqual([]);
	});

	it("rejects a bad k, a negative weight and a repeated list name with a message naming it", () => {
		expect(() => fuseRankings([], 0)).toThrow("Fusion constant k must be a positive number (got 0).");
		expect(() => fuseRankings([{ name: "vector", ids: ["a"], weight: -1 }])).toThrow(
			'Weight of ranked list "vector" must be a number ≥ 0 (got -1).',
		);
		expect(() =>
			fuseRankings([
				{ name: "keyword", ids: [] },
				{ name: "keyword", ids: [] },
			]),
		).toThrow('Ranked list "keyword" is given twice');
	});

	it("always gives scores in [0, 1], best first, with every id once", () => {
		const list = fc.record({
			ids: fc.array(fc.constantFrom("a", "b", "c", "d", "e"), { maxLength: 8 }),
			weight: fc.double({ min: 0, max: 5, noNaN: true }),
		});
		fc.assert(
			fc.property(fc.array(list, { maxLength: 4 }), fc.integer({ min: 1, max: 100 }), (lists, k) => {
				const fused = fuseRankings(
					lists.map((l, i) => ({ name: `l${i}`, ...l })),
					k,
				);
				const ids = new Set(lists.flatMap((l) => l.ids));
				expect(fused.map((h) => h.id).sort()).toEqual([...ids].sort());
				for (const [i, hit] of fused.entries()) {
					expect(hit.score).toBeGreaterThanOrEqual(0);
					expect(hit.score).toBeLessThanOrEqual(1 + 1e-12);
					if (i > 0) expect(hit.score).toBeLessThanOrEqual(fused[i - 1].score);
				}
			}),
		);
	});
});
