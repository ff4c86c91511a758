import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNote } from "../../../src/core/parse/parse-note";

/** Pieces of Obsidian markdown, so random notes hit the interesting paths, not just plain text. */
const fragment = fc.constantFrom(
	"[[",
	"]]",
	"[",
	"]",
	"(",
	")",
	"|",
	"#",
	"^",
	"!",
	"`",
	"```",
	"~~~",
	"$",
	"$$",
	"%%",
	"<!--",
	"-->",
	"<div>",
	"\\",
	"::",
	"---",
	"\n",
	"\n\n",
	"\r\n",
	"> ",
	"- ",
	"1. ",
	"    ",
	"\t",
	" ",
	"a",
	"Note",
	".md",
	"%20",
	"<",
	">",
	"_",
	"*",
	"🎉",
	"日本",
	"\uD800",
	"x:: ",
	"https://",
	"#tag",
	"=",
);
const markdownish = fc
	.array(fc.oneof(fragment, fc.string({ maxLength: 6 })), { maxLength: 60 })
	.map((parts) => parts.join(""));
const anyText = fc.oneof(
	markdownish,
	fc.string({ unit: "binary", maxLength: 200 }),
	fc.string({ unit: "grapheme", maxLength: 200 }),
);

describe("parseNote properties", () => {
	it("never throws, and every link, embed and tag it reports is text of the note", () => {
		fc.assert(
			fc.property(anyText, (content) => {
				const parsed = parseNote(content);
				for (const ref of [...parsed.links, ...parsed.embeds]) expect(content).toContain(ref.original);
				for (const { tag } of parsed.tags) {
					expect(content).toContain(tag);
					expect(tag).toMatch(/^#./u);
				}
				expect(parsed.bodyStart).toBeGreaterThanOrEqual(0);
				expect(parsed.bodyStart).toBeLessThanOrEqual(content.length);
			}),
			{ numRuns: 3000 },
		);
	});

	it("reports inline-field links also as links or embeds, like Obsidian's own cache", () => {
		fc.assert(
			fc.property(anyText, (content) => {
				const parsed = parseNote(content);
				const originals = new Set([...parsed.links, ...parsed.embeds].map((l) => l.original));
				for (const ref of parsed.inlineFieldLinks) expect(originals.has(ref.original)).toBe(true);
			}),
			{ numRuns: 1000 },
		);
	});

	it("with frontmatter, reads the same body as without it", () => {
		fc.assert(
			fc.property(markdownish, (body) => {
				const alone = parseNote(`\n${body}`);
				const withFrontmatter = parseNote(`---\nk: v\n---\n\n${body}`);
				expect(withFrontmatter.links).toEqual(alone.links);
				expect(withFrontmatter.tags).toEqual(alone.tags);
			}),
			{ numRuns: 1000 },
		);
	});
});
