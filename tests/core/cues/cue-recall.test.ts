import { describe, expect, it } from "vitest";
import { cueHits, cueQuery } from "../../../src/core/cues/cue-recall";
import { cueWord } from "../../../src/core/cues/cue-words";
import { DEFAULT_RECALL_SETTINGS, parseRecallSettings } from "../../../src/core/model/recall-settings";
import { dayOf } from "../../../src/core/time/calendar";
import { CueIndex } from "../../../src/engine/recall/cue-index";
import { parseNote } from "../../../src/core/parse/parse-note";

function indexOf(notes: Record<string, string>): CueIndex {
	const index = new CueIndex();
	for (const [id, content] of Object.entries(notes)) index.update(id, { content, parsed: parseNote(content) }, id);
	return index;
}

const ids = (hits: { id: string }[]): string[] => hits.map((hit) => hit.id);
const noSpread = parseRecallSettings({ cues: { spread: 0 } }).cues;

describe("cueQuery", () => {
	it("extracts the question's cues, its times against today and whether it asks when", () => {
		const query = cueQuery("When did Melanie visit Lake Tahoe last summer?", dayOf(2023, 10, 2));
		expect(query.cues).toEqual(expect.arrayContaining([cueWord("Melanie"), "lake taho", cueWord("visit")]));
		expect(query.times).toEqual([{ start: dayOf(2023, 6, 1), end: dayOf(2023, 8, 31) }]);
		expect(query.asksWhen).toBe(true);
	});
});

describe("cueHits", () => {
	const notes = {
		a: "Caroline talked about the weather.",
		b: "Caroline talked about the weather again.",
		c: "Caroline talked about her grandmother in Sweden.",
		d: "Melanie talked about pottery.",
	};

	it("weights a shared cue by its rarity: the memory holding the rare one comes first", () => {
		const hits = cueHits(indexOf(notes), cueQuery("weather in Sweden"), noSpread, 10);
		expect(ids(hits)).toEqual(["c", "a", "b"]);
		expect(hits[0].score).toBeGreaterThan(hits[1].score);
		expect(hits[0].score).toBeLessThan(1);
	});

	it("ignores a cue most memories hold", () => {
		const settings = { ...noSpread, maxShare: 0.5 };
		expect(cueHits(indexOf(notes), cueQuery("Caroline talked"), settings, 10)).toEqual([]);
	});

	it("spreads through a rare cue to a memory that shares none of the query's words", () => {
		const index = indexOf({
			pets: "Melanie adopted a puppy named Oscar.",
			walks: "Oscar chewed the garden hose again.",
			other: "The garden needs water.",
			more: "Pottery class on Tuesday.",
		});
		const spread = cueHits(index, cueQuery("Which puppy did Melanie adopt?"), DEFAULT_RECALL_SETTINGS.cues, 10);
		expect(ids(spread)).toEqual(["pets", "walks"]);
		expect(spread[1].score).toBeLessThan(spread[0].score);
		expect(ids(cueHits(index, cueQuery("Which puppy did Melanie adopt?"), noSpread, 10))).toEqual(["pets"]);
	});

	const fillers = { f1: "Nothing to see.", f2: "The garden needs water.", f3: "Pottery class on Tuesday." };

	it("matches a time the question names with the days a memory speaks of", () => {
		const index = indexOf({
			...fillers,
			may: "(8 May, 2023) We went camping yesterday.",
			june: "(9 June, 2023) We went camping last weekend.",
		});
		const hits = cueHits(index, cueQuery("camping in May 2023"), noSpread, 10);
		expect(ids(hits)).toEqual(["may", "june"]);
		expect(hits[0].score).toBeCloseTo(1, 5);
	});

	it("matches a time the question names with the day a memory was written", () => {
		const index = indexOf({
			...fillers,
			june: "---\nmemory_created: 2023-06-09\n---\nWe went camping by the lake.",
			may: "---\nmemory_created: 2023-05-08T10:00:00Z\n---\nWe went camping by the lake.",
		});
		const inTime = new Set<string>();
		const hits = cueHits(index, cueQuery("camping in May 2023"), noSpread, 10, undefined, inTime);
		expect(ids(hits)).toEqual(["may", "june"]);
		expect(hits[0].score).toBeCloseTo(1, 5);
		expect(hits[1].score).toBeLessThan(0.5);
		expect([...inTime]).toEqual(["may"]);
	});

	it("lifts a memory that speaks of a time for a question that asks when", () => {
		const index = indexOf({
			...fillers,
			plain: "(8 May, 2023) Caroline loves the support group.",
			dated: "(8 May, 2023) Went to the support group yesterday.",
		});
		const question = cueQuery("When did Caroline go to the support group?");
		expect(ids(cueHits(index, question, { ...noSpread, whenWeight: 0 }, 10))).toEqual(["plain", "dated"]);
		expect(ids(cueHits(index, question, { ...noSpread, whenWeight: 2 }, 10))).toEqual(["dated", "plain"]);
	});
});
