import { ENGLISH_STOP_WORDS } from "../model/stop-words";
import { foldText, stemTerm } from "../recall/keyword/tokenize";

const STOP_WORDS = new Set(ENGLISH_STOP_WORDS);
/** A word: letters and digits, maybe joined by an apostrophe or a hyphen inside. */
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:['’-][\p{L}\p{M}\p{N}]+)*/gu;
const POSSESSIVE = /['’]s$/;
const APOSTROPHES = /['’]/g;
const UPPER = /^\p{Lu}/u;
const DIGITS = /^\d+$/;
/** Shorter words are too ambiguous to link memories ("go", "ok"). */
const MIN_LENGTH = 3;
/** Longest name phrase kept ("New York City Marathon"). */
const MAX_PHRASE_WORDS = 4;

/**
 * The cue form of one word: accents folded, lower case, possessive dropped, Porter stem
 * ("Paintings" → "paint", "Caroline's" → "carolin"), so "painted" and "painting" meet. Empty for
 * a stop word, a number or a word under three letters.
 */
export function cueWord(word: string): string {
	const plain = foldText(word).toLowerCase().replace(POSSESSIVE, "").replace(APOSTROPHES, "");
	if (plain.length < MIN_LENGTH || STOP_WORDS.has(plain) || DIGITS.test(plain)) return "";
	return stemTerm(plain);
}

/** The cue of a name or phrase: its words' cue forms joined by spaces ("New York" → "new york"). */
export function cuePhrase(text: string): string {
	const words: string[] = [];
	for (const match of text.matchAll(WORD)) {
		const word = cueWord(match[0]);
		if (word !== "") words.push(word);
	}
	return words.join(" ");
}

/**
 * Cues of running text into `out`: every content word, and every run of two or more capitalised
 * words (names of people, places, organisations, titles: "New York", "Harry Potter"). The names
 * also go into `names`, with every capitalised word that does not open a sentence ("Sweden").
 */
export function textCues(text: string, out: Set<string>, names?: Set<string>): void {
	let run: string[] = [];
	let last = 0;
	let sentenceStart = true;
	// Stemming is the costly part: each distinct word once.
	const seen = new Map<string, string>();
	const closeRun = (): void => {
		if (run.length >= 2) {
			const phrase = run.slice(0, MAX_PHRASE_WORDS).join(" ");
			out.add(phrase);
			names?.add(phrase);
		}
		run = [];
	};
	for (const match of text.matchAll(WORD)) {
		const gap = gapBetween(text, last, match.index);
		last = match.index + match[0].length;
		const opens = sentenceStart || gap === "sentence";
		sentenceStart = false;
		if (gap !== "space") closeRun();
		let word = seen.get(match[0]);
		if (word === undefined) seen.set(match[0], (word = cueWord(match[0])));
		if (word === "") {
			closeRun();
			continue;
		}
		out.add(word);
		if (capitalised(match[0])) {
			run.push(word);
			if (!opens) names?.add(word);
		} else closeRun();
	}
	closeRun();
}

/** What separates two words: only spaces, a sentence end, or other punctuation. */
function gapBetween(text: string, from: number, to: number): "space" | "sentence" | "other" {
	let gap: "space" | "sentence" | "other" = "space";
	for (let i = from; i < to; i++) {
		const code = text.charCodeAt(i);
		if (code === 32 || code === 9 || code === 13) continue;
		// . ! ? ; : and a line break end a sentence (or a list item, or a heading)
		if (code === 46 || code === 33 || code === 63 || code === 59 || code === 58 || code === 10) return "sentence";
		gap = "other";
	}
	return gap;
}

function capitalised(word: string): boolean {
	const code = word.charCodeAt(0);
	if (code < 128) return code >= 65 && code <= 90;
	return UPPER.test(word);
}
