import { describe, expect, it } from "vitest";
import { KeywordIndex } from "../../../src/core/recall/keyword/keyword-index";
import { coveredTerms, NAMED_TIME, weightByCoverage } from "../../../src/core/recall/query-coverage";

function index(notes: Record<string, [title: string, body: string]>): KeywordIndex {
	const keyword = new KeywordIndex();
	for (const [id, [title, body]] of Object.entries(notes))
		keyword.add({ id, title, aliases: [], headings: [], tags: [], body });
	return keyword;
}

describe("weightByCoverage", () => {
	// "pottery" is rare, the other words common: one short note that is all pottery wins on BM25.
	const keyword = index({
		"repeat.md": ["Pottery", "Pottery, pottery."],
		"whole.md": ["", "Melanie signed up for a pottery class with her kids."],
		"a.md": ["", "Melanie signed up for a swimming class."],
		"b.md": ["", "Melanie took a dance class."],
		"c.md": ["", "The class signed up Melanie."],
	});
	const question = "Which pottery class?";

	it("lifts the memory holding every query word over one repeating a single word", () => {
		const hits = keyword.match(question);
		expect(hits.map((hit) => hit.id).slice(0, 2)).toEqual(["repeat.md", "whole.md"]);
		const weighted = weightByCoverage(hits, 1);
		expect(weighted.map((hit) => hit.id).slice(0, 2)).toEqual(["whole.md", "repeat.md"]);
		const whole = hits.find((hit) => hit.id === "whole.md");
		const repeat = hits.find((hit) => hit.id === "repeat.md");
		expect(whole?.terms).toEqual(["pottery", "class"]);
		expect(repeat?.terms).toEqual(["pottery"]);
		expect(weighted[0].score).toBe(whole?.score);
		expect(weighted[1].score).toBeCloseTo((repeat?.score ?? 0) / 2, 9);
	});

	it("keeps the keyword scores with exponent 0", () => {
		const hits = keyword.match(question);
		expect(weightByCoverage(hits, 0)).toEqual(hits.map(({ id, score }) => ({ id, score })));
	});
});

describe("coveredTerms", () => {
	it("adds the named time to the words of a memory within it, and only then", () => {
		expect(coveredTerms(["travel"], true)).toEqual(["travel", NAMED_TIME]);
		expect(coveredTerms(undefined, true)).toEqual([NAMED_TIME]);
		expect(coveredTerms(["travel"], false)).toEqual(["travel"]);
		expect(coveredTerms(undefined, false)).toBeUndefined();
	});
});
