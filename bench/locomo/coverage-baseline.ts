import type { KeywordIndex } from "../../src/core/recall/keyword/keyword-index";

/**
 * The baseline recall must not lose to: memories ranked only by how many of the question's
 * words they contain (stop words left out, stemmed, a word also matching by prefix or typo as
 * the keyword index does). The count decides first, then BM25, then the path: the index's own order
 * of equal scores follows the order notes were indexed in, which a restart changes.
 */
export function coverageRanking(index: KeywordIndex, question: string, limit: number): string[] {
	const hits = index.match(question);
	return hits
		.map((hit) => ({ id: hit.id, count: hit.terms.length, score: hit.score }))
		.sort((a, b) => b.count - a.count || b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
		.slice(0, limit)
		.map((hit) => hit.id);
}
