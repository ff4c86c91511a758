import { ENGLISH_STOP_WORDS } from "../model/stop-words";
import { foldText, stemTerm } from "../recall/tokenize";

const STOP_WORDS = new Set(ENGLISH_STOP_WORDS);
/** A word: letters and digits, maybe joined by an apostrophe or a hyphen inside. */
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:['’-][\p{L}\p{M}\p{N}]+)*/gu;
const SENTENCE_END = /[.!?;:\n]/;
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
	const closeRun = (): void => {
		if (run.length >= 2) {
			const phrase = run.slice(0, MAX_PHRASE_WORDS).join(" ");
			out.add(phrase);
			names?.add(phrase);
		}
		run = [];
	};
	for (const match of text.matchAll(WORD)) {
		const between = text.slice(last, match.index);
		last = match.index + match[0].length;
		const opens = sentenceStart || SENTENCE_END.test(between);
		sentenceStart = false;
		if (opens || between.trim() !== "") closeRun();
		const word = cueWord(match[0]);
		if (word === "") {
			closeRun();
			continue;
		}
		out.add(word);
		if (UPPER.test(match[0])) {
			run.push(word);
			if (!opens) names?.add(word);
		} else closeRun();
	}
	closeRun();
}
