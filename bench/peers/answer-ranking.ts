import { ENGLISH_STOP_WORDS } from "../../src/core/model/stop-words";

const STOP_WORDS = new Set(ENGLISH_STOP_WORDS);

/**
 * The words an agent would search one by one with a substring-only tool: the question's words,
 * lower-cased, possessive 's dropped, without stop words and words under 3 characters, each once.
 */
export function questionKeywords(question: string): string[] {
	const words = question.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? [];
	const keywords = words
		.map((word) => word.replace(/['’]s$/u, ""))
		.filter((word) => word.length >= 3 && !STOP_WORDS.has(word.replace(/['’]/gu, "")));
	return [...new Set(keywords)];
}

/**
 * Merges the hits of one search per keyword into one ranking: first the handles found by the most
 * keywords, ties in the order they were first seen (keyword by keyword, each in its answer's order).
 */
export function mergeKeywordHits(answers: readonly (readonly string[])[]): string[] {
	const count = new Map<string, number>();
	for (const handles of answers) for (const handle of new Set(handles)) count.set(handle, (count.get(handle) ?? 0) + 1);
	// Map keeps insertion order, so a stable sort by count leaves ties in first-seen order.
	return [...count.keys()].sort((a, b) => (count.get(b) ?? 0) - (count.get(a) ?? 0));
}

/** Hits → dia ids, best first, each once; handles the bench did not store (a person entity, a note of its own) are skipped. */
export function turnsOf(handles: readonly string[], diaIdOf: ReadonlyMap<string, string>): string[] {
	const turns: string[] = [];
	for (const handle of handles) {
		const diaId = diaIdOf.get(handle);
		if (diaId !== undefined && !turns.includes(diaId)) turns.push(diaId);
	}
	return turns;
}
