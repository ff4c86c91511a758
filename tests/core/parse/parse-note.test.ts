import { describe, expect, it } from "vitest";
import { parseNote } from "../../../src/core/parse/parse-note";

const links = (content: string) => parseNote(content).links.map((l) => l.link);
const tags = (content: string) => parseNote(content).tags.map((t) => t.tag);

describe("frontmatter", () => {
	it("parses YAML properties and tells where the body starts", () => {
		const content = "---\ntitle: Plan\ncount: 3\ndate: 2024-07-21\n---\n# Body\n";
		const parsed = parseNote(content);
		expect(parsed.frontmatter).toEqual({ title: "Plan", count: 3, date: "2024-07-21" });
		expect(parsed.bodyStart).toBe(content.indexOf("# Body"));
		expect(parsed.headings).toEqual([{ heading: "Body", level: 1 }]);
	});

	it("reports invalid YAML with the file line and still reads the body", () => {
		const parsed = parseNote("---\ntitle: Plan\ntitle: Again\n---\nSee [[Target]] #tag\n");
		expect(parsed.frontmatter).toBeUndefined();
		expect(parsed.frontmatterError).toMatch(
			/^Frontmatter is not valid YAML at line 3, column 1: Map keys must be unique\./,
		);
		expect(parsed.frontmatterError).toContain("Fix the YAML between the --- lines");
		expect(links("---\ntitle: Plan\ntitle: Again\n---\nSee [[Target]] #tag\n")).toEqual(["Target"]);
		expect(parsed.tags).toEqual([{ tag: "#tag" }]);
	});

	it("rejects frontmatter that is a list or a single value", () => {
		expect(parseNote("---\n- a\n- b\n---\nx").frontmatterError).toMatch(
			/must be a set of "key: value" properties, but it is a list/,
		);
		expect(parseNote("---\njust text\n---\nx").frontmatterError).toMatch(/but it is a single string value/);
	});

	it("treats an empty block as no frontmatter and an unclosed one as body text", () => {
		expect(parseNote("---\n---\n# H\n")).toMatchObject({ bodyStart: 8, headings: [{ heading: "H", level: 1 }] });
		expect(parseNote("---\n---\n").frontmatter).toBeUndefined();
		const unclosed = parseNote("---\ntitle: x\n# Heading [[A]]\n");
		expect(unclosed.bodyStart).toBe(0);
		expect(unclosed.frontmatter).toBeUndefined();
		expect(unclosed.links.map((l) => l.link)).toEqual(["A"]);
	});

	it("accepts CRLF line ends and a byte-order mark", () => {
		const parsed = parseNote("\uFEFF---\r\ntags: [a]\r\n---\r\n# Title\r\n[[B]]\r\n");
		expect(parsed.frontmatter).toEqual({ tags: ["a"] });
		expect(parsed.headings).toEqual([{ heading: "Title", level: 1 }]);
		expect(parsed.links.map((l) => l.link)).toEqual(["B"]);
	});

	it("normalises aliases from lists, comma-separated strings and the alias key", () => {
		expect(parseNote("---\naliases: [One, Two]\n---\n").aliases).toEqual(["One", "Two"]);
		expect(parseNote("---\naliases: One, Two ,\n---\n").aliases).toEqual(["One", "Two"]);
		expect(parseNote("---\nalias: Solo\n---\n").aliases).toEqual(["Solo"]);
		expect(parseNote("---\naliases: [2024, null, ' ']\n---\n").aliases).toEqual(["2024"]);
	});

	it("collects frontmatter tags like getAllTags: first, #-prefixed, invalid ones dropped", () => {
		const parsed = parseNote("---\ntags: [project/alpha, '#done', bad tag, 1984]\n---\nBody #inline\n");
		expect(parsed.allTags).toEqual(["#project/alpha", "#done", "#inline"]);
		expect(parseNote("---\ntags: one\n---\n").allTags).toEqual(["#one"]);
		expect(parseNote("---\ntags: one, two\n---\n").allTags).toEqual([]);
		expect(parseNote("---\ntag: single\n---\n").allTags).toEqual(["#single"]);
	});

	it("reads wikilinks in property values with Obsidian's keys", () => {
		const parsed = parseNote(
			'---\nup: "[[Parent]]"\ncaused_by:\n  - "[[A#Why|because]]"\n  - "[[B]] and [[C]]"\nmeta:\n  source: "[[D]]"\nplain: text\n---\n',
		);
		expect(parsed.frontmatterLinks).toEqual([
			{ key: "up", link: "Parent", original: "[[Parent]]", displayText: "Parent" },
			{ key: "caused_by.0", link: "A#Why", original: "[[A#Why|because]]", displayText: "because" },
			{ key: "caused_by.1", link: "B", original: "[[B]]", displayText: "B" },
			{ key: "caused_by.1", link: "C", original: "[[C]]", displayText: "C" },
			{ key: "meta.source", link: "D", original: "[[D]]", displayText: "D" },
		]);
		expect(parsed.links).toEqual([]);
	});
});

describe("wikilinks and embeds", () => {
	it("reads every wikilink form with Obsidian's display text", () => {
		const parsed = parseNote(
			"[[a]] [[a|b]] [[a|]] [[a#h]] [[a#h#sub]] [[a#^id]] [[folder/a]] [[a.md]] [[#h]] [[#^id]] [[|x]] [[]]\n",
		);
		expect(parsed.links.map((l) => [l.link, l.displayText])).toEqual([
			["a", "a"],
			["a", "b"],
			["a", "a"],
			["a#h", "a > h"],
			["a#h#sub", "a > h > sub"],
			["a#^id", "a > ^id"],
			["folder/a", "folder/a"],
			["a.md", "a.md"],
			["#h", "h"],
			["#^id", "^id"],
			["|x", "|x"],
		]);
		expect(parsed.links[1].original).toBe("[[a|b]]");
	});

	it("separates embeds, including markdown images of notes and files", () => {
		const parsed = parseNote(
			"![[Diagram.png]] ![[Note#Part|shown]] ![alt](pic.png) ![web](https://x.org/a.png) \\![[not]]\n",
		);
		expect(parsed.embeds).toEqual([
			{ link: "Diagram.png", original: "![[Diagram.png]]", displayText: "Diagram.png" },
			{ link: "Note#Part", original: "![[Note#Part|shown]]", displayText: "shown" },
			{ link: "pic.png", original: "![alt](pic.png)", displayText: "alt" },
		]);
		expect(parsed.links.map((l) => l.original)).toEqual(["[[not]]"]);
	});

	it("takes the alias after an escaped pipe, as in table cells", () => {
		expect(parseNote("| [[Note\\|alias]] | x |\n").links).toEqual([
			{ link: "Note", original: "[[Note\\|alias]]", displayText: "alias" },
		]);
	});

	it("keeps a single ] inside the target and takes the innermost [[ before ]]", () => {
		expect(links("[[Sq]uare]] and [[outer [[inner]]\n")).toEqual(["Sq]uare", "inner"]);
	});

	it("ignores escaped brackets", () => {
		expect(links("\\[\\[not a link\\]\\] \\[[neither]]\n")).toEqual([]);
	});
});

describe("markdown links", () => {
	it("reads note links, decoding %20 and <angle brackets>, dropping titles", () => {
		const parsed = parseNote('[A](a.md) [B](<b c.md>) [C](My%20Note.md#Some%20Part) [D](d.md "title") [E](folder/e)\n');
		expect(parsed.links.map((l) => [l.link, l.displayText])).toEqual([
			["a.md", "A"],
			["b c.md", "B"],
			["My Note.md#Some Part", "C"],
			["d.md", "D"],
			["folder/e", "E"],
		]);
		expect(parsed.links[1].original).toBe("[B](<b c.md>)");
	});

	it("leaves out external URLs, empty destinations and malformed ones", () => {
		expect(
			links("[w](https://x.org) [m](mailto:a@b.c) [o](obsidian://open) [e]() [p](a b.md) [u](50%.md) [s](//host/x)\n"),
		).toEqual(["50%.md"]);
	});

	it("reports a link inside another link's text before it, in source order", () => {
		expect(parseNote("[see [[X]]](y.md)\n").links.map((l) => l.original)).toEqual(["[see [[X]]](y.md)", "[[X]]"]);
	});

	it("reads tags in the link text but not in the destination", () => {
		expect(tags("[Discord #chat](https://x.y/#frag)\n")).toEqual(["#chat"]);
	});
});

describe("tags", () => {
	it("follows Obsidian's tag grammar", () => {
		expect(tags("#tag #nested/tag #with-dash_and_under #日本語 #emoji🎉 #1984 #y1984 #a.b #c,d\n")).toEqual([
			"#tag",
			"#nested/tag",
			"#with-dash_and_under",
			"#日本語",
			"#emoji🎉",
			"#y1984",
			"#a",
			"#c",
		]);
	});

	it("needs a token start before the #: whitespace, _ * |, an escape or another tag", () => {
		expect(tags('a#no (#no) "#no" .#no x—#no url/#no\n')).toEqual([]);
		expect(tags("x _#u_ snake_#w **#b** |#cell| \\[#esc #one#two\n")).toEqual([
			"#u",
			"#w",
			"#b",
			"#cell",
			"#esc",
			"#one",
			"#two",
		]);
		expect(tags("x\t#tab a\u00A0#nbsp b\u3000#wide\n")).toEqual(["#tab", "#nbsp", "#wide"]);
	});

	it("reads tags in headings and quotes but not heading markers", () => {
		expect(tags("# Title #t1\n## \n> #quoted\n>#tight\n")).toEqual(["#t1", "#quoted", "#tight"]);
	});

	it("skips code, math and HTML comments but reads %% comments as Obsidian does", () => {
		expect(tags("`#code` $#math$ $$#display$$ <!-- #html --> %% #percent %% #end\n")).toEqual(["#percent", "#end"]);
	});
});

describe("headings", () => {
	it("reads ATX headings with their level and without the closing run", () => {
		expect(parseNote("# One\n## Two ##\n###### Six\n####### Seven\n#NoSpace\n  ### Indented\n#\n").headings).toEqual([
			{ heading: "One", level: 1 },
			{ heading: "Two", level: 2 },
			{ heading: "Six", level: 6 },
			{ heading: "Indented", level: 3 },
			{ heading: "", level: 1 },
		]);
	});

	it("reads one-line setext headings, not list items or breaks after blank lines", () => {
		expect(parseNote("Title\n===\n\nSub\n---\n\n- item\n---\n\n---\nText\nmore\n---\n").headings).toEqual([
			{ heading: "Title", level: 1 },
			{ heading: "Sub", level: 2 },
		]);
	});

	it("keeps links in heading text, as Obsidian does", () => {
		const parsed = parseNote("## See [[Other]]\n");
		expect(parsed.headings).toEqual([{ heading: "See [[Other]]", level: 2 }]);
		expect(parsed.links.map((l) => l.link)).toEqual(["Other"]);
	});

	it("ignores headings in quotes and code", () => {
		expect(parseNote("> # quoted\n```\n# code\n```\n").headings).toEqual([]);
	});
});

describe("block ids", () => {
	it("reads ^id at the end of a line", () => {
		expect(parseNote("Para ^para-1\n- item ^item\n^alone\nnot^glued\n`code ^x`\ntrailing ^sp   \n").blocks).toEqual([
			"para-1",
			"item",
			"alone",
			"sp",
		]);
	});
});

describe("code, comments and HTML", () => {
	it("skips backtick and tilde fences of any length and indentation", () => {
		const content = [
			"```",
			"[[in1]]",
			"```",
			"~~~~",
			"```",
			"[[in2]]",
			"~~~~",
			"- item",
			"  ```js",
			"  [[in3]]",
			"  ```",
			"[[out]]",
		].join("\n");
		expect(links(content)).toEqual(["out"]);
	});

	it("needs a closing fence at least as long as the opening one, without an info string", () => {
		expect(links("````\n```\n[[in]]\n```js\n````\n[[out]]\n")).toEqual(["out"]);
	});

	it("ends a fence opened in a list item when the item ends", () => {
		expect(links("- item\n  ```\n  [[in]]\n- next [[out]]\n")).toEqual(["out"]);
	});

	it("skips code spans of any backtick run length", () => {
		expect(links("`[[a]]` ``[[b]] ` [[c]]`` ```x``` [[d]] `unclosed [[e]]\n")).toEqual(["d", "e"]);
	});

	it("skips indented code blocks but not indented list content", () => {
		expect(links("Para\n\n    [[code]]\n\n- item\n\n    [[continued]]\n")).toEqual(["continued"]);
	});

	it("skips HTML comments, inline and across lines, and HTML blocks", () => {
		const content =
			"a <!-- [[c1]] --> [[k1]]\n<!--\n[[c2]]\n\n[[c3]]\n-->\nb <!-- open\n[[c4]]\n--> [[k2]]\n<div>\n[[c5]]\n</div>\n\n[[k3]]\n";
		expect(links(content)).toEqual(["k1", "k2", "k3"]);
	});

	it("reads links inside %% comments, as Obsidian's metadata cache does", () => {
		expect(links("%% [[inline]] %%\n%%\n[[block]]\n%%\n")).toEqual(["inline", "block"]);
	});

	it("skips math blocks", () => {
		expect(links("$$\n[[in]]\n$$\n[[out]]\n")).toEqual(["out"]);
	});
});

describe("inline fields", () => {
	it("reads Dataview fields in every form, several links per value", () => {
		const parsed = parseNote(
			"caused_by:: [[A]], [[B]]\n- item\n\t- supports:: [[C]]\n- [ ] task [derived_from:: [[D]]] and (contradicts:: [[E]]) [[F]]\n**Caused by**:: [[G]]\n",
		);
		expect(parsed.inlineFieldLinks.map((l) => [l.key, l.link])).toEqual([
			["caused_by", "A"],
			["caused_by", "B"],
			["supports", "C"],
			["derived_from", "D"],
			["contradicts", "E"],
			["Caused by", "G"],
		]);
		expect(links("caused_by:: [[A]]\n")).toEqual(["A"]);
	});

	it("gives a nested field's link to the innermost field", () => {
		expect(parseNote("outer:: text [inner:: [[X]]] [[Y]]\n").inlineFieldLinks.map((l) => [l.key, l.link])).toEqual([
			["inner", "X"],
			["outer", "Y"],
		]);
	});

	it("ignores fields in code and single colons", () => {
		expect(parseNote("`k:: [[A]]`\nnote: [[B]]\n```\nk:: [[C]]\n```\n").inlineFieldLinks).toEqual([]);
	});
});
