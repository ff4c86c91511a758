import { z } from "zod";
import { parseSettings } from "./parse-settings";
import { ENGLISH_STOP_WORDS } from "./stop-words";

const boost = (fallback: number, field: string) =>
	z.number().min(0).max(100).default(fallback).describe(`Score multiplier for a match in the note's ${field}.`);

export const KeywordSettingsSchema = z.object({
	maxBodyChars: z
		.number()
		.int()
		.positive()
		.default(200_000)
		.describe(
			"Only the first this many characters of a note's body are indexed, so one huge note cannot exhaust memory.",
		),
	stopWords: z
		.array(z.string())
		.default(() => [...ENGLISH_STOP_WORDS])
		.describe("Words left out of the index and of queries; an empty list keeps every word."),
	stemming: z
		.boolean()
		.default(true)
		.describe(
			'English (Porter) stemming of notes and queries, so "planning" finds "planned"; turn it off for a vault mostly in another language.',
		),
	boost: z
		.object({
			title: boost(3, "title (file name)"),
			aliases: boost(2.5, "aliases"),
			headings: boost(1.5, "headings"),
			tags: boost(2, "tags"),
			body: boost(1, "body"),
		})
		.prefault({}),
	prefixMinLength: z
		.number()
		.int()
		.min(1)
		.default(3)
		.describe("Query terms at least this long also match longer words that start with them."),
	fuzzyMinLength: z
		.number()
		.int()
		.min(1)
		.default(5)
		.describe(
			"Query terms at least this long that match no indexed word (exactly or as a prefix) match words with a few typos instead.",
		),
	maxExpansions: z
		.number()
		.int()
		.min(0)
		.max(1000)
		.default(20)
		.describe(
			"At most this many longer words (prefix matches) or near spellings (typos) are searched for one query term, the closest first.",
		),
	fuzziness: z
		.number()
		.min(0)
		.max(1)
		.default(0.2)
		.describe("Typos allowed per character of a fuzzy query term (0.2: one typo in 5 to 7 letters, two in 8 to 12)."),
});

export type KeywordSettings = z.infer<typeof KeywordSettingsSchema>;
export type KeywordSettingsInput = z.input<typeof KeywordSettingsSchema>;

export function parseKeywordSettings(input: unknown): KeywordSettings {
	return parseSettings(KeywordSettingsSchema, input, "keyword search");
}

export const DEFAULT_KEYWORD_SETTINGS: KeywordSettings = parseKeywordSettings({});
