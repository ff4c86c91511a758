import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { CachedMetadata } from "obsidian";
import { afterEach, describe, expect, it } from "vitest";
import { parseNote } from "../../src/core/parse/parse-note";
import { parsedFromCache } from "../../src/obsidian/cached-metadata";
import { ObsidianVault } from "../../src/obsidian/obsidian-vault";
import { sharedPath } from "../helpers/shared";
import { fakeApp, removeVaultDirs } from "./fake-app";

afterEach(removeVaultDirs);

const NOTES: Record<string, string> = {
	"Plain.md": "Just a sentence with [[Other]] and ![[Diagram.png]].\n",
	"Empty.md": "",
	"Rich.md": [
		"---",
		"aliases: First alias, Second alias",
		"tags: [project, '#memory/core', 'not valid']",
		"caused_by: ['[[Cause]]', '[[Folder/Deep|deep one]]']",
		"meta: { source: '[[Origin#Part]]' }",
		"memory_status: dormant",
		"---",
		"# Heading one",
		"## Second *level*",
		"supports:: [[Evidence]]",
		"- [derived_from:: [[Parent]]] in a list",
		"Body with #tag and #nested/tag, [[Target#Section|alias]], [md link](Other%20note.md) ^block-id",
		"```",
		"[[not a link in code]] #notatag",
		"```",
		"",
	].join("\n"),
	"Unicode 会議.md": "---\nalias: 会議メモ\n---\n🚀 [[会議]] #日本語 ^abc\n",
	"Broken.md": "---\ncaused_by: [[[unclosed\n---\nStill [[Linked]]\n",
};

describe("parsedFromCache", () => {
	it.each(Object.keys(NOTES))("turns the app's cache for %s back into exactly what our parser reads", async (path) => {
		const { obsidianApp } = fakeApp(NOTES);
		const loaded = await new ObsidianVault(obsidianApp).load(path);
		expect(obsidianApp.metadataCache.getCache(path)).not.toBeNull();
		expect(loaded?.parsed).toStrictEqual(parseNote(NOTES[path] ?? ""));
	});

	it("takes links, tags and properties from the app, and only inline fields, body start and YAML errors from our parser", () => {
		const ours = parseNote("---\nbroken: [\n---\nkey:: [[Inline]]\n[[Ours]]\n");
		const cache: CachedMetadata = {
			links: [
				{
					link: "Theirs",
					original: "[[Theirs]]",
					displayText: "Theirs",
					position: { start: { line: 4, col: 0, offset: 30 }, end: { line: 4, col: 10, offset: 40 } },
				},
			],
			frontmatter: { tags: "solo", aliases: ["A"] },
			frontmatterLinks: [],
		};
		const parsed = parsedFromCache(cache, ours);
		expect(parsed.links).toEqual([{ link: "Theirs", original: "[[Theirs]]", displayText: "Theirs" }]);
		expect(parsed.frontmatter).toEqual({ tags: "solo", aliases: ["A"] });
		expect(parsed.frontmatterError).toBeUndefined();
		expect(parsed.allTags).toEqual(["#solo"]);
		expect(parsed.aliases).toEqual(["A"]);
		expect(parsed.inlineFieldLinks.map((l) => l.link)).toEqual(["Inline"]);
		expect(parsed.bodyStart).toBe(ours.bodyStart);

		const withoutProperties = parsedFromCache({}, ours);
		expect(withoutProperties.frontmatter).toBeUndefined();
		expect(withoutProperties.frontmatterError).toBe(ours.frontmatterError);
		expect(withoutProperties).toMatchObject({
			links: [],
			embeds: [],
			tags: [],
			headings: [],
			blocks: [],
			aliases: [],
			allTags: [],
		});
	});
});

const fixtures = sharedPath("fixtures", "obsidian-cached-metadata");

interface Fixture {
	cachedMetadata: CachedMetadata;
	fileContents: string;
	filePath: string;
	getAllTags: string[];
}

describe.skipIf(!fixtures.found)("parsedFromCache on metadata captured in Obsidian", () => {
	const names = fixtures.found ? readdirSync(fixtures.path).filter((name) => name.endsWith(".json")) : [];

	it.each(names)("%s: keeps the app's links, headings and tags", (name) => {
		const fixture = JSON.parse(readFileSync(join(fixtures.path, name), "utf8")) as Fixture;
		const cache = fixture.cachedMetadata;
		const parsed = parsedFromCache(cache, parseNote(fixture.fileContents));
		const strip = <T extends { position?: unknown }>(items: T[] | undefined) =>
			(items ?? []).map(({ position: _position, ...rest }) => rest);
		expect(parsed.links).toEqual(strip(cache.links));
		expect(parsed.embeds).toEqual(strip(cache.embeds));
		expect(parsed.headings).toEqual(strip(cache.headings));
		expect(parsed.tags).toEqual(strip(cache.tags));
		expect(parsed.frontmatterLinks).toEqual(cache.frontmatterLinks ?? []);
		expect(parsed.blocks).toEqual(Object.values(cache.blocks ?? {}).map((block) => block.id));
		expect(parsed.allTags).toEqual(fixture.getAllTags);
	});
});
