import { describe, expect, it } from "vitest";
import { mergeKeywordHits, questionKeywords, turnsOf } from "../../../bench/peers/answer-ranking";

describe("questionKeywords", () => {
	it("keeps the content words of a question, lower-cased, once each", () => {
		expect(questionKeywords("When did Maria's team move the Release to Berlin? And the release date?")).toEqual([
			"maria",
			"team",
			"move",
			"release",
			"berlin",
			"date",
		]);
	});

	it("drops stop words, contractions and words under 3 characters", () => {
		expect(questionKeywords("Why didn't he go to NY on a bus?")).toEqual(["bus"]);
	});

	it("gives nothing for a question of stop words only", () => {
		expect(questionKeywords("What was it?")).toEqual([]);
	});
});

describe("mergeKeywordHits", () => {
	it("ranks the hits found by more keywords first, ties in first-seen order", () => {
		const ranked = mergeKeywordHits([
			["a.md", "b.md", "c.md"],
			["c.md", "d.md"],
			["d.md", "c.md", "e.md"],
		]);
		expect(ranked).toEqual(["c.md", "d.md", "a.md", "b.md", "e.md"]);
	});

	it("counts a note once per keyword even when the answer lists it on several lines", () => {
		expect(mergeKeywordHits([["a.md", "a.md", "a.md"], ["b.md"], ["b.md"]])).toEqual(["b.md", "a.md"]);
	});
});

describe("turnsOf", () => {
	const diaIds = new Map([
		["turns/D1t1.md", "D1:1"],
		["turns/D2t4.md", "D2:4"],
		["memories/Same turn.md", "D2:4"],
	]);

	it("maps hits to turns in order, skipping hits the bench did not store and repeats", () => {
		expect(turnsOf(["Alice", "turns/D2t4.md", "turns/D1t1.md", "memories/Same turn.md"], diaIds)).toEqual([
			"D2:4",
			"D1:1",
		]);
	});
});
