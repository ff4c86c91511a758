import { describe, expect, it } from "vitest";
import { chunkNote, estimateTokens } from "../../../../src/core/recall/vector/chunk";
import { fnv1a64 } from "../../../../src/core/util/content-hash";

const words = (count: number, word = "alpha"): string => Array.from({ length: count }, () => word).join(" ");

describe("estimateTokens", () => {
	it("counts words, symbols and CJK characters", () => {
		expect(estimateTokens("")).toBe(0);
		expect(estimateTokens("The dog barked.")).toBe(4);
		// 11 letters: 1 + ceil(5 / 4)
		expect(estimateTokens("information")).toBe(3);
		expect(estimateTokens("记忆系统")).toBe(4);
		expect(estimateTokens("a-b")).toBe(3);
	});
});

describe("fnv1a64", () => {
	it("matches the published FNV-1a 64 test vectors over UTF-8", () => {
		expect(fnv1a64("")).toBe("cbf29ce484222325");
		expect(fnv1a64("a")).toBe("af63dc4c8601ec8c");
		expect(fnv1a64("foobar")).toBe("85944171f73967e8");
	});

	it("hashes non-ASCII text by its UTF-8 bytes", () => {
		expect(fnv1a64("é")).not.toBe(fnv1a64("e"));
		expect(fnv1a64("😀")).toHaveLength(16);
		expect(fnv1a64("\ud800")).toBe(fnv1a64("\ufffd"));
	});
});

describe("chunkNote", () => {
	it("makes one chunk per heading section, with the title and heading path first", () => {
		const body = "Intro line.\n\n# Plan\n\nShip it.\n\n## Risks\n\nThe budget.\n\n# Outcome\n\nShipped.";
		const chunks = chunkNote({ title: "Launch", body }, { maxTokens: 256 });
		expect(chunks.map(({ index, headingPath, text }) => ({ index, headingPath, text }))).toEqual([
			{ index: 0, headingPath: [], text: "Launch\nIntro line." },
			{ index: 1, headingPath: ["Plan"], text: "Launch › Plan\nShip it." },
			{ index: 2, headingPath: ["Plan", "Risks"], text: "Launch › Plan › Risks\nThe budget." },
			{ index: 3, headingPath: ["Outcome"], text: "Launch › Outcome\nShipped." },
		]);
		for (const chunk of chunks) expect(chunk.hash).toBe(fnv1a64(chunk.text));
	});

	it("skips empty sections and does not repeat a first heading equal to the title", () => {
		const chunks = chunkNote(
			{ title: "Launch", body: "# Launch\n\nText.\n\n## Empty\n\n## Full\nMore." },
			{ maxTokens: 256 },
		);
		expect(chunks.map((chunk) => chunk.text)).toEqual(["Launch\nText.", "Launch › Full\nMore."]);
		expect(chunks[1].headingPath).toEqual(["Launch", "Full"]);
	});

	it("ignores heading-like lines inside code fences and indented code", () => {
		const body = "Before\n```sh\n# not a heading\n```\n    # indented code\n# Real";
		const chunks = chunkNote({ title: "T", body: `${body}\nAfter` }, { maxTokens: 256 });
		expect(chunks.map((chunk) => chunk.headingPath)).toEqual([[], ["Real"]]);
		expect(chunks[0].text).toContain("# not a heading");
	});

	it("gives a note without body text one chunk of its title", () => {
		expect(chunkNote({ title: "Only a title", body: "\n\n  \n" }, { maxTokens: 256 })).toEqual([
			{ index: 0, headingPath: [], text: "Only a title", hash: fnv1a64("Only a title") },
		]);
	});

	it("reduces links to the text a reader sees and drops comments and block ids", () => {
		const body =
			"See [[Projects/Plan|the plan]] and [[Budget#Q3]] or [docs](https://example.com/x). %%hidden%% <!-- gone -->\nA line ^block-1";
		const [chunk] = chunkNote({ title: "T", body }, { maxTokens: 256 });
		expect(chunk.text).toBe("T\nSee the plan and Budget Q3 or docs.  \nA line");
	});

	it("cuts a long section at paragraphs so every chunk fits the window", () => {
		const paragraphs = Array.from({ length: 6 }, (_, i) => `${words(30)} p${i}.`);
		const chunks = chunkNote({ title: "Long", body: paragraphs.join("\n\n") }, { maxTokens: 80 });
		expect(chunks.length).toBeGreaterThan(2);
		for (const chunk of chunks) expect(estimateTokens(chunk.text) + 2).toBeLessThanOrEqual(80);
		// Paragraphs stay whole, in order, and none is lost.
		expect(chunks.map((chunk) => chunk.text.replace(/^Long\n/, "")).join("\n\n")).toBe(paragraphs.join("\n\n"));
	});

	it("falls back to sentences, words and characters for text without paragraph breaks", () => {
		const sentence = `${words(20, "beta")}.`;
		const oneParagraph = Array.from({ length: 10 }, () => sentence).join(" ");
		const hugeWord = "x".repeat(3000);
		for (const body of [oneParagraph, words(500), hugeWord]) {
			const chunks = chunkNote({ title: "T", body }, { maxTokens: 64 });
			expect(chunks.length).toBeGreaterThan(1);
			for (const chunk of chunks) expect(estimateTokens(chunk.text) + 2).toBeLessThanOrEqual(64);
		}
	});

	it("uses the token counter it is given", () => {
		const countCharacters = (text: string): number => text.length;
		const chunks = chunkNote(
			{ title: "T", body: "aaaa bbbb cccc dddd eeee" },
			{ maxTokens: 16, countTokens: countCharacters },
		);
		for (const chunk of chunks) expect(chunk.text.length + 2).toBeLessThanOrEqual(16);
		expect(chunks.map((chunk) => chunk.text)).toEqual(["T\naaaa bbbb", "T\ncccc dddd", "T\neeee"]);
	});

	it("shortens a heading path that would crowd out the text", () => {
		const title = words(200, "title");
		const [chunk] = chunkNote({ title, body: "Body text." }, { maxTokens: 64 });
		expect(estimateTokens(chunk.text) + 2).toBeLessThanOrEqual(64);
		expect(chunk.text.endsWith("\nBody text.")).toBe(true);
	});

	it("changes only the hashes of the sections that changed", () => {
		const before = chunkNote({ title: "N", body: "# A\none\n# B\ntwo" }, { maxTokens: 256 });
		const after = chunkNote({ title: "N", body: "# A\none\n# B\ntwo, edited" }, { maxTokens: 256 });
		expect(after[0].hash).toBe(before[0].hash);
		expect(after[1].hash).not.toBe(before[1].hash);
	});
});
