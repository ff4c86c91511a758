import { isContentWord, MONTHS, normalizeWord } from "./conflict-words";

/** A number stated about something: "API latency is 200ms" → anchors latency (modified by api) and api, unit ms, 200. */
export interface NumericFact {
	/** Content words before the number in the same clause, nearest first (at most 3). */
	anchors: Anchor[];
	/** Canonical unit ("$", "ms", "%", "gb", a counted noun like "engineer"), or "" for a bare number. */
	unit: string;
	value: number;
	/** The number as written, with its currency or unit. */
	text: string;
}

interface Anchor {
	word: string;
	/** The content word right before it, as in "API latency" or "error rate": it names which one. */
	modifier?: string;
}

type Token =
	| { kind: "boundary" }
	| { kind: "currency"; unit: string; start: number }
	| { kind: "percent"; end: number }
	| { kind: "number"; raw: string; suffix: string; start: number; end: number }
	| { kind: "word"; word: string; end: number };

const TOKEN =
	/(\d{4}-\d{1,2}-\d{1,2}|\d{1,2}:\d{2}(?::\d{2})?)|([$€£¥])|(%)|(\d+(?:[.,]\d+)*)([a-zA-Z]+|%)?|(\p{L}[\p{L}\p{N}'’-]*)|([.;!?()[\]\n]|\s-\s)/gu;

const CURRENCY_WORDS: Readonly<Record<string, string>> = {
	dollar: "$",
	usd: "$",
	euro: "€",
	eur: "€",
	gbp: "£",
	yen: "¥",
};
const UNITS: Readonly<Record<string, string>> = {
	ms: "ms",
	msec: "ms",
	millisecond: "ms",
	s: "s",
	sec: "s",
	secs: "s",
	second: "s",
	min: "min",
	mins: "min",
	minute: "min",
	h: "h",
	hr: "h",
	hrs: "h",
	hour: "h",
	d: "day",
	day: "day",
	wk: "week",
	week: "week",
	mo: "month",
	month: "month",
	y: "year",
	yr: "year",
	yrs: "year",
	year: "year",
	"%": "%",
	percent: "%",
	pct: "%",
	kb: "kb",
	mb: "mb",
	gb: "gb",
	tb: "tb",
	...CURRENCY_WORDS,
};
const MAGNITUDES: Readonly<Record<string, number>> = {
	k: 1e3,
	thousand: 1e3,
	m: 1e6,
	mm: 1e6,
	million: 1e6,
	bn: 1e9,
	b: 1e9,
	billion: 1e9,
};
/** Suffixes that are a magnitude only after a currency ("$2m") and a unit otherwise ("2m" = metres). */
const CURRENCY_ONLY_MAGNITUDES = new Set(["m", "mm", "b"]);
const ORDINALS = new Set(["st", "nd", "rd", "th"]);
const MAX_ANCHORS = 3;
/**
 * Facts read from one text at most. Conflict hints compare every fact of one text with every fact
 * of another; a table of thousands of numbers would make that quadratic and tells nothing anyway.
 */
const MAX_FACTS = 200;
const ANCHOR_WINDOW = 6;

/** Numbers with what they measure, as stated in a text. Dates, times, years, ordinals and list markers are not facts. */
export function numericFacts(text: string): NumericFact[] {
	// A list marker ("1. ", "2) ") becomes a clause boundary of the same length, keeping offsets.
	const tokens = tokenize(text.replace(/^[ \t]*\d+[.)][ \t]/gm, (marker) => "\n".padEnd(marker.length, " ")));
	const facts: NumericFact[] = [];
	for (let i = 0; i < tokens.length; i++) {
		const token = tokens[i];
		if (token.kind !== "number") continue;
		const fact = factAt(text, tokens, i, token);
		if (fact) facts.push(fact);
		if (facts.length === MAX_FACTS) break;
	}
	return facts;
}

function tokenize(text: string): Token[] {
	const tokens: Token[] = [];
	for (const match of text.matchAll(TOKEN)) {
		const start = match.index;
		const end = start + match[0].length;
		if (match[1] !== undefined || match[7] !== undefined) tokens.push({ kind: "boundary" });
		else if (match[2] !== undefined) tokens.push({ kind: "currency", unit: match[2], start });
		else if (match[3] !== undefined) tokens.push({ kind: "percent", end });
		else if (match[4] !== undefined)
			tokens.push({ kind: "number", raw: match[4], suffix: (match[5] ?? "").toLowerCase(), start, end });
		else tokens.push({ kind: "word", word: normalizeWord(match[6]), end });
	}
	return tokens;
}

function factAt(
	text: string,
	tokens: Token[],
	i: number,
	token: Extract<Token, { kind: "number" }>,
): NumericFact | null {
	let value = parseNumber(token.raw);
	if (Number.isNaN(value) || ORDINALS.has(token.suffix) || isDatePart(tokens, i, value, token)) return null;
	const before = tokens[i - 1];
	const currency = before?.kind === "currency" ? before : undefined;
	let unit = currency?.unit ?? "";
	const start = currency?.start ?? token.start;
	let end = token.end;
	if (token.suffix !== "") {
		const magnitude = MAGNITUDES[token.suffix];
		if (magnitude !== undefined && (currency || !CURRENCY_ONLY_MAGNITUDES.has(token.suffix))) value *= magnitude;
		else if (unit === "") unit = UNITS[token.suffix] ?? token.suffix;
	}
	let j = i + 1;
	let next = tokens[j];
	if (next?.kind === "word" && MAGNITUDES[next.word] !== undefined && next.word.length > 2) {
		value *= MAGNITUDES[next.word];
		end = next.end;
		next = tokens[++j];
	}
	if (next?.kind === "percent" && unit === "") {
		unit = "%";
		end = next.end;
	} else if (next?.kind === "word" && unit === "" && UNITS[next.word] !== undefined) {
		unit = UNITS[next.word];
		end = next.end;
	}
	let counted = false;
	if (unit === "" && next?.kind === "word" && isContentWord(next.word) && !MONTHS.has(next.word)) {
		unit = next.word;
		end = next.end;
		counted = true;
	}
	const anchors = anchorsBefore(tokens, currency ? i - 1 : i);
	if (anchors.length === 0 && counted) anchors.push({ word: unit });
	if (anchors.length === 0) return null;
	return { anchors, unit, value, text: text.slice(start, end) };
}

/** Content words before token `i`, nearest first, up to a clause boundary or another number. */
function anchorsBefore(tokens: Token[], i: number): Anchor[] {
	const anchors: Anchor[] = [];
	let previousAt = -1;
	for (let j = i - 1; j >= 0 && j >= i - ANCHOR_WINDOW && anchors.length < MAX_ANCHORS; j--) {
		const token = tokens[j];
		if (token.kind !== "word") break;
		if (!isContentWord(token.word) || MONTHS.has(token.word) || anchors.some((a) => a.word === token.word)) continue;
		const nearer = anchors[anchors.length - 1];
		if (nearer && previousAt === j + 1) nearer.modifier = token.word;
		anchors.push({ word: token.word });
		previousAt = j;
	}
	return anchors;
}

/** A day next to a month name ("8 May", "May 8") or a year just after one ("May 8, 2023"). */
function isDatePart(tokens: Token[], i: number, value: number, token: Extract<Token, { kind: "number" }>): boolean {
	if (token.suffix !== "" || !Number.isInteger(value)) return false;
	const isMonth = (t: Token | undefined) => t?.kind === "word" && MONTHS.has(t.word);
	if (value >= 1 && value <= 31 && (isMonth(tokens[i - 1]) || isMonth(tokens[i + 1]))) return true;
	if (value >= 1000 && value <= 2999) return isMonth(tokens[i - 1]) || isMonth(tokens[i - 2]);
	return false;
}

/** "50,000" and "1,250.5" use commas for thousands; "3,5" is a decimal comma. */
function parseNumber(raw: string): number {
	if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(raw)) return Number(raw.replace(/,/g, ""));
	if (/^\d+([.,]\d+)?$/.test(raw)) return Number(raw.replace(",", "."));
	return NaN;
}
