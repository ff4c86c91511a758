import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseNote } from "../../../src/core/parse/parse-note";
import { sharedPath } from "../../helpers/shared";

/**
 * Oracle: for every note Obsidian's metadata cache was dumped for, our parser must report the
 * same links, embeds, frontmatter, frontmatter links, inline tags, headings, block ids and
 * getAllTags, in the same order (positions aside). There are no known differences to exempt:
 * every fixture matches on every compared field.
 */

interface ObsidianReference {
	link: string;
	original: string;
	displayText?: string;
	key?: string;
}

interface ObsidianFixture {
	filePath: string;
	fileContents: string;
	getAllTags: string[];
	cachedMetadata: {
		links?: ObsidianReference[];
		embeds?: ObsidianReference[];
		frontmatter?: Record<string, unknown>;
		frontmatterLinks?: ObsidianReference[];
		tags?: { tag: string }[];
		headings?: { heading: string; level: number }[];
		blocks?: Record<string, { id: string }>;
	};
}

const fixtures = sharedPath("fixtures", "obsidian-cached-metadata");
const files = fixtures.found
	? readdirSync(fixtures.path)
			.filter((name) => name.endsWith(".json"))
			.sort()
	: [];

function references(list: ObsidianReference[] | undefined, withKey = false): ObsidianReference[] {
	return (list ?? []).map((ref) => ({
		link: ref.link,
		original: ref.original,
		displayText: ref.displayText,
		...(withKey ? { key: ref.key } : {}),
	}));
}

describe.skipIf(!fixtures.found)("parseNote against Obsidian's metadata cache", () => {
	it("has fixtures to compare against", () => {
		expect(files.length).toBeGreaterThan(50);
	});

	it.each(files)("%s", (name) => {
		const fixture = JSON.parse(readFileSync(join(fixtures.path, name), "utf8")) as ObsidianFixture;
		const expected = fixture.cachedMetadata;
		const parsed = parseNote(fixture.fileContents);
		const actual = {
			links: references(parsed.links),
			embeds: references(parsed.embeds),
			frontmatter: parsed.frontmatter,
			frontmatterLinks: references(parsed.frontmatterLinks, true),
			tags: parsed.tags,
			headings: parsed.headings,
			blocks: parsed.blocks,
			allTags: parsed.allTags,
		};
		const obsidian = {
			links: references(expected.links),
			embeds: references(expected.embeds),
			frontmatter: expected.frontmatter,
			frontmatterLinks: references(expected.frontmatterLinks, true),
			tags: (expected.tags ?? []).map((t) => ({ tag: t.tag })),
			headings: (expected.headings ?? []).map((h) => ({ heading: h.heading, level: h.level })),
			blocks: Object.values(expected.blocks ?? {}).map((b) => b.id),
			allTags: fixture.getAllTags,
		};
		expect(parsed.frontmatterError).toBeUndefined();
		expect(actual).toEqual(obsidian);
	});
});
