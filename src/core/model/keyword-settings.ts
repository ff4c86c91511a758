import { z } from "zod";
import { parseSettings } from "./parse-settings";
import { ENGLISH_STOP_WORDS } from "./stop-words";
import { once } from "../util/once";
import { SETTINGS_DEFAULTS } from "./settings-defaults";

const boost = (fallback: number, field: string, title: string) =>
	z
		.number()
		.min(0)
		.max(100)
		.default(fallback)
		.describe(`Score multiplier for a match in the note's ${field}.`)
		.meta({ title });

/** Built on first use: zod schemas cost time to build, not paid while Obsidian evaluates main.js. */
export const keywordSettingsSchema = once(() => {
	return z.object({
		maxBodyChars: z
			.number()
			.int()
			.min(1)
			.max(100_000_000)
			.default(200_000)
			.describe(
				"Only the first this many characters of a note's body are indexed, so one huge note cannot exhaust memory.",
			)
			.meta({ title: "Characters indexed per note", unit: "characters" }),
		stopWords: z
			.array(z.string())
			.default(() => [...ENGLISH_STOP_WORDS])
			.describe("Words left out of the index and of queries; an empty list keeps every word.")
			.meta({ title: "Stop words" }),
		stemming: z
			.boolean()
			.default(true)
			.describe(
				'English (Porter) stemming of notes and queries, so "planning" finds "planned"; turn it off for a vault mostly in another language.',
			)
			.meta({ title: "English word stems" }),
		boost: z
			.object({
				title: boost(3, "title (file name)", "Title"),
				aliases: boost(2.5, "aliases", "Aliases"),
				headings: boost(1.5, "headings", "Headings"),
				tags: boost(2, "tags", "Tags"),
				body: boost(1, "body", "Body"),
			})
			.prefault({})
			.meta({ title: "Weight of a match in" }),
		prefixMinLength: z
			.number()
			.int()
			.min(1)
			.max(50)
			.default(3)
			.describe("Query terms at least this long also match longer words that start with them.")
			.meta({ title: "Shortest term matched as a prefix", unit: "letters" }),
		fuzzyMinLength: z
			.number()
			.int()
			.min(1)
			.max(50)
			.default(5)
			.describe(
				"Query terms at least this long that match no indexed word (exactly or as a prefix) match words with a few typos instead.",
			)
			.meta({ title: "Shortest term matched with typos", unit: "letters" }),
		maxExpansions: z
			.number()
			.int()
			.min(0)
			.max(1000)
			.default(20)
			.describe(
				"At most this many longer words (prefix matches) or near spellings (typos) are searched for one query term, the closest first.",
			)
			.meta({ title: "Most expansions of a term", unit: "words" }),
		fuzziness: z
			.number()
			.min(0)
			.max(1)
			.default(0.2)
			.describe("Typos allowed per character of a fuzzy query term (0.2: one typo in 5 to 7 letters, two in 8 to 12).")
			.meta({ title: "Typos per letter" }),
	});
});

export type KeywordSettings = z.infer<ReturnType<typeof keywordSettingsSchema>>;
export type KeywordSettingsInput = z.input<ReturnType<typeof keywordSettingsSchema>>;

export function parseKeywordSettings(input: unknown): KeywordSettings {
	return parseSettings(keywordSettingsSchema(), input, "keyword search");
}

export const DEFAULT_KEYWORD_SETTINGS: KeywordSettings = SETTINGS_DEFAULTS.keyword;
