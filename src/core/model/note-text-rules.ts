/**
 * What text a note may hold, shared by the index (which skips what it cannot read as markdown)
 * and the writer (which refuses, before writing, anything the index would skip, so a stored
 * memory is always findable).
 */

/** A NUL marks a binary file: the index skips it. */
export function isBinaryText(text: string): boolean {
	return text.includes("\u0000");
}

/**
 * Characters a note written through MCP may not hold: control characters other than tab and
 * line breaks (NUL makes the file binary to the index; the others are invisible in the editor
 * and garble YAML, diffs and terminals), and lone UTF-16 surrogates (UTF-8 cannot hold them, so
 * the file would differ from what was stored). Refused rather than stripped: the memory is kept
 * exactly as sent or not at all.
 */
const REFUSED_CHARACTER = /\p{Cs}|(?![\t\n\r])\p{Cc}/u;

export interface RefusedCharacter {
	/** Position in the text, in UTF-16 code units from 0. */
	index: number;
	/** E.g. "U+0000 (NUL)". */
	name: string;
}

/** The first character of `text` a note may not hold, or null when it may hold all of them. */
export function refusedCharacter(text: string): RefusedCharacter | null {
	const match = REFUSED_CHARACTER.exec(text);
	if (!match) return null;
	const code = match[0].charCodeAt(0);
	const hex = `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
	return { index: match.index, name: `${hex} (${characterName(code)})` };
}

function characterName(code: number): string {
	if (code === 0) return "NUL";
	if (code >= 0xd800 && code <= 0xdfff) return "a lone surrogate";
	return "a control character";
}

/**
 * Characters that reorder how text is shown (bidi controls like U+202E, which can make
 * `evil‮dm.exe` look like another name): left out of the file names the writer makes.
 */
const BIDI_CONTROLS = /\p{Bidi_Control}/gu;

export function withoutBidiControls(text: string): string {
	return text.replace(BIDI_CONTROLS, "");
}
