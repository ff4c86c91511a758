import type { RankingSettings } from "../model/recall-settings";
import { orderCandidates, pickRanked, type RankedMemory, type RecallCandidate } from "./rank";

/** Diversity picks the results from this many times `limit` of the best-ranked candidates. */
const POOL_FACTOR = 5;

/**
 * rankRecall's order spread over communities (see `diversify`). Pinned and core memories that
 * rankRecall injects at the end of the list keep their places there.
 */
export function rankDiverse(
	candidates: readonly RecallCandidate[],
	settings: RankingSettings,
	limit: number,
	factor: number,
	communityOf: (id: string) => number | undefined,
): RankedMemory[] {
	const ordered = orderCandidates(candidates, settings);
	const plain = pickRanked(ordered, settings, limit);
	if (factor === 1) return plain;
	const injected = plain.filter((memory) => memory.why.injected !== undefined);
	const injectedIds = new Set(injected.map((memory) => memory.id));
	const pool = pickRanked(ordered, settings, limit * POOL_FACTOR).filter(
		(memory) => memory.why.injected === undefined && !injectedIds.has(memory.id),
	);
	return [...diversify(pool, communityOf, factor, limit - injected.length), ...injected];
}

/**
 * Picks `limit` memories from `ranked` (rankRecall's order: confident results first, then
 * low-confidence ones, each by score) so that they spread over communities: each pick takes the
 * best score × factor^n, where n is how many memories of the same community are already picked.
 * Factor 1 keeps the order as it is; memories without a community are never held back. The
 * confident results still all come before the low-confidence ones.
 */
export function diversify(
	ranked: readonly RankedMemory[],
	communityOf: (id: string) => number | undefined,
	factor: number,
	limit: number,
): RankedMemory[] {
	if (!(factor >= 0 && factor <= 1)) throw new RangeError(`The diversity factor must be from 0 to 1 (got ${factor}).`);
	if (factor === 1) return ranked.slice(0, limit);
	const picked: RankedMemory[] = [];
	const perCommunity = new Map<number, number>();
	for (const tier of [ranked.filter((m) => m.lowConfidence !== true), ranked.filter((m) => m.lowConfidence === true)]) {
		const left = tier.map((memory) => ({ memory, community: communityOf(memory.id) }));
		while (picked.length < limit && left.length > 0) {
			let best = 0;
			let bestScore = -1;
			for (let i = 0; i < left.length; i++) {
				const { memory, community } = left[i];
				const score = memory.score * factor ** (community === undefined ? 0 : (perCommunity.get(community) ?? 0));
				if (score > bestScore) {
					best = i;
					bestScore = score;
				}
			}
			const [{ memory, community }] = left.splice(best, 1);
			picked.push(memory);
			if (community !== undefined) perCommunity.set(community, (perCommunity.get(community) ?? 0) + 1);
		}
	}
	return picked;
}
