import { parseNote } from "../src/core/parse/parse-note";
import { chunkNote } from "../src/core/recall/chunk";
import { possibleConflicts } from "../src/core/recall/conflicts";
import { keywordDocument } from "../src/core/recall/keyword-document";
import { bodyText, snippetOf } from "../src/core/recall/recall-hits";
import { tokenize } from "../src/core/recall/tokenize";

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
