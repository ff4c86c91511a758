/**
 * Keyword hits weighted by query-term coverage (coordination): each score times
 * (query words the note contains / the most any hit contains)^exponent, best first (ties keep
 * the keyword order). BM25 already multiplies by the words matched, but one rare word repeated,
 * or held in a boosted field, still outranked a note holding every word of the question; the
 * factor makes covering the question count more. Exponent 0 keeps the scores as they are.
 */
export function weightByCoverage(
	hits: readonly { id: string; score: number; terms: readonly string[] }[],
	exponent: number,
): { id: string; score: number }[] {
	if (exponent === 0) return hits.map(({ id, score }) => ({ id, score }));
	const most = Math.max(1, ...hits.map((hit) => hit.terms.length));
	return hits
		.map((hit, order) => ({ id: hit.id, score: hit.score * (hit.terms.length / most) ** exponent, order }))
		.sort((a, b) => b.score - a.score || a.order - b.order)
		.map(({ id, score }) => ({ id, score }));
}

/**
 * Stands for the time a question names ("in July 2022") in the coverage counts: a memory written
 * in that time, or speaking of it, holds that part of the question as surely as a word. No
 * indexed word contains a space, so it never meets one.
 */
export const NAMED_TIME = " named time";

/** A memory's matched query words, with `NAMED_TIME` when it is within the time the question names. */
export function coveredTerms(terms: readonly string[] | undefined, inTime: boolean): readonly string[] | undefined {
	if (!inTime) return terms;
	return terms === undefined ? [NAMED_TIME] : [...terms, NAMED_TIME];
}
