import { atxHeading, closesFence, fenceOpening, indentation, type FenceMarker } from "../../parse/line-syntax";
import { fnv1a64 } from "../../util/content-hash";
import { readableText } from "../keyword/keyword-document";

/** One piece of a note that gets its own embedding. */
export interface NoteChunk {
	/** Position in the note, from 0. */
	index: number;
	/** Headings above the chunk, outermost first (empty before the first heading). */
	headingPath: string[];
	/** What gets embedded: the title and heading path on the first line, then the chunk's text. */
	text: string;
	/** fnv1a64 of `text`; with the model id, the embedding cache key. */
	hash: string;
}

export interface ChunkOptions {
	/** Longest input of the model in tokens (the embedder's maxTokens). */
	maxTokens: number;
	/** Counts tokens the way the model's tokenizer does; defaults to `estimateTokens`. */
	countTokens?: (text: string) => number;
}

/** [CLS] and [SEP] take two places of the model's window. */
const SPECIAL_TOKENS = 2;
/** A longer title + heading line is shortened so that the chunk's own text keeps most of the window. */
const CONTEXT_SHARE = 0.25;

const SPACE = 0;
const WORD = 1;
const SYMBOL = 2;
const CJK = 3;
const ASCII_CLASS = Uint8Array.from({ length: 128 }, (_, code) =>
	code <= 32 ? SPACE : /[A-Za-z0-9_]/.test(String.fromCharCode(code)) ? WORD : code === 127 ? SPACE : SYMBOL,
);

function characterClass(character: string, code: number): number {
	if (code < 128) return ASCII_CLASS[code];
	if (
		(code >= 0x3040 && code <= 0x30ff) ||
		(code >= 0x3400 && code <= 0x4dbf) ||
		(code >= 0x4e00 && code <= 0x9fff) ||
		(code >= 0xac00 && code <= 0xd7af) ||
		(code >= 0xf900 && code <= 0xfaff)
	)
		return CJK;
	if (/\s/u.test(character)) return SPACE;
	return /[\p{L}\p{N}\p{M}]/u.test(character) ? WORD : SYMBOL;
}

/** A word of up to 6 characters is one token, longer words one more per 4 characters. */
function wordTokens(length: number): number {
	return length === 0 ? 0 : length <= 6 ? 1 : 1 + Math.ceil((length - 6) / 4);
}

/**
 * A conservative guess of a BERT WordPiece token count without the tokenizer: one token per
 * symbol and per CJK character, and per word (≈ 1.3 tokens per English word, more for
 * identifiers and hashes; see wordTokens).
 */
export function estimateTokens(text: string): number {
	let tokens = 0;
	let word = 0;
	for (const character of text) {
		const kind = characterClass(character, character.charCodeAt(0));
		if (kind === WORD) {
			word++;
			continue;
		}
		tokens += wordTokens(word) + (kind === SPACE ? 0 : 1);
		word = 0;
	}
	return tokens + wordTokens(word);
}

interface Section {
	headingPath: string[];
	text: string;
}

/**
 * Splits a note body (markdown after the frontmatter) into chunks: one per heading section,
 * sections longer than the model's window cut at paragraphs, then sentences, then words. Each
 * chunk's text starts with the note title and heading path, so a short section keeps its context.
 * A note without body text gets one chunk of its title.
 */
export function chunkNote(note: { title: string; body: string }, options: ChunkOptions): NoteChunk[] {
	const count = options.countTokens ?? estimateTokens;
	const chunks: NoteChunk[] = [];
	const add = (headingPath: string[], context: string, body: string): void => {
		const text = body === "" ? context : `${context}\n${body}`;
		chunks.push({ index: chunks.length, headingPath, text, hash: fnv1a64(text) });
	};
	for (const section of splitSections(note.body)) {
		const context = fitContext(contextLine(note.title, section.headingPath), options.maxTokens, count);
		const budget = Math.max(1, options.maxTokens - SPECIAL_TOKENS - count(context) - count("\n"));
		for (const piece of splitToFit(section.text, budget, count, 0)) add(section.headingPath, context, piece);
	}
	if (chunks.length === 0) add([], fitContext(note.title.trim(), options.maxTokens, count), "");
	return chunks;
}

function contextLine(title: string, headingPath: readonly string[]): string {
	const trimmed = title.trim();
	// A note that starts with "# <its title>" would otherwise repeat the title.
	const headings = headingPath.filter((heading, i) => !(i === 0 && heading.toLowerCase() === trimmed.toLowerCase()));
	return [trimmed, ...headings].filter((part) => part !== "").join(" › ");
}

function fitContext(context: string, maxTokens: number, count: (text: string) => number): string {
	const limit = Math.max(1, Math.floor(maxTokens * CONTEXT_SHARE));
	return count(context) <= limit ? context : (splitToFit(context, limit, count, 2)[0] ?? "");
}

function splitSections(body: string): Section[] {
	const sections: Section[] = [];
	const path: { level: number; text: string }[] = [];
	let lines: string[] = [];
	let fence: FenceMarker | null = null;
	const flush = (): void => {
		const text = plainText(lines.join("\n")).trim();
		if (text !== "") sections.push({ headingPath: path.map((heading) => heading.text), text });
		lines = [];
	};
	for (const line of body.split(/\r?\n/)) {
		const { columns, textStart } = indentation(line, 0);
		if (fence !== null) {
			if (columns < 4 && closesFence(line, textStart, fence)) fence = null;
			lines.push(line);
			continue;
		}
		const heading = columns < 4 ? atxHeading(line, textStart) : null;
		if (heading !== null) {
			flush();
			while (path.length > 0 && path[path.length - 1].level >= heading.level) path.pop();
			path.push({ level: heading.level, text: plainText(heading.text) });
			continue;
		}
		if (columns < 4) fence = fenceOpening(line, textStart);
		lines.push(line);
	}
	flush();
	return sections;
}

/** Link syntax reduced to the words a reader sees; comments and block ids dropped. */
function plainText(markdown: string): string {
	return readableText(withoutDelimited(withoutDelimited(markdown, "%%", "%%"), "<!--", "-->"));
}

/**
 * Text without the spans from `open` to the next `close` (an unclosed one is kept). A scan with
 * indexOf rather than a lazy regex: the regex tries every unclosed opening to the end of the text.
 */
function withoutDelimited(text: string, open: string, close: string): string {
	let result = "";
	let from = 0;
	for (;;) {
		const start = text.indexOf(open, from);
		const end = start < 0 ? -1 : text.indexOf(close, start + open.length);
		if (end < 0) return result + text.slice(from);
		result += text.slice(from, start);
		from = end + close.length;
	}
}

/** Ways to cut text, coarse to fine: paragraphs, sentences, words, characters. */
const SPLITTERS: { split: (text: string) => string[]; join: string }[] = [
	{ split: (text) => text.split(/\n[ \t]*\n/), join: "\n\n" },
	{ split: (text) => text.split(/(?<=[.!?。！？])\s+|\n/), join: " " },
	{ split: (text) => text.split(/\s+/), join: " " },
	{ split: (text) => Array.from(text), join: "" },
];

/** Pieces of `text`, each within `budget` tokens, packed greedily in order. */
function splitToFit(text: string, budget: number, count: (text: string) => number, level: number): string[] {
	const trimmed = text.trim();
	if (trimmed === "") return [];
	if (count(trimmed) <= budget || level >= SPLITTERS.length) return [trimmed];
	const { split, join } = SPLITTERS[level];
	// Counts add up piece by piece (exact for counters that add over concatenation, and an
	// overestimate for a tokenizer that counts its special tokens each time).
	const joinTokens = count(join);
	const pieces: string[] = [];
	let current = "";
	let currentTokens = 0;
	for (const part of split(trimmed)) {
		for (const piece of splitToFit(part, budget, count, level + 1)) {
			const tokens = count(piece);
			if (current !== "" && currentTokens + joinTokens + tokens > budget) {
				pieces.push(current);
				current = "";
				currentTokens = 0;
			}
			currentTokens += current === "" ? tokens : joinTokens + tokens;
			current = current === "" ? piece : current + join + piece;
		}
	}
	if (current !== "") pieces.push(current);
	return pieces;
}
