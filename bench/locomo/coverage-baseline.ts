import type { KeywordIndex } from "../../src/core/recall/keyword-index";

/**
 * The baseline recall must not lose to: memories ranked only by how many of the question's
 * words they contain (stop words left out, stemmed, a word also matching by prefix or typo as
 * the keyword index does). Ties keep the keyword index's order (BM25), so the count decides first.
 */
export function coverageRanking(index: KeywordIndex, question: string, limit: number): string[] {
	const hits = index.search(question);
	return hits
		.map((hit, order) => ({ id: hit.id, count: hit.terms.length, order }))
		.sort((a, b) => b.count - a.count || a.order - b.order)
		.slice(0, limit)
		.map((hit) => hit.id);
}
