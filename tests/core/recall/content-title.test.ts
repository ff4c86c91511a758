import { describe, expect, it } from "vitest";
import { isTitleFromText, titleFromText } from "../../../src/core/recall/content-title";

describe("titleFromText", () => {
	it("takes the first ten words of the first line with words, without markup", () => {
		expect(titleFromText("\n- **Caroline**: I went to a support group yesterday and it was powerful")).toBe(
			"Caroline I went to a support group yesterday and it",
		);
	});
});

describe("isTitleFromText", () => {
	const body = "Caroline: I went to a support group yesterday and it was powerful.";

	it("recognises the name the writer makes from the body, numbered or not", () => {
		expect(isTitleFromText("Caroline I went to a support group yesterday and it", body)).toBe(true);
		expect(isTitleFromText("Caroline I went to a support group yesterday and it 2", body)).toBe(true);
		expect(isTitleFromText("Short memo", "Short memo")).toBe(true);
	});

	it("keeps a title someone chose, even when the body starts with its words", () => {
		expect(isTitleFromText("Support group", body)).toBe(false);
		expect(isTitleFromText("Caroline", body)).toBe(false);
		expect(isTitleFromText("Evergreen notes", "Evergreen notes are notes that evolve and accumulate over time.")).toBe(
			false,
		);
		expect(isTitleFromText("Caroline I went to a support group yesterday and it two", body)).toBe(false);
	});

	it("keeps a title its first heading repeats: the heading is a title too", () => {
		expect(isTitleFromText("Release plan", "# Release plan\nWe ship on Friday.")).toBe(false);
	});

	it("finds nothing in a body without words", () => {
		expect(isTitleFromText("Untitled", "")).toBe(false);
		expect(isTitleFromText("Untitled", "---\n***\n")).toBe(false);
	});
});
