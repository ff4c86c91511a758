import { decodeDestination, isExternalDestination, readDestination } from "./markdown-link";
import { isTagBody, isWhitespace, tagBodyEnd } from "./tag-grammar";
import type { LinkRef } from "../model/parsed-note";
import { parseWikilinkInner } from "./wikilink";

const BACKSLASH = 92;
const BACKTICK = 96;
const DOLLAR = 36;
const OPEN_SQUARE = 91;
const CLOSE_SQUARE = 93;
const HASH = 35;
const LESS_THAN = 60;
const BANG = 33;

function isAsciiPunctuation(code: number): boolean {
	return (
		(code >= 33 && code <= 47) ||
		(code >= 58 && code <= 64) ||
		(code >= 91 && code <= 96) ||
		(code >= 123 && code <= 126)
	);
}

/** Characters after which Obsidian starts a new text token, so a `#` right after them can open a tag. */
function opensTagAfter(code: number): boolean {
	return isWhitespace(code) || code === 95 /* _ */ || code === 42 /* * */ || code === 124; /* | */
}

function isDigit(code: number): boolean {
	return code >= 48 && code <= 57;
}

/** Start index of each maximal backtick run, grouped by run length. */
function backtickRuns(line: string): Map<number, number[]> {
	const runs = new Map<number, number[]>();
	for (let i = line.indexOf("`"); i >= 0 && i < line.length;) {
		let end = i;
		while (line.charCodeAt(end) === BACKTICK) end++;
		const positions = runs.get(end - i);
		if (positions) positions.push(i);
		else runs.set(end - i, [i]);
		i = line.indexOf("`", end);
	}
	return runs;
}

/**
 * Scans lines of body text for wikilinks, embeds, markdown links and tags, skipping code spans,
 * inline math, escapes and HTML comments. Every search for a closing delimiter is memoised per
 * line, so a scan stays linear in the line length whatever the input. One instance is reused for
 * every line of a note; its arrays hold the findings of the last line scanned: each link, where
 * it starts in the line, and whether it is an embed (kept apart to spare an object per link).
 */
export class InlineScanner {
	readonly links: LinkRef[] = [];
	readonly starts: number[] = [];
	readonly embeds: boolean[] = [];
	readonly tags: string[] = [];
	/** `[` openers not yet closed: index × 2, plus 1 when preceded by `!`. */
	private readonly brackets: number[] = [];
	private runs: Map<number, number[]> | null = null;
	private runCursor: Map<number, number> | null = null;
	private wikiCloseMissing = false;
	private displayMathMissing = false;
	private mathCloserFrom = -1;
	private mathCloserAt = -1;
	/** Index right after a construct that ends a text token (escape, code, link, tag, comment). */
	private tokenEnd = 0;
	private line = "";
	private from = 0;
	/** Set when an inline `<!--` runs past the end of the line scanned last. */
	commentOpen = false;

	scan(line: string, from: number): void {
		this.line = line;
		this.from = from;
		this.tokenEnd = from;
		this.links.length = 0;
		this.starts.length = 0;
		this.embeds.length = 0;
		this.tags.length = 0;
		this.brackets.length = 0;
		this.runs = null;
		this.runCursor = null;
		this.wikiCloseMissing = false;
		this.displayMathMissing = false;
		this.mathCloserFrom = -1;
		this.mathCloserAt = -1;
		this.commentOpen = false;
		let i = from;
		while (i < line.length) {
			const code = line.charCodeAt(i);
			if (code === BACKSLASH) i = this.escape(i);
			else if (code === BACKTICK) i = this.codeSpan(i);
			else if (code === DOLLAR) i = this.math(i);
			else if (code === LESS_THAN) i = this.comment(i);
			else if (code === OPEN_SQUARE) i = this.openSquare(i);
			else if (code === CLOSE_SQUARE) i = this.closeSquare(i);
			else if (code === HASH) i = this.tag(i);
			else i++;
		}
	}

	private found(ref: LinkRef, start: number, embed: boolean): void {
		this.links.push(ref);
		this.starts.push(start);
		this.embeds.push(embed);
	}

	private escape(i: number): number {
		if (!isAsciiPunctuation(this.line.charCodeAt(i + 1))) return i + 1;
		this.tokenEnd = i + 2;
		return i + 2;
	}

	private codeSpan(i: number): number {
		const line = this.line;
		let end = i;
		while (line.charCodeAt(end) === BACKTICK) end++;
		const length = end - i;
		this.runs ??= backtickRuns(line);
		this.runCursor ??= new Map<number, number>();
		const positions = this.runs.get(length) ?? [];
		let cursor = this.runCursor.get(length) ?? 0;
		while (cursor < positions.length && positions[cursor] <= i) cursor++;
		this.runCursor.set(length, cursor);
		if (cursor >= positions.length) return end;
		this.tokenEnd = positions[cursor] + length;
		return this.tokenEnd;
	}

	/** `$…$` (opening `$` not followed by a space, closing `$` not preceded by one nor followed by a digit) and `$$…$$`. */
	private math(i: number): number {
		const line = this.line;
		if (line.charCodeAt(i + 1) === DOLLAR) {
			if (this.displayMathMissing) return i + 2;
			const close = line.indexOf("$$", i + 2);
			if (close < 0) {
				this.displayMathMissing = true;
				return i + 2;
			}
			this.tokenEnd = close + 2;
			return close + 2;
		}
		const next = line.charCodeAt(i + 1);
		if (i + 1 >= line.length || isWhitespace(next)) return i + 1;
		const close = this.mathCloser(i + 1);
		if (close < 0) return i + 1;
		this.tokenEnd = close + 1;
		return close + 1;
	}

	private mathCloser(from: number): number {
		if (this.mathCloserFrom >= 0 && (this.mathCloserAt < 0 || this.mathCloserAt >= from)) return this.mathCloserAt;
		const line = this.line;
		let found = -1;
		for (let q = line.indexOf("$", from); q >= 0; q = line.indexOf("$", q + 1)) {
			const before = line.charCodeAt(q - 1);
			if (!isWhitespace(before) && before !== BACKSLASH && before !== DOLLAR && !isDigit(line.charCodeAt(q + 1))) {
				found = q;
				break;
			}
		}
		this.mathCloserFrom = from;
		this.mathCloserAt = found;
		return found;
	}

	private comment(i: number): number {
		const line = this.line;
		if (!line.startsWith("<!--", i)) return i + 1;
		const close = line.indexOf("-->", i + 4);
		if (close < 0) {
			this.commentOpen = true;
			return line.length;
		}
		this.tokenEnd = close + 3;
		return close + 3;
	}

	private isEmbedMark(i: number): boolean {
		return i > 0 && this.line.charCodeAt(i - 1) === BANG && this.line.charCodeAt(i - 2) !== BACKSLASH;
	}

	private openSquare(i: number): number {
		const line = this.line;
		if (line.charCodeAt(i + 1) !== OPEN_SQUARE || this.wikiCloseMissing) {
			this.pushBracket(i);
			return i + 1;
		}
		const close = line.indexOf("]]", i + 2);
		if (close < 0) {
			this.wikiCloseMissing = true;
			this.pushBracket(i);
			this.pushBracket(i + 1);
			return i + 2;
		}
		const start = line.lastIndexOf("[[", close - 1);
		const embed = this.isEmbedMark(start);
		const original = line.slice(embed ? start - 1 : start, close + 2);
		const ref = parseWikilinkInner(line.slice(start + 2, close), original);
		if (!ref) {
			this.pushBracket(i);
			this.pushBracket(i + 1);
			return i + 2;
		}
		this.found(ref, embed ? start - 1 : start, embed);
		this.tokenEnd = close + 2;
		return close + 2;
	}

	private pushBracket(at: number): void {
		this.brackets.push(at * 2 + (this.isEmbedMark(at) ? 1 : 0));
	}

	private closeSquare(i: number): number {
		const opener = this.brackets.pop();
		if (opener === undefined || this.line.charCodeAt(i + 1) !== 40 /* ( */) return i + 1;
		const dest = readDestination(this.line, i + 1);
		if (!dest || dest.raw === "" || isExternalDestination(dest.raw)) return i + 1;
		const at = Math.floor(opener / 2);
		const image = (opener & 1) === 1;
		const start = image ? at - 1 : at;
		const ref: LinkRef = {
			link: decodeDestination(dest.raw),
			original: this.line.slice(start, dest.end),
			displayText: this.line.slice(at + 1, i),
		};
		this.found(ref, start, image);
		this.brackets.length = 0;
		this.tokenEnd = dest.end;
		return dest.end;
	}

	/** In `_#tag_` the closing `_` ends the emphasis, not the tag: drop as many as opened it. */
	private withoutEmphasisCloser(hash: number, end: number): number {
		const line = this.line;
		let opened = 0;
		while (hash - opened > 0 && line.charCodeAt(hash - opened - 1) === 95 /* _ */) opened++;
		let trimmed = end;
		while (opened > 0 && trimmed > hash + 2 && line.charCodeAt(trimmed - 1) === 95) {
			trimmed--;
			opened--;
		}
		return trimmed;
	}

	private tag(i: number): number {
		const line = this.line;
		const startsToken = i === this.from || i === this.tokenEnd || opensTagAfter(line.charCodeAt(i - 1));
		if (!startsToken) return i + 1;
		const end = this.withoutEmphasisCloser(i, tagBodyEnd(line, i + 1));
		if (!isTagBody(line, i + 1, end)) return i + 1;
		this.tags.push(line.slice(i, end));
		this.tokenEnd = end;
		return end;
	}
}
