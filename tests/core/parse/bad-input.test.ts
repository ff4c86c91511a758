import { describe, expect, it, vi } from "vitest";
import { parseNote } from "../../../src/core/parse/parse-note";

/** Deterministic bytes, so a failure can be replayed. */
function bytes(count: number, seed: number): Uint8Array {
	const out = new Uint8Array(count);
	let state = seed;
	for (let i = 0; i < count; i++) {
		state = (Math.imul(state, 1103515245) + 12345) >>> 0;
		out[i] = state >>> 24;
	}
	return out;
}

describe("parseNote on bad input", () => {
	it("reads binary garbage decoded as UTF-8 (replacement characters) without throwing", () => {
		const content = new TextDecoder("utf-8").decode(bytes(2_000_000, 7));
		expect(content).toContain("\uFFFD");
		const parsed = parseNote(content);
		for (const link of [...parsed.links, ...parsed.embeds]) expect(content).toContain(link.original);
		for (const { tag } of parsed.tags) expect(content).toContain(tag);
	});

	it("reads NUL bytes, lone surrogates and control characters", () => {
		const parsed = parseNote("\u0000[[a\u0000b]] #t\uD800ag \uDC00 [[\uDFFF]]\u0007 #x\n");
		expect(parsed.links.map((l) => l.link)).toEqual(["a\u0000b", "\uDFFF"]);
		expect(parsed.tags.map((t) => t.tag)).toEqual(["#t\uD800ag", "#x"]);
	});

	it("reads a 20 MB note completely", () => {
		const chunk = "Some words #tag and [[Target|t]] then `code [[no]]` and [md](Other%20Note.md).\n\n";
		const repeats = Math.ceil(20_000_000 / chunk.length);
		const parsed = parseNote(chunk.repeat(repeats));
		expect(parsed.links.length).toBe(repeats * 2);
		expect(parsed.links[1]).toEqual({ link: "Other Note.md", original: "[md](Other%20Note.md)", displayText: "md" });
		expect(parsed.tags.length).toBe(repeats);
	});

	it("reads a 20 MB single line", () => {
		const stretch = `${"word ".repeat(199)}[[Link]] `;
		const parsed = parseNote(stretch.repeat(Math.ceil(20_000_000 / stretch.length)));
		expect(parsed.links.length).toBe(Math.ceil(20_000_000 / stretch.length));
	});

	it.each([
		["opening brackets", "[[".repeat(2_000_000)],
		["link starts", "[a](".repeat(1_000_000)],
		["link middles", "](".repeat(2_000_000)],
		["backtick runs", Array.from({ length: 3000 }, (_, i) => "`".repeat(i + 1) + "x").join("")],
		["dollars", "$a ".repeat(1_000_000)],
		["hashes", "#".repeat(4_000_000)],
		["comment openers", "<!--".repeat(1_000_000)],
		["field openers", "(k:: ".repeat(1_000_000)],
		["quote markers", "> ".repeat(2_000_000)],
		["angle destinations", "[a](<".repeat(1_000_000)],
	])("reads a hostile line of %s", (_name, line) => {
		const parsed = parseNote(line);
		expect(parsed.links).toEqual([]);
	});

	it("keeps the body when the frontmatter is invalid in several ways", () => {
		for (const yaml of ["key: [unclosed", "\tbad: indent", "a: *undefined_alias", "a: 'unclosed", "a: b: c"]) {
			const parsed = parseNote(`---\n${yaml}\n---\n[[Body]]\n`);
			expect(parsed.frontmatterError, yaml).toMatch(/^Frontmatter (is not valid YAML|must be|could not be read)/);
			expect(
				parsed.links.map((l) => l.link),
				yaml,
			).toEqual(["Body"]);
		}
	});

	it("refuses a YAML alias bomb instead of expanding it", () => {
		const bomb = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
		for (let i = 1; i < 12; i++)
			bomb.push(
				`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10)
					.fill(`*${String.fromCharCode(96 + i)}`)
					.join(", ")}]`,
			);
		const parsed = parseNote(`---\n${bomb.join("\n")}\n---\n[[Body]]\n`);
		expect(parsed.frontmatterError).toMatch(/^Frontmatter could not be read: .*alias/i);
		expect(parsed.links.map((l) => l.link)).toEqual(["Body"]);
	});

	it("reads YAML with a collection as a key without printing a warning", () => {
		const warn = vi.spyOn(process, "emitWarning").mockImplementation(() => undefined);
		const consoleWarn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
		const parsed = parseNote("---\n? [complex]\n: key\n---\n");
		expect(parsed.frontmatter).toEqual({ "[ complex ]": "key" });
		expect(warn).not.toHaveBeenCalled();
		expect(consoleWarn).not.toHaveBeenCalled();
		vi.restoreAllMocks();
	});

	it("survives deeply nested frontmatter", () => {
		const parsed = parseNote(`---\nk: ${"[".repeat(5000)}${"]".repeat(5000)}\n---\n[[Body]]\n`);
		expect(parsed.links.map((l) => l.link)).toEqual(["Body"]);
	});

	it("treats unclosed fences, comments and math as running to the end", () => {
		expect(parseNote("[[a]]\n```\n[[b]]\n").links.map((l) => l.link)).toEqual(["a"]);
		expect(parseNote("[[a]]\n<!--\n[[b]]\n\n[[c]]\n").links.map((l) => l.link)).toEqual(["a"]);
		expect(parseNote("[[a]]\n$$\n[[b]]\n").links.map((l) => l.link)).toEqual(["a"]);
		expect(parseNote("[[a]] %% [[b]]\n").links.map((l) => l.link)).toEqual(["a", "b"]);
	});

	it("keeps emoji, CJK and spaces in link targets and tags", () => {
		const parsed = parseNote("[[日記/2024 年 🎉|祝]] #タグ/子 [x](<My Note 😀.md>) ![[写真 1.png]]\n");
		expect(parsed.links.map((l) => [l.link, l.displayText])).toEqual([
			["日記/2024 年 🎉", "祝"],
			["My Note 😀.md", "x"],
		]);
		expect(parsed.embeds.map((l) => l.link)).toEqual(["写真 1.png"]);
		expect(parsed.tags.map((t) => t.tag)).toEqual(["#タグ/子"]);
	});

	it("reads an empty note and a note of only whitespace", () => {
		for (const content of ["", "\n", "   \n\t\n", "---", "---\n"]) {
			expect(parseNote(content)).toMatchObject({ links: [], tags: [], headings: [], blocks: [] });
		}
	});
});
