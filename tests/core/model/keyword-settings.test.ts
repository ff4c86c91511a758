import { describe, expect, it } from "vitest";
import { DEFAULT_KEYWORD_SETTINGS, parseKeywordSettings } from "../../../src/core/model/keyword-settings";
import { indexSignature } from "../../../src/core/recall/keyword/index-signature";

describe("keyword settings", () => {
	it("fills the defaults", () => {
		expect(DEFAULT_KEYWORD_SETTINGS).toMatchObject({
			maxBodyChars: 200_000,
			boost: { title: 3, aliases: 2.5, headings: 1.5, tags: 2, body: 1 },
			prefixMinLength: 3,
			fuzzyMinLength: 5,
			fuzziness: 0.2,
			maxExpansions: 20,
			stemming: true,
		});
		expect(DEFAULT_KEYWORD_SETTINGS.stopWords).toContain("the");
		expect(parseKeywordSettings({ boost: { title: 5 } }).boost).toEqual({
			title: 5,
			aliases: 2.5,
			headings: 1.5,
			tags: 2,
			body: 1,
		});
	});

	it("names the bad field", () => {
		expect(() => parseKeywordSettings({ maxBodyChars: -1 })).toThrow(/Invalid keyword search setting "maxBodyChars"/);
		expect(() => parseKeywordSettings({ boost: { body: "high" } })).toThrow(/"boost.body"/);
	});

	it("changes the index signature only for settings that change the indexed terms", () => {
		const base = indexSignature(DEFAULT_KEYWORD_SETTINGS);
		expect(indexSignature(parseKeywordSettings({ stopWords: ["the"] }))).not.toBe(base);
		expect(indexSignature(parseKeywordSettings({ maxBodyChars: 1000 }))).not.toBe(base);
		expect(indexSignature(parseKeywordSettings({ stemming: false }))).not.toBe(base);
		expect(
			indexSignature(parseKeywordSettings({ boost: { title: 9 }, fuzziness: 0, maxExpansions: 3, prefixMinLength: 5 })),
		).toBe(base);
	});
});
