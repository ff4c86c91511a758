import { isWhitespace } from "./tag-grammar";

/** Block-level syntax of one line, each check a short scan from the line's first non-blank character. */

const SPACE = 32;
const TAB = 9;

function isSpaceOrTab(code: number): boolean {
	return code === SPACE || code === TAB;
}

/** `>` quote markers at the start of a line: how many, and where the quoted content starts. */
export function quotePrefix(line: string): { depth: number; contentStart: number } {
	let depth = 0;
	let i = 0;
	for (;;) {
		let j = i;
		while (j < i + 3 && line.charCodeAt(j) === SPACE) j++;
		if (line.charCodeAt(j) !== 62 /* > */) return { depth, contentStart: i };
		depth++;
		i = j + 1;
		if (isSpaceOrTab(line.charCodeAt(i))) i++;
	}
}

/** Leading indentation from `from`, in columns (tabs to the next multiple of 4). */
export function indentation(line: string, from: number): { columns: number; textStart: number } {
	let columns = 0;
	let i = from;
	for (; i < line.length; i++) {
		const code = line.charCodeAt(i);
		if (code === SPACE) columns++;
		else if (code === TAB) columns += 4 - (columns % 4);
		else break;
	}
	return { columns, textStart: i };
}

export interface FenceMarker {
	marker: number;
	length: number;
}

/** A code fence opening at `at`: three or more backticks (no backtick in the info string) or tildes. */
export function fenceOpening(line: string, at: number): FenceMarker | null {
	const marker = line.charCodeAt(at);
	if (marker !== 96 /* ` */ && marker !== 126 /* ~ */) return null;
	let length = 0;
	while (line.charCodeAt(at + length) === marker) length++;
	if (length < 3) return null;
	if (marker === 96 && line.indexOf("`", at + length) >= 0) return null;
	return { marker, length };
}

/** A closing fence: at least as long as the opening one, nothing but spaces after it. */
export function closesFence(line: string, at: number, fence: FenceMarker): boolean {
	let i = at;
	while (line.charCodeAt(i) === fence.marker) i++;
	if (i - at < fence.length) return false;
	for (; i < line.length; i++) if (!isWhitespace(line.charCodeAt(i))) return false;
	return true;
}

/** An ATX heading (`## Title ##`) starting at `at`: its level and text without the closing run. */
export function atxHeading(line: string, at: number): { level: number; text: string; textFrom: number } | null {
	let level = 0;
	while (line.charCodeAt(at + level) === 35 /* # */) level++;
	if (level < 1 || level > 6) return null;
	const after = at + level;
	if (after < line.length && !isSpaceOrTab(line.charCodeAt(after))) return null;
	let text = line.slice(after).trim();
	let end = text.length;
	while (end > 0 && text.charCodeAt(end - 1) === 35) end--;
	if (end === 0) text = "";
	else if (end < text.length && isSpaceOrTab(text.charCodeAt(end - 1))) text = text.slice(0, end).trim();
	return { level, text, textFrom: after };
}

/** `===` or `---` (any length, trailing spaces allowed): the underline of a setext heading. */
export function setextLevel(line: string, at: number): number | null {
	const marker = line.charCodeAt(at);
	if (marker !== 61 /* = */ && marker !== 45 /* - */) return null;
	let i = at;
	while (line.charCodeAt(i) === marker) i++;
	for (; i < line.length; i++) if (!isSpaceOrTab(line.charCodeAt(i)) && line.charCodeAt(i) !== 13) return null;
	return marker === 61 ? 1 : 2;
}

/** `***`, `---`, `___`, spaces allowed between the marks. */
export function isThematicBreak(line: string, at: number): boolean {
	const marker = line.charCodeAt(at);
	if (marker !== 42 && marker !== 45 && marker !== 95) return false;
	let count = 0;
	for (let i = at; i < line.length; i++) {
		const code = line.charCodeAt(i);
		if (code === marker) count++;
		else if (!isSpaceOrTab(code)) return false;
	}
	return count >= 3;
}

/** A list item marker (`-`, `+`, `*`, `1.`, `1)`) followed by a space or the end of the line. */
export function isListItem(line: string, at: number): boolean {
	const code = line.charCodeAt(at);
	let next = at + 1;
	if (code !== 45 && code !== 43 && code !== 42) {
		let digits = 0;
		while (digits < 10 && line.charCodeAt(at + digits) >= 48 && line.charCodeAt(at + digits) <= 57) digits++;
		if (digits === 0 || digits > 9) return false;
		const delimiter = line.charCodeAt(at + digits);
		if (delimiter !== 46 /* . */ && delimiter !== 41 /* ) */) return false;
		next = at + digits + 1;
	}
	return next >= line.length || isSpaceOrTab(line.charCodeAt(next));
}

function isBlockIdChar(code: number): boolean {
	return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 45;
}

/** The `^id` at the end of a line (after whitespace or at the content start), without the caret. */
export function trailingBlockId(line: string, from: number): string | null {
	let end = line.length;
	while (end > from && isWhitespace(line.charCodeAt(end - 1))) end--;
	let start = end;
	while (start > from && isBlockIdChar(line.charCodeAt(start - 1))) start--;
	const caret = start - 1;
	if (start === end || caret < from || line.charCodeAt(caret) !== 94 /* ^ */) return null;
	if (caret > from && !isWhitespace(line.charCodeAt(caret - 1))) return null;
	return line.slice(start, end);
}
