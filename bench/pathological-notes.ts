import { parseNote } from "../src/core/parse/parse-note";
import { chunkNote } from "../src/core/recall/vector/chunk";
import { possibleConflicts } from "../src/core/recall/conflicts/conflicts";
import { keywordDocument } from "../src/core/recall/keyword/keyword-document";
import { bodyText, snippetOf } from "../src/core/recall/recall-hits";
import { tokenize } from "../src/core/recall/keyword/tokenize";

/**
 * Notes built to make a backtracking regex or a quadratic check slow: one unit repeated to the
 * wanted size. Each unit opens a construct (a link, a tag, a code span, a field…) that never closes.
 */
const UNITS = [
	"[",
	"[[",
	"![",
	"](",
	"[a](",
	"[[a|",
	"[x](<",
	"[^",
	"<a",
	"<",
	"#",
	"#a",
	"::",
	"a::",
	"`",
	"```",
	"$",
	"$$",
	"%%",
	"|",
	"*",
	"_",
	"\\",
	"^a",
	"- ",
	"> ",
	"==",
	"~~",
	"http://",
	"$1",
	"not ",
	"a.",
	"a\n",
	"\n",
	" ",
	"&#",
] as const;

export interface PathologicalNote {
	name: string;
	content: string;
}

export function pathologicalNotes(size: number): PathologicalNote[] {
	const notes = UNITS.map((unit) => ({
		name: JSON.stringify(unit),
		content: unit.repeat(Math.ceil(size / unit.length)).slice(0, size),
	}));
	notes.push({ name: "frontmatter keys", content: frontmatterWithKeys(Math.floor(size / 12)) });
	return notes;
}

/** A frontmatter block of `count` distinct keys (`k0: 0` …) and a short body. */
export function frontmatterWithKeys(count: number): string {
	const lines = Array.from({ length: count }, (_, i) => `k${i}: ${i}`);
	return `---\n${lines.join("\n")}\n---\nbody\n`;
}

/** Everything the engine does with a note's text when it is indexed or stored, one stage at a time. */
export const STAGES: Readonly<Record<string, (content: string) => unknown>> = {
	parse: (content) => parseNote(content),
	keyword: (content) => {
		const document = keywordDocument("Note.md", content, parseNote(content), { maxBodyChars: content.length });
		return tokenize(document.body);
	},
	chunk: (content) => chunkNote({ title: "Note", body: content }, { maxTokens: 256 }),
	conflicts: (content) => possibleConflicts(content, [{ id: "Other.md", text: content }]),
	snippet: (content) => snippetOf(bodyText(content)),
};

/**
 * Notes that repeat one link-bearing construct `count` times, for the graph, the index and the
 * writer's link path (issue 29): quadratic work per link (copying what was gathered for the same
 * target at each new link) shows as seconds at tens of thousands. Each links to `Target` (or to
 * notes that do not exist) and lives beside `Target.md`.
 */
export const LINK_SHAPES: Readonly<Record<string, (count: number) => string>> = {
	"keys of one link": (count) => frontmatterOf(Array.from({ length: count }, (_, i) => `k${i}: "[[Target]]"`)),
	"list of one link": (count) =>
		frontmatterOf(["related:", ...Array.from({ length: count }, () => '  - "[[Target]]"')]),
	"same link, lines": (count) => "[[Target]]\n".repeat(count),
	"distinct links": (count) => Array.from({ length: count }, (_, i) => `[[Note ${i}]]`).join("\n"),
	"heading links": (count) => Array.from({ length: count }, (_, i) => `[[Target#Part ${i}]]`).join("\n"),
	"one line of links": (count) => "word [[Target]] ".repeat(count),
	embeds: (count) => "![[Target]]\n".repeat(count),
	headings: (count) => Array.from({ length: count }, (_, i) => `## Part ${i}\ntext`).join("\n"),
	"nested list": (count) => Array.from({ length: count }, (_, i) => `${"  ".repeat(i % 64)}- item ${i}`).join("\n"),
	"one long line": (count) => "a few words of text ".repeat(count),
	tags: (count) => Array.from({ length: count }, (_, i) => `#tag${i}`).join(" "),
	"block refs": (count) => Array.from({ length: count }, (_, i) => `line ^b${i}`).join("\n"),
};

function frontmatterOf(lines: readonly string[]): string {
	return `---\n${lines.join("\n")}\n---\nbody\n`;
}
