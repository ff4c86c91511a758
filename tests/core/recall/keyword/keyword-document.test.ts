import { describe, expect, it } from "vitest";
import { keywordDocument, noteTitle, readableText } from "../../../../src/core/recall/keyword/keyword-document";
import { parseNote } from "../../../../src/core/parse/parse-note";
import { KeywordIndex } from "../../../../src/core/recall/keyword/keyword-index";

function documentOf(path: string, content: string, maxBodyChars?: number) {
	return keywordDocument(path, content, parseNote(content), maxBodyChars === undefined ? undefined : { maxBodyChars });
}

describe("keywordDocument", () => {
	it("takes title, aliases, headings and tags from the note and leaves the frontmatter out of the body", () => {
		const content = [
			"---",
			"aliases: [Budget plan]",
			"tags: [finance/q3]",
			"secret_property: frontmatterword",
			"---",
			"# Costs",
			"We cut the #travel budget.",
		].join("\n");
		const doc = documentOf("Projects/Plan v2.md", content);
		expect(doc).toEqual({
			id: "Projects/Plan v2.md",
			title: "Plan v2",
			aliases: ["Budget plan"],
			headings: ["Costs"],
			tags: ["finance/q3", "travel"],
			body: "# Costs\nWe cut the #travel budget.",
		});
	});

	it("keeps what a reader sees of links and drops their syntax", () => {
		expect(readableText("See [[Plan|the plan]], [[Notes/Retro#Actions]] and ![[Chart.png]].")).toBe(
			"See the plan, Notes/Retro Actions and Chart.png.",
		);
		expect(
			readableText('A [[Log#^abc123]] ref and [docs](https://x.org/a%20b.md) <span class="k">here</span> ^blockid'),
		).toBe("A Log ref and docs  here ");
	});

	it("leaves out a file name that only repeats the body's first words, and keeps a chosen one", () => {
		const generated = documentOf(
			"Memories/Caroline I went to a support group yesterday.md",
			"Caroline: I went to a support group yesterday.\n",
		);
		expect(generated.title).toBe("");
		expect(generated.body).toBe("Caroline: I went to a support group yesterday.\n");
		expect(documentOf("Memories/Support group.md", "Caroline: I went to a support group yesterday.\n").title).toBe(
			"Support group",
		);
	});

	it("scores a word in a memory's first words like the same word further on", () => {
		const index = new KeywordIndex();
		for (const [path, content] of [
			[
				"M/Melanie We went camping last weekend and the kids loved.md",
				"Melanie: We went camping last weekend and the kids loved the lake.",
			],
			[
				"M/Caroline The lake trip was great and the kids loved going.md",
				"Caroline: The lake trip was great and the kids loved going camping.",
			],
		])
			index.add(documentOf(path, content));
		const [first, second] = index.match("camping");
		expect(second.score).toBeGreaterThan(0);
		expect(first.score).toBeCloseTo(second.score, 9);
	});

	it("names a note by its file name", () => {
		expect(noteTitle("a/b/Meeting notes.md")).toBe("Meeting notes");
		expect(noteTitle("Top.MD")).toBe("Top");
	});

	it("caps a 20 MB body at the body limit", () => {
		const frontmatter = "---\ntitle: big\n---\n";
		const content = `${frontmatter}${"word ".repeat(4 * 1024 * 1024)}`;
		expect(content.length).toBeGreaterThan(20 * 1024 * 1024);
		// Parsing 20 MB is the parser's business; the frontmatter alone gives the same bodyStart.
		const parsed = parseNote(frontmatter);
		expect(keywordDocument("Big.md", content, parsed).body.length).toBe(200_000);
		expect(keywordDocument("Big.md", content, parsed, { maxBodyChars: 1000 }).body).toBe("word ".repeat(200));
	});

	it("never cuts a surrogate pair in half", () => {
		const body = documentOf("Emoji.md", "ab😀cd", 3).body;
		expect(body).toBe("ab");
	});
});
