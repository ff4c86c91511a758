import type { ParsedNote } from "../../model/parsed-note";
import { DEFAULT_KEYWORD_SETTINGS } from "../../model/keyword-settings";
import { isTitleFromText } from "../content-title";

/** Bump whenever the same note gives another document (see indexSignature): keyword caches are rebuilt. */
export const KEYWORD_DOCUMENT_VERSION = 2;

/** What the keyword index sees of one note. */
export interface KeywordDocument {
	/** The note's vault path (node id). */
	id: string;
	/** File name without folder and `.md`; "" for a name made of the body's first words (see keywordDocument). */
	title: string;
	aliases: string[];
	headings: string[];
	/** Frontmatter and inline tags without `#` (`project/alpha`). */
	tags: string[];
	/** Text after the frontmatter with link syntax reduced to what a reader sees. */
	body: string;
}

export interface KeywordDocumentLimits {
	/** Characters of body kept (see the `maxBodyChars` keyword setting). */
	maxBodyChars: number;
}

// `[[target#heading|alias]]` and `![[embed]]`: the alias, else the target and heading (a block id is dropped).
// No part may contain "[": each try then stops at the next bracket, so a long run of "[" costs linear time.
const WIKILINK = /!?\[\[([^[\]|\n]*)(?:\|([^[\]\n]*))?\]\]/g;
const BLOCK_REF = /#\^.*$/;
// `[text](url)` and `![alt](url)`: the text; the URL is noise for keywords.
// Likewise the text stops at "[" and the URL at "(", and a tag at "<".
const MARKDOWN_LINK = /!?\[([^[\]\n]*)\]\([^()\n]*\)/g;
const HTML_TAG = /<\/?[A-Za-z][^<>\n]*>/g;
// A block id at the end of a line (`... ^a1b2c3`).
const BLOCK_ID = / \^[A-Za-z0-9-]+$/gm;

/**
 * Turns a parsed note into the document the keyword index stores. The body is cut to
 * `maxBodyChars` before any other work, so a 20 MB note costs no more than a 200 KB one.
 *
 * A file name that only repeats the body's first words (the name the writer gives a memory
 * stored without a title) is left out: its words are in the body already, and boosted as a
 * title they would favour words by where they stand and short memories over long ones.
 */
export function keywordDocument(
	path: string,
	content: string,
	parsed: ParsedNote,
	limits: KeywordDocumentLimits = DEFAULT_KEYWORD_SETTINGS,
): KeywordDocument {
	const title = noteTitle(path);
	const body = readableText(cut(content, parsed.bodyStart, limits.maxBodyChars));
	return {
		id: path,
		title: isTitleFromText(title, body) ? "" : title,
		aliases: parsed.aliases,
		headings: parsed.headings.map((h) => h.heading),
		tags: parsed.allTags.map((tag) => (tag.startsWith("#") ? tag.slice(1) : tag)),
		body,
	};
}

/** `Projects/Plan v2.md` → `Plan v2`. */
export function noteTitle(path: string): string {
	const name = path.slice(path.lastIndexOf("/") + 1);
	return name.toLowerCase().endsWith(".md") ? name.slice(0, -3) : name;
}

/** Link syntax, HTML tags and block ids removed; link text kept. */
export function readableText(markdown: string): string {
	return markdown
		.replace(
			WIKILINK,
			(_, target: string, alias: string | undefined) => alias ?? target.replace(BLOCK_REF, "").replace(/#/g, " "),
		)
		.replace(MARKDOWN_LINK, "$1")
		.replace(HTML_TAG, " ")
		.replace(BLOCK_ID, "");
}

function cut(content: string, start: number, maxChars: number): string {
	const end = Math.min(content.length, start + maxChars);
	// Never end on half a surrogate pair.
	const safeEnd = end < content.length && isHighSurrogate(content.charCodeAt(end - 1)) ? end - 1 : end;
	return content.slice(start, safeEnd);
}

function isHighSurrogate(code: number): boolean {
	return code >= 0xd800 && code <= 0xdbff;
}
