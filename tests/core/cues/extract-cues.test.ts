import { describe, expect, it } from "vitest";
import { extractCues } from "../../../src/core/cues/extract-cues";
import { cuePhrase, cueWord } from "../../../src/core/cues/cue-words";
import { parseNote } from "../../../src/core/parse/parse-note";
import { dayOf, isoDay } from "../../../src/core/time/calendar";

const cuesOf = (content: string, title = "", ctime?: number) =>
	extractCues({ content, parsed: parseNote(content), ctime }, title);

describe("cueWord and cuePhrase", () => {
	it("lower-cases, drops possessives and stems, so forms of one word meet", () => {
		expect(cueWord("Paintings")).toBe(cueWord("painting"));
		expect(cueWord("Caroline's")).toBe(cueWord("caroline"));
		expect(cueWord("the")).toBe("");
		expect(cueWord("42")).toBe("");
		expect(cuePhrase("New York's")).toBe("new york");
	});
});

describe("extractCues", () => {
	it("takes names (runs of capitalised words), content words, tags, aliases and link texts", () => {
		const note = [
			"---",
			"aliases: [Mel]",
			"tags: [family/kids]",
			"---",
			"Melanie took the kids to the Natural History Museum in New York; see [[Dinosaur exhibit|the dinosaurs]].",
		].join("\n");
		const { cues } = cuesOf(note);
		expect(cues).toEqual(
			expect.arrayContaining([
				"natur histori museum",
				"new york",
				cueWord("Melanie"),
				cueWord("kids"),
				"family/kids",
				"famili",
				"mel",
				"dinosaur",
			]),
		);
		expect(cues).not.toContain("the");
		expect(cues).not.toContain("york natur");
	});

	it("resolves relative dates against a date that opens the text, which is not an event itself", () => {
		const { written, times, cues } = cuesOf("(1:56 pm on 8 May, 2023) Caroline: I went to a support group yesterday.");
		expect(isoDay(written ?? 0)).toBe("2023-05-08");
		expect(times).toEqual([{ start: dayOf(2023, 5, 7), end: dayOf(2023, 5, 7) }]);
		expect(cues).not.toContain("may");
	});

	it("counts from memory_created, takes memory_event_date as an event, and never from a later date in the text", () => {
		const note = [
			"---",
			"memory_created: 2023-05-08T09:00:00.000Z",
			"memory_event_date: 2023-04-30",
			"---",
			"Next month we start the adoption interviews.",
		].join("\n");
		const { written, times } = cuesOf(note);
		expect(isoDay(written ?? 0)).toBe("2023-05-08");
		expect(times).toEqual([
			{ start: dayOf(2023, 4, 30), end: dayOf(2023, 4, 30) },
			{ start: dayOf(2023, 6, 1), end: dayOf(2023, 6, 30) },
		]);
	});

	it("falls back on a daily note's name, then on the file's creation time", () => {
		expect(isoDay(cuesOf("Rained all day.", "2024-02-29").written ?? 0)).toBe("2024-02-29");
		expect(isoDay(cuesOf("Rained all day.", "Weather", Date.UTC(2024, 2, 1, 12)).written ?? 0)).toBe("2024-03-01");
		expect(cuesOf("Rained all day.").written).toBeUndefined();
	});
});
