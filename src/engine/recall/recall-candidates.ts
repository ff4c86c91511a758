import { summaryOf } from "../../core/consolidation/consolidated-key";
import type { FusedHit } from "../../core/recall/fusion";
import type { KeywordHit } from "../../core/recall/keyword/keyword-index";
import type { RecallCandidate } from "../../core/recall/rank";
import type { SpreadHit } from "../../core/recall/spreading-activation";
import type { VectorHit } from "../../core/recall/vector/vector-index";
import type { MemoryFacts } from "./memory-facts";
import type { RecallGraphState } from "./recall-graph-state";

/**
 * What recall ranks: every memory fused or reached by spreading (within `include`), with its
 * retention, status, matched terms and similarity, plus the replacements of superseded ones and
 * the summaries of consolidated ones, which compete even when only what they stand for matched.
 */
export function recallCandidates(
	{ graph, superseded }: RecallGraphState,
	fused: readonly FusedHit[],
	spread: ReadonlyMap<string, SpreadHit>,
	keywordHits: readonly KeywordHit[],
	vectorHits: readonly VectorHit[],
	include: (path: string) => boolean,
	facts: MemoryFacts,
): Map<string, RecallCandidate> {
	const terms = new Map(keywordHits.map((hit) => [hit.id, hit.terms]));
	const similarity = new Map(vectorHits.map((hit) => [hit.path, hit.similarity]));
	const candidates = new Map<string, RecallCandidate>();
	const add = (id: string, fusedScore: number): RecallCandidate | undefined => {
		const node = graph.node(id);
		if (!node || !include(id)) return undefined;
		let candidate = candidates.get(id);
		if (!candidate) {
			candidate = {
				id,
				fused: fusedScore,
				retention: facts.retentionOf(id),
				status: facts.statusOf(id, node),
				pinned: node.memory.pinned,
				supersededBy: superseded.supersedersOf(id),
			};
			const summary = summaryOf(graph.graph, id);
			if (summary !== undefined) candidate.consolidatedInto = summary;
			const matched = terms.get(id);
			if (matched) candidate.terms = matched;
			const cosine = similarity.get(id);
			if (cosine !== undefined) candidate.similarity = cosine;
			candidates.set(id, candidate);
		}
		return candidate;
	};
	for (const hit of fused) add(hit.id, hit.score);
	for (const [id, hit] of spread) {
		const candidate = add(id, 0);
		if (candidate) candidate.spread = hit;
	}
	// A replacement competes even when only the memory it replaces matched: it inherits that relevance.
	for (const candidate of [...candidates.values()]) for (const newer of candidate.supersededBy ?? []) add(newer, 0);
	// A summary stands for its members (rank folds them into it), also when only a member matched.
	for (const candidate of [...candidates.values()])
		if (candidate.consolidatedInto !== undefined) add(candidate.consolidatedInto, 0);
	return candidates;
}
