/**
 * Obsidian's tag grammar. A tag body is any run of characters that are not whitespace, not in the
 * General/Supplemental Punctuation blocks (U+2000–206F, U+2E00–2E7F) and not one of
 * ``'!"#$%&()*+,.:;<=>?@^`{|}~[]\``; letters of any script, digits, `_`, `-`, `/` and emoji are
 * allowed. A body made only of digits (`#1984`) is not a tag.
 */

const ASCII_EXCLUDED = "'!\"#$%&()*+,.:;<=>?@^`{|}~[]\\";
const asciiTagChar: boolean[] = [];
for (let code = 0; code < 128; code++) {
	asciiTagChar.push(code > 32 && code !== 127 && !ASCII_EXCLUDED.includes(String.fromCharCode(code)));
}

/** JavaScript's `\s` outside ASCII (NBSP, Ogham space, U+2000–200A, line/paragraph separators, …). */
function isUnicodeSpace(code: number): boolean {
	return (
		code === 0xa0 ||
		code === 0x1680 ||
		(code >= 0x2000 && code <= 0x200a) ||
		code === 0x2028 ||
		code === 0x2029 ||
		code === 0x202f ||
		code === 0x205f ||
		code === 0x3000 ||
		code === 0xfeff
	);
}

export function isWhitespace(code: number): boolean {
	return code <= 32 || code === 127 || (code > 127 && isUnicodeSpace(code));
}

export function isTagChar(code: number): boolean {
	if (code < 128) return asciiTagChar[code];
	if (isUnicodeSpace(code)) return false;
	return !((code >= 0x2000 && code <= 0x206f) || (code >= 0x2e00 && code <= 0x2e7f));
}

/** End (exclusive) of the tag body that starts at `from` (the character after `#`). */
export function tagBodyEnd(text: string, from: number): number {
	let end = from;
	while (end < text.length && isTagChar(text.charCodeAt(end))) end++;
	return end;
}

function isAllDigits(text: string, from: number, to: number): boolean {
	for (let i = from; i < to; i++) {
		const code = text.charCodeAt(i);
		if (code < 48 || code > 57) return false;
	}
	return true;
}

/** True when `text[from, to)` is a valid tag body (non-empty, not only digits). */
export function isTagBody(text: string, from: number, to: number): boolean {
	return to > from && !isAllDigits(text, from, to);
}

/**
 * A frontmatter tag value as getAllTags reports it: `#` prefixed, or null when Obsidian drops it.
 * Strings are not split: `tags: a, b` is one invalid tag, as in Obsidian.
 */
export function normaliseFrontmatterTag(value: unknown): string | null {
	if (typeof value !== "string") return null;
	const body = value.trim().replace(/^#/, "");
	if (tagBodyEnd(body, 0) !== body.length || !isTagBody(body, 0, body.length)) return null;
	return `#${body}`;
}
