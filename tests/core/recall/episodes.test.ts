import { describe, expect, it } from "vitest";
import { parseRecallSettings } from "../../../src/core/model/recall-settings";
import { episodeKey, episodeScores, weighByEpisode } from "../../../src/core/recall/episodes";
import type { FusedHit } from "../../../src/core/recall/fusion";

const hit = (id: string, score: number): FusedHit => ({ id, score, ranks: {} });
const EPISODE: Record<string, string | undefined> = { a1: "A", a2: "A", a3: "A", b1: "B", b2: "B", loose: undefined };
const episodeOf = (id: string) => EPISODE[id];

describe("episodeKey", () => {
	it("reads memory_session as an opaque, trimmed id", () => {
		expect(episodeKey({ memory_session: "  session 3 " })).toBe("session 3");
		expect(episodeKey({ memory_session: "9f1c-Session" })).toBe("9f1c-Session");
		expect(episodeKey({ memory_session: 12 })).toBe("12");
	});

	it("gives no episode for a missing, empty or structured value", () => {
		expect(episodeKey(undefined)).toBeUndefined();
		expect(episodeKey({})).toBeUndefined();
		expect(episodeKey({ memory_session: "   " })).toBeUndefined();
		expect(episodeKey({ memory_session: ["a", "b"] })).toBeUndefined();
		expect(episodeKey({ memory_session: { id: 1 } })).toBeUndefined();
		expect(episodeKey({ memory_session: Number.NaN })).toBeUndefined();
	});
});

describe("episodeScores", () => {
	const hits = [hit("b1", 0.9), hit("a1", 0.5), hit("a2", 0.4), hit("a3", 0.3), hit("loose", 0.8), hit("b2", 0)];

	it("sums the best members' scores, relative to the best episode", () => {
		// A: 0.5 + 0.4 = 0.9 with two members; B: 0.9 (b2 scored 0 and does not count).
		const scores = episodeScores(hits, episodeOf, 2);
		expect(scores.get("A")).toBeCloseTo(1, 10);
		expect(scores.get("B")).toBeCloseTo(1, 10);
		const three = episodeScores(hits, episodeOf, 3);
		expect(three.get("A")).toBe(1);
		expect(three.get("B")).toBeCloseTo(0.9 / 1.2, 10);
		expect(episodeScores(hits, episodeOf, 1).get("A")).toBeCloseTo(0.5 / 0.9, 10);
		expect([...three.keys()].sort()).toEqual(["A", "B"]);
	});

	it("weighs an episode by the share of query words its memories hold together", () => {
		const terms: Record<string, string[]> = { a1: ["paint"], a2: ["sunset"], a3: ["lake"], b1: ["paint"] };
		const scores = episodeScores(hits, episodeOf, 1, (id) => terms[id], 1);
		// A holds 3 words, B 1: A 0.5 × 1, B 0.9 × 1/3 = 0.3.
		expect(scores.get("A")).toBe(1);
		expect(scores.get("B")).toBeCloseTo(0.3 / 0.5, 10);
	});
});

describe("weighByEpisode", () => {
	const settings = parseRecallSettings({ episodes: { weight: 0.5, members: 3 } }).episodes;

	it("puts the members of the episode that matches more of the query first", () => {
		const hits = [hit("b1", 0.6), hit("a1", 0.5), hit("a2", 0.45), hit("a3", 0.4), hit("loose", 0.55)];
		const weighed = weighByEpisode(hits, episodeOf, settings);
		// A sums 1.35 (score 1), B 0.6 (0.444): b1 becomes 0.6 × (0.5 + 0.222) = 0.433.
		expect(weighed.map((h) => h.id)).toEqual(["loose", "a1", "a2", "b1", "a3"]);
		expect(weighed.find((h) => h.id === "b1")?.score).toBeCloseTo(0.6 * (0.5 + 0.5 * (0.6 / 1.35)), 10);
		expect(weighed.find((h) => h.id === "a1")?.score).toBe(0.5);
		expect(weighed.find((h) => h.id === "loose")?.score).toBe(0.55);
	});

	it("leaves the hits as they are with weight 0 or without episodes", () => {
		const hits = [hit("b1", 0.6), hit("a1", 0.5)];
		const off = parseRecallSettings({ episodes: { weight: 0 } }).episodes;
		expect(weighByEpisode(hits, episodeOf, off)).toEqual(hits);
		expect(weighByEpisode(hits, () => undefined, settings)).toEqual(hits);
	});
});
