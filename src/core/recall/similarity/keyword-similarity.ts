import type { KeywordSettings } from "../../model/keyword-settings";
import { stemTerm, tokenize } from "../keyword/tokenize";

/** Below this many shared terms two texts are never called similar, whatever the ratio (short notes). */
const MIN_SHARED_TERMS = 4;

/** Characters of a note read for its terms: enough to know its subject, bounded for huge notes. */
const MAX_TEXT_CHARS = 20_000;

type TermSettings = Pick<KeywordSettings, "stopWords" | "stemming">;

const readers = new WeakMap<TermSettings, (text: string) => Set<string>>();

/** Distinct words whose stems a reader remembers (stemming a word is slow; a vault's words repeat). */
const STEM_CACHE_SIZE = 20_000;

/**
 * A function giving the distinct content terms of a text as the keyword index sees them
 * (tokenized, stop words out, stemmed when the index stems), without bare numbers: dates and
 * counts are shared by unrelated notes far more often than topics are. The same settings object
 * gets the same function, so its terms can be kept per settings (see NoteTextCache.derived).
 */
export function contentTermReader(settings: TermSettings): (text: string) => Set<string> {
	let reader = readers.get(settings);
	if (reader === undefined) {
		reader = termReader(settings);
		readers.set(settings, reader);
	}
	return reader;
}

function termReader(settings: TermSettings): (text: string) => Set<string> {
	const stopWords = new Set(settings.stopWords.flatMap((word) => tokenize(word)));
	const stems = new Map<string, string>();
	const stem = (token: string): string => {
		let stemmed = stems.get(token);
		if (stemmed === undefined) {
			if (stems.size >= STEM_CACHE_SIZE) stems.clear();
			stemmed = stemTerm(token);
			stems.set(token, stemmed);
		}
		return stemmed;
	};
	return (text) => {
		const terms = new Set<string>();
		for (const token of tokenize(text.slice(0, MAX_TEXT_CHARS))) {
			if (token.length < 2 || stopWords.has(token) || /^\d[\d.,]*$/.test(token)) continue;
			terms.add(settings.stemming ? stem(token) : token);
		}
		return terms;
	};
}

/**
 * How alike two texts are by the terms they share: |A ∩ B| / √(|A| · |B|) (the cosine of their
 * term sets), 0 when they share fewer than MIN_SHARED_TERMS. The keyword stand-in for embedding
 * similarity when no model is ready (its floor: KEYWORD_LINK_FLOOR in similar-memories).
 */
export function termSimilarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
	if (a.size === 0 || b.size === 0) return 0;
	const [small, large] = a.size <= b.size ? [a, b] : [b, a];
	let shared = 0;
	for (const term of small) if (large.has(term)) shared++;
	return shared < MIN_SHARED_TERMS ? 0 : shared / Math.sqrt(a.size * b.size);
}
