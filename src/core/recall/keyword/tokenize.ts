import { stemmer } from "stemmer";
import { once } from "../../util/once";

/**
 * Bump whenever the same text would give other terms (or the stop words change meaning):
 * keyword caches built with another version are rebuilt.
 */
export const TOKENIZER_VERSION = 2;

/** Longer runs (base64, hashes, minified code) are noise that only bloats the index. */
const MAX_TERM_LENGTH = 64;

const NON_ASCII = /[\u0080-\uffff]/;
// Only the combining blocks used by Latin, Greek and Cyrillic accents: marks of other scripts
// (Devanagari vowel signs, kana voicing marks) are part of the letter and must stay.
// eslint-disable-next-line no-misleading-character-class -- matching lone combining marks is the point
const ACCENTS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;
const LETTER_FOLDS: Record<string, string> = {
	ß: "ss",
	ẞ: "SS",
	æ: "ae",
	Æ: "AE",
	œ: "oe",
	Œ: "OE",
	ø: "o",
	Ø: "O",
	ł: "l",
	Ł: "L",
	đ: "d",
	Đ: "D",
	þ: "th",
	Þ: "TH",
	ı: "i",
};
const FOLDABLE_LETTERS = /[ßẞæÆœŒøØłŁđĐþÞı]/g;

const JOINERS = /[-_.,]/;
const ASCII_WORD = /[A-Za-z0-9]+(?:(?:[-_']|[.,](?=[0-9]))[A-Za-z0-9]+)*/g;
/** An ASCII word that needs more than lower-casing: joiners, apostrophes or camelCase. */
const ASCII_COMPOUND = /[-_'.,]|[a-z0-9][A-Z]|[A-Z][A-Z][a-z]/;
const APOSTROPHES = /['’]/g;
const POSSESSIVE = /['’][sS]$/;
const LOWER_ASCII_LETTERS = /^[a-z]+$/;
/**
 * The patterns with Unicode property classes, made on first use: V8 parses each as its literal is
 * created, ≈ 3 ms for these five, which every start of the plugin paid while main.js was evaluated.
 */
const unicodePatterns = once(() => ({
	/** Letters and digits joined by `-`, `_`, apostrophes, or `.`/`,` before a digit (`50,000`, `3.2`). */
	word: /[\p{L}\p{M}\p{N}]+(?:(?:[-_'’]|[.,](?=\p{N}))[\p{L}\p{M}\p{N}]+)*/gu,
	cjk: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc]/u,
	cjkRuns: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc]+/gu,
	camelBoundary: /[\p{Ll}\p{N}]\p{Lu}|\p{Lu}\p{Lu}\p{Ll}/u,
	camelPieces: /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+\p{N}*|\p{Lu}+\p{N}*|[^\p{Lu}\p{Ll}]+/gu,
}));

/**
 * Folds accents and compatibility forms ("Café" → "Cafe", "ﬁ" → "fi", full-width → ASCII) and
 * a few letters that do not decompose ("ß" → "ss"); keeps case, which camelCase splitting needs.
 * Hangul syllables and kana voicing survive (NFC recomposes them).
 */
export function foldText(text: string): string {
	if (!NON_ASCII.test(text)) return text;
	return text
		.normalize("NFKD")
		.replace(ACCENTS, "")
		.replace(FOLDABLE_LETTERS, (letter) => LETTER_FOLDS[letter])
		.normalize("NFC");
}

/**
 * Splits text into lower-case search terms, the same way for notes and for queries:
 * - accents folded ("café" ≡ "cafe");
 * - camelCase split, keeping the whole word too ("retentionScore" → retention, score, retentionscore);
 * - `-`, `_` and digit separators split, keeping the joined word ("offline-first" → offline, first, offlinefirst);
 * - apostrophes dropped, possessive 's removed ("Alice's" → alice, "don't" → dont);
 * - Han, kana and Hangul runs become character bigrams ("会議メモ" → 会議, 議メ, メモ), a lone character a unigram.
 * Stop words are not removed here (see `KeywordIndex`).
 */
export function tokenize(text: string): string[] {
	const terms: string[] = [];
	const ascii = !NON_ASCII.test(text);
	const words = ascii ? text.match(ASCII_WORD) : foldText(text).match(unicodePatterns().word);
	for (const word of words ?? []) {
		// Most words are plain ASCII: lower-casing is all they need (the fast path for whole notes).
		if ((ascii || !NON_ASCII.test(word)) && !ASCII_COMPOUND.test(word)) push(word.toLowerCase(), terms);
		else addWord(word, terms);
	}
	return terms;
}

/**
 * The Porter stem of a lower-case ASCII word ("planning" → "plan", "adoption" → "adopt");
 * other terms (digits, CJK, other scripts, words under 3 letters) unchanged. Not idempotent
 * ("universe" → "univers" → "univ"): stem each term once.
 */
export function stemTerm(term: string): string {
	return term.length > 2 && LOWER_ASCII_LETTERS.test(term) ? stemmer(term) : term;
}

/** True for a term made of Han, kana or Hangul characters (a CJK bigram or unigram). */
export function isCjkTerm(term: string): boolean {
	return unicodePatterns().cjk.test(term);
}

function addWord(word: string, terms: string[]): void {
	const parts = JOINERS.test(word) ? word.split(JOINERS) : [word];
	const first = terms.length;
	let joinable = true;
	let joined = "";
	for (const raw of parts) {
		const part = raw.includes("'") || raw.includes("’") ? raw.replace(POSSESSIVE, "").replace(APOSTROPHES, "") : raw;
		if (part === "") continue;
		if (NON_ASCII.test(part) && unicodePatterns().cjk.test(part)) {
			joinable = false;
			addMixed(part, terms);
		} else {
			addCased(part, terms);
		}
		joined += part;
	}
	if (joinable && terms.length - first > 1) push(joined.toLowerCase(), terms);
}

/** A part holding CJK runs, maybe beside other letters ("Reactの使い方"). */
function addMixed(part: string, terms: string[]): void {
	let end = 0;
	for (const match of part.matchAll(unicodePatterns().cjkRuns)) {
		const start = match.index;
		if (start > end) addCased(part.slice(end, start), terms);
		addBigrams(match[0], terms);
		end = start + match[0].length;
	}
	if (end < part.length) addCased(part.slice(end), terms);
}

function addBigrams(run: string, terms: string[]): void {
	const chars = Array.from(run);
	if (chars.length === 1) {
		terms.push(chars[0]);
		return;
	}
	for (let i = 0; i + 1 < chars.length; i++) terms.push(chars[i] + chars[i + 1]);
}

function addCased(part: string, terms: string[]): void {
	if (!unicodePatterns().camelBoundary.test(part)) {
		push(part.toLowerCase(), terms);
		return;
	}
	for (const piece of part.matchAll(unicodePatterns().camelPieces)) push(piece[0].toLowerCase(), terms);
}

function push(term: string, terms: string[]): void {
	if (term.length <= MAX_TERM_LENGTH) terms.push(term);
}
