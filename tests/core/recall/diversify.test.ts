import { describe, expect, it } from "vitest";
import { DEFAULT_RECALL_SETTINGS } from "../../../src/core/model/recall-settings";
import type { RankedMemory, RecallCandidate } from "../../../src/core/recall/rank";
import { aboveFloor, diversify, placedScores, rankDiverse } from "../../../src/core/recall/diversify";

const memory = (id: string, score: number, low = false): RankedMemory => ({
	id,
	score,
	relevance: score,
	retention: 1,
	why: {},
	...(low ? { lowConfidence: true } : {}),
});

const COMMUNITY: Record<string, number | undefined> = { a1: 1, a2: 1, a3: 1, b1: 2, loose: undefined, low: 3 };
const communityOf = (id: string) => COMMUNITY[id];
const ids = (list: RankedMemory[]) => list.map((m) => m.id);

describe("diversify", () => {
	const ranked = [memory("a1", 1), memory("a2", 0.95), memory("a3", 0.9), memory("b1", 0.8), memory("loose", 0.7)];

	it("holds back further memories of a community already picked, by the factor per earlier pick", () => {
		// a2: 0.95 × 0.8 = 0.76 < b1 0.8; a3: 0.9 × 0.64 = 0.576 < loose 0.7.
		expect(ids(diversify(ranked, communityOf, 0.8, 5))).toEqual(["a1", "b1", "a2", "loose", "a3"]);
		expect(ids(diversify(ranked, communityOf, 0.8, 2))).toEqual(["a1", "b1"]);
	});

	it("keeps the order with factor 1 and never lets a low-confidence memory pass a confident one", () => {
		expect(ids(diversify(ranked, communityOf, 1, 3))).toEqual(["a1", "a2", "a3"]);
		const withLow = [memory("a1", 1), memory("a2", 0.9), memory("low", 0.5, true)];
		expect(ids(diversify(withLow, communityOf, 0.1, 3))).toEqual(["a1", "a2", "low"]);
	});

	it("rejects a factor outside 0..1", () => {
		expect(() => diversify(ranked, communityOf, 1.5, 3)).toThrow("The diversity factor must be from 0 to 1 (got 1.5).");
	});

	it("holds back memories of an episode by the episode factor, in place of their community", () => {
		const EPISODE: Record<string, string | undefined> = { a1: "s1", a2: "s1", a3: "s2", b1: "s1" };
		const episodes = { of: (id: string) => EPISODE[id], factor: 0.5 };
		// a2 and b1 share a1's episode: 0.475 and 0.4; a3 is in another episode; loose has a community only.
		expect(ids(diversify(ranked, communityOf, 1, 5, episodes))).toEqual(["a1", "a3", "loose", "a2", "b1"]);
		// Episode factor 1: community diversity as before.
		expect(ids(diversify(ranked, communityOf, 0.8, 5, { ...episodes, factor: 1 }))).toEqual(
			ids(diversify(ranked, communityOf, 0.8, 5)),
		);
	});

	it("spreads only the first `depth` results over episodes; the rest follow the score", () => {
		const EPISODE: Record<string, string> = { a1: "s1", a2: "s1", a3: "s1", a4: "s1", b1: "s2", b2: "s2" };
		const list = [
			memory("a1", 1),
			memory("a2", 0.9),
			memory("a3", 0.8),
			memory("a4", 0.7),
			memory("b1", 0.5),
			memory("b2", 0.4),
		];
		const episodes = { of: (id: string) => EPISODE[id], factor: 0.6 };
		// Every pick spread: a2 0.54 > b1 0.5, then a3 0.8 × 0.36 = 0.288 < b1, b2 0.4 × 0.6 = 0.24 < a3.
		expect(ids(diversify(list, communityOf, 0.8, 5, episodes))).toEqual(["a1", "a2", "b1", "a3", "b2"]);
		// The first two spread (a2 0.54 > b1 0.5), then by score: a3 and a4 before b1.
		expect(ids(diversify(list, communityOf, 0.8, 5, { ...episodes, depth: 2 }))).toEqual([
			"a1",
			"a2",
			"a3",
			"a4",
			"b1",
		]);
		// With depth 3, b1 takes the third place (0.5 > a3's 0.288).
		expect(ids(diversify(list, communityOf, 0.8, 4, { ...episodes, depth: 3 }))).toEqual(["a1", "a2", "b1", "a3"]);
	});

	it("does not spread over episodes when no other episode comes within `focus` of the best (sums of their 5 best)", () => {
		const EPISODE: Record<string, string> = { a1: "s1", a2: "s1", a3: "s1", b1: "s2", b2: "s2", c1: "s3" };
		const episodes = { of: (id: string) => EPISODE[id], factor: 0.6, depth: 5 };
		const list = (b2: number) => [
			memory("a1", 1),
			memory("a2", 0.9),
			memory("a3", 0.45),
			memory("b1", 0.29),
			memory("b2", b2),
			memory("c1", 0.1),
		];
		// Spread (no focus): a2 0.9 × 0.6 = 0.54 > b1 0.29, then a3 0.45 × 0.36 = 0.162 < b1.
		expect(ids(diversify(list(0.2), communityOf, 0.8, 4, episodes))).toEqual(["a1", "a2", "b1", "a3"]);
		// s1 weighs 2.35, s2 0.49 < 0.35 × 2.35 = 0.8225: s1 is far ahead, so by score.
		expect(ids(diversify(list(0.2), communityOf, 0.8, 4, { ...episodes, focus: 0.35 }))).toEqual([
			"a1",
			"a2",
			"a3",
			"b1",
		]);
		// s2 at 0.29 + 0.25 = 0.54 comes within 0.2 × 2.35 = 0.47: spread as before (b2 0.15 < a3
		// 0.162). Its best alone (0.29) would not: episodes are compared by their best together.
		expect(ids(diversify(list(0.25), communityOf, 0.8, 4, { ...episodes, focus: 0.2 }))).toEqual([
			"a1",
			"a2",
			"b1",
			"a3",
		]);
	});

	it("with focus, a single episode among the candidates is never held back, and memories without one keep their community", () => {
		const EPISODE: Record<string, string | undefined> = { a1: "s1", a2: "s1", a3: "s1" };
		const episodes = { of: (id: string) => EPISODE[id], factor: 0.5, depth: 5, focus: 0.35 };
		const list = [memory("a1", 1), memory("a2", 0.9), memory("a3", 0.8), memory("loose", 0.6)];
		// Without focus: a2 0.45 < loose 0.6. With it, s1 is the only episode: a2, a3 by score.
		expect(ids(diversify(list, communityOf, 0.8, 4, { ...episodes, focus: 0 }))).toEqual(["a1", "loose", "a2", "a3"]);
		expect(ids(diversify(list, communityOf, 0.8, 4, episodes))).toEqual(["a1", "a2", "a3", "loose"]);
	});
});

describe("the scores a recall shows (issue 29)", () => {
	const scores = (list: RankedMemory[]) => list.map((m) => Number(m.score.toFixed(4)));

	it("gives each pick the score it was picked with, held back or not", () => {
		const ranked = [memory("a1", 1), memory("a2", 0.95), memory("a3", 0.9), memory("b1", 0.8), memory("loose", 0.7)];
		const picked = diversify(ranked, communityOf, 0.8, 5);
		expect(ids(picked)).toEqual(["a1", "b1", "a2", "loose", "a3"]);
		expect(scores(picked)).toEqual([1, 0.8, 0.76, 0.7, 0.576]);
		expect(picked.map((m) => m.relevance)).toEqual([1, 0.8, 0.95, 0.7, 0.9]);
	});

	it("never shows a result above the one before it: a result placed lower by the order keeps the score above it", () => {
		const placed = placedScores([memory("a", 0.6), memory("b", 0.3), memory("low", 0.19, true), memory("c", 0.5)]);
		expect(ids(placed)).toEqual(["a", "b", "low", "c"]);
		expect(scores(placed)).toEqual([0.6, 0.3, 0.19, 0.19]);
	});

	it("leaves out the results under the floor × the first one's score instead of padding the list", () => {
		const list = [memory("a", 0.8), memory("b", 0.3), memory("c", 0.041), memory("d", 0.039)];
		expect(ids(aboveFloor(list, 0.05))).toEqual(["a", "b", "c"]);
		expect(ids(aboveFloor(list, 0))).toEqual(["a", "b", "c", "d"]);
		expect(aboveFloor([], 0.05)).toEqual([]);
	});

	it("rankDiverse: scores descend down the list, as the order places them, and weak hits below the floor are gone", () => {
		const candidate = (id: string, fused: number, extra: Partial<RecallCandidate> = {}): RecallCandidate => ({
			id,
			fused,
			retention: 1,
			...extra,
		});
		const episodeOf: Record<string, string> = { s1a: "s1", s1b: "s1", s1c: "s1", s2a: "s2" };
		const candidates = [
			candidate("s1a", 0.9),
			candidate("s1b", 0.85),
			candidate("s1c", 0.8),
			candidate("s2a", 0.5),
			candidate("weak", 0.15),
			candidate("noise", 0.02),
		];
		const settings = { ...DEFAULT_RECALL_SETTINGS.ranking, resultFloor: 0.05 };
		const episodes = { of: (id: string) => episodeOf[id], factor: 0.5, depth: 2 };
		const ranked = rankDiverse(candidates, settings, 10, 1, () => undefined, episodes);
		// s2a takes the second place (0.5 > 0.85 × 0.5); s1b then follows at its full score but no higher than s2a.
		expect(ids(ranked)).toEqual(["s1a", "s2a", "s1b", "s1c", "weak"]);
		expect(scores(ranked)).toEqual([0.9, 0.5, 0.5, 0.5, 0.15]);
		expect(ranked.find((m) => m.id === "weak")?.lowConfidence).toBe(true);
		const all = rankDiverse(candidates, { ...settings, resultFloor: 0 }, 10, 1, () => undefined, episodes);
		expect(ids(all)).toEqual(["s1a", "s2a", "s1b", "s1c", "weak", "noise"]);
	});
});
