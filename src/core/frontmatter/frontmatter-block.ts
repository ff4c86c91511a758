/**
 * Where the YAML frontmatter sits in a note. Offsets index the note's string; a leading BOM is
 * kept outside the block so it stays the first character whatever happens to the block.
 */
export interface FrontmatterBlock {
	/** Offset of the opening `---` (1 when the note starts with a BOM, else 0). */
	start: number;
	/** Offset of the first YAML character, just after the opening line's line break. */
	yamlStart: number;
	/** Offset of the closing `---` line; the YAML is `content.slice(yamlStart, yamlEnd)`. */
	yamlEnd: number;
	/** Offset where the body begins, after the closing line and its line break. */
	bodyStart: number;
	/** Line break used by the opening line. */
	eol: "\n" | "\r\n";
}

const BOM = "\uFEFF";
const OPENING = /^---[ \t\r]*\n/;
// Same fence rule as the parser's locateFrontmatter: `---` then only spaces, tabs or "\r" on the
// line. Lines end at "\n" (a lone "\r" is not a line break), hence no `m` flag.
const CLOSING = /\n---[ \t\r]*(?:\n|(?![\s\S]))/g;

/**
 * Finds the frontmatter block the way Obsidian does: the note (after an optional BOM) starts
 * with a `---` line and a later line is `---`. Null when there is no complete block.
 */
export function readFrontmatterBlock(content: string): FrontmatterBlock | null {
	const start = content.startsWith(BOM) ? BOM.length : 0;
	const opening = OPENING.exec(content.slice(start));
	if (!opening) return null;
	const yamlStart = start + opening[0].length;
	// Start at the opening line's "\n" so an empty block (`---` right after it) is found.
	CLOSING.lastIndex = yamlStart - 1;
	const closing = CLOSING.exec(content);
	if (!closing) return null;
	return {
		start,
		yamlStart,
		yamlEnd: closing.index + 1,
		bodyStart: closing.index + closing[0].length,
		eol: opening[0].endsWith("\r\n") ? "\r\n" : "\n",
	};
}
