import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_RECALL_SETTINGS, type RankingSettings } from "../../../src/core/model/recall-settings";
import { rankRecall, type RecallCandidate } from "../../../src/core/recall/rank";
import type { SpreadHit } from "../../../src/core/recall/spreading-activation";

const defaults = DEFAULT_RECALL_SETTINGS.ranking;
const settings = (overrides: Partial<RankingSettings> = {}): RankingSettings => ({ ...defaults, ...overrides });
const candidate = (
	id: string,
	fused: number,
	retention: number,
	extra: Partial<RecallCandidate> = {},
): RecallCandidate => ({
	id,
	fused,
	retention,
	...extra,
});
const spread = (id: string, activation: number, path: string[]): SpreadHit => ({
	id,
	activation,
	path,
	edges: path.slice(1).map(() => ({ type: "caused_by" as const, direction: "forward" as const })),
});
const ids = (ranked: { id: string }[]) => ranked.map((r) => r.id);

describe("rankRecall", () => {
	it("scores relevance × (1 − s + s × retention^β) with s = 0.2 and β = 0.5 by default", () => {
		const [ranked] = rankRecall([candidate("A", 0.9, 0.25)], settings(), { limit: 10 });
		expect(ranked).toEqual({ id: "A", score: 0.9 * (0.8 + 0.2 * 0.5), relevance: 0.9, retention: 0.25, why: {} });
	});

	it("combines fused relevance and spread activation as a noisy-OR and explains both", () => {
		const [ranked] = rankRecall(
			[candidate("A", 0.5, 1, { spread: spread("A", 0.4, ["Hit", "A"]), terms: ["redis"], similarity: 0.61 })],
			settings(),
			{ limit: 10 },
		);
		expect(ranked.relevance).toBeCloseTo(1 - 0.5 * 0.6, 12);
		expect(ranked.why).toEqual({
			terms: ["redis"],
			similarity: 0.61,
			path: ["Hit", "A"],
			edges: [{ type: "caused_by", direction: "forward" }],
		});
	});

	it("lets retention break near-ties in relevance but not overturn a clear difference", () => {
		const ranked = rankRecall(
			[
				candidate("Strong but forgotten", 1, 0),
				candidate("Close and fresh", 0.9, 1),
				candidate("Weak and fresh", 0.5, 1),
			],
			settings(),
			{ limit: 10 },
		);
		expect(ids(ranked)).toEqual(["Close and fresh", "Strong but forgotten", "Weak and fresh"]);
		const relevanceOnly = rankRecall([candidate("A", 1, 0), candidate("B", 0.9, 1)], settings({ retentionShare: 0 }), {
			limit: 10,
		});
		expect(ids(relevanceOnly)).toEqual(["A", "B"]);
		expect(rankRecall([candidate("Unrelated", 0, 1)], settings(), { limit: 10 })[0].score).toBe(0);
	});

	it("demotes a superseded memory ×0.3, tags it, and puts its replacement above it", () => {
		const ranked = rankRecall(
			[
				candidate("Budget v1", 1, 0.5, { supersededBy: ["Budget v2"] }),
				candidate("Budget v2", 0, 0.5, { spread: spread("Budget v2", 0.1, ["Budget v1", "Budget v2"]) }),
				candidate("Other", 0.7, 0.5),
			],
			settings(),
			{ limit: 10 },
		);
		expect(ids(ranked)).toEqual(["Budget v2", "Other", "Budget v1"]);
		const prior = 0.8 + 0.2 * Math.sqrt(0.5);
		expect(ranked[0].relevance).toBe(1);
		expect(ranked[0].why.replaces).toEqual(["Budget v1"]);
		expect(ranked[2].score).toBeCloseTo(1 * prior * 0.3, 12);
		expect(ranked[2].supersededBy).toEqual(["Budget v2"]);
		expect(ranked[0]).not.toHaveProperty("supersededBy");
	});

	it("passes relevance along a chain of replacements", () => {
		const ranked = rankRecall(
			[
				candidate("v1", 0.9, 1, { supersededBy: ["v2"] }),
				candidate("v2", 0.1, 1, { supersededBy: ["v3"] }),
				candidate("v3", 0.05, 1),
			],
			settings(),
			{ limit: 10 },
		);
		expect(ids(ranked)).toEqual(["v3", "v1", "v2"]);
		expect(ranked.map((r) => r.relevance)).toEqual([0.9, 0.9, 0.9]);
	});

	it("leaves pruned memories out unless asked", () => {
		const candidates = [candidate("Pruned", 1, 0, { status: "pruned" }), candidate("Live", 0.5, 0.5)];
		expect(ids(rankRecall(candidates, settings(), { limit: 10 }))).toEqual(["Live"]);
		expect(ids(rankRecall(candidates, settings(), { limit: 10, includePruned: true }))).toEqual(["Pruned", "Live"]);
	});

	it("puts results under the relevance floor after every confident one, marked low_confidence", () => {
		const ranked = rankRecall(
			[candidate("Weak but fresh", 0.19, 1), candidate("Confident but faded", 0.2, 0)],
			settings(),
			{ limit: 10 },
		);
		expect(ids(ranked)).toEqual(["Confident but faded", "Weak but fresh"]);
		expect(ranked[0].score).toBeLessThan(ranked[1].score);
		expect(ranked[1].lowConfidence).toBe(true);
		expect(ranked[0]).not.toHaveProperty("lowConfidence");
	});

	it("counts pinned and core memories as fully retained", () => {
		const ranked = rankRecall(
			[
				candidate("Active", 0.8, 0),
				candidate("Core", 0.8, 0, { status: "core" }),
				candidate("Pinned", 0.8, 0, { pinned: true }),
			],
			settings(),
			{ limit: 10 },
		);
		expect(ids(ranked)).toEqual(["Core", "Pinned", "Active"]);
		expect(ranked[0].score).toBeCloseTo(0.8, 12);
		expect(ranked[0].retention).toBe(0);
	});

	it("injects pinned and core memories that matched the query but missed the limit, up to maxInjected", () => {
		const candidates = [
			candidate("A", 1, 1),
			candidate("B", 0.95, 1),
			candidate("C", 0.9, 1),
			candidate("Core hit", 0.3, 0, { status: "core" }),
			candidate("Pinned hit", 0.25, 0, { pinned: true }),
			candidate("Core by spreading only", 0, 1, {
				status: "core",
				spread: spread("Core by spreading only", 0.5, ["A", "Core by spreading only"]),
			}),
		];
		const ranked = rankRecall(candidates, settings(), { limit: 3 });
		expect(ids(ranked)).toEqual(["A", "Core hit", "Pinned hit"]);
		expect(ranked[1].why.injected).toBe("core");
		expect(ranked[2].why.injected).toBe("pinned");
		expect(ranked[0].why).not.toHaveProperty("injected");
		expect(ids(rankRecall(candidates, settings({ maxInjected: 1 }), { limit: 3 }))).toEqual(["A", "B", "Core hit"]);
		expect(ids(rankRecall(candidates, settings({ maxInjected: 0 }), { limit: 3 }))).toEqual(["A", "B", "C"]);
		expect(ids(rankRecall(candidates, settings(), { limit: 6 }))).toHaveLength(6);
	});

	it("respects the limit and breaks score ties by id", () => {
		const ranked = rankRecall([candidate("b", 0.5, 1), candidate("a", 0.5, 1), candidate("c", 0.4, 1)], settings(), {
			limit: 2,
		});
		expect(ids(ranked)).toEqual(["a", "b"]);
		expect(rankRecall([candidate("a", 0.5, 1)], settings(), { limit: 0 })).toEqual([]);
	});

	it("rejects a candidate listed twice", () => {
		expect(() => rankRecall([candidate("a", 0.5, 1), candidate("a", 0.2, 1)], settings(), { limit: 5 })).toThrow(
			'Recall candidate "a" is listed twice',
		);
	});
});

describe("rankRecall on any candidates", () => {
	it("returns at most `limit` distinct, unpruned memories, each scoring no more than its relevance", () => {
		const names = ["a", "b", "c", "d", "e", "f", "g"];
		const unit = fc.double({ min: 0, max: 1, noNaN: true });
		const arbitraryCandidate = fc.record({
			fused: unit,
			retention: unit,
			status: fc.constantFrom(undefined, "active", "dormant", "fading", "pruned", "core"),
			pinned: fc.boolean(),
			supersededBy: fc.array(fc.constantFrom(...names), { maxLength: 2 }),
		});
		fc.assert(
			fc.property(
				fc.array(arbitraryCandidate, { maxLength: names.length }),
				fc.integer({ min: 0, max: 8 }),
				(drawn, limit) => {
					const candidates = drawn.map((c, i) => ({ ...c, id: names[i], status: c.status }));
					const ranked = rankRecall(candidates, settings(), { limit });
					expect(ranked.length).toBeLessThanOrEqual(limit);
					expect(new Set(ids(ranked)).size).toBe(ranked.length);
					for (const result of ranked) {
						expect(candidates.find((c) => c.id === result.id)?.status).not.toBe("pruned");
						expect(result.score).toBeLessThanOrEqual(result.relevance + 1e-12);
						expect(result.relevance).toBeLessThanOrEqual(1);
					}
				},
			),
		);
	});
});
