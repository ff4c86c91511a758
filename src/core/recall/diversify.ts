import type { RankingSettings } from "../model/recall-settings";
import type { EpisodeOf } from "./episodes";
import { orderCandidates, pickRanked, type RankedMemory, type RecallCandidate } from "./rank";

/** Episode diversity: a memory of an episode is held back per result picked from its episode, by `factor`. */
export interface EpisodeDiversity {
	of: EpisodeOf;
	factor: number;
	/** Only the first `depth` results are spread over episodes (default: all of them). */
	depth?: number;
}

/** Diversity picks the results from this many times `limit` of the best-ranked candidates. */
const POOL_FACTOR = 5;

/**
 * rankRecall's order spread over communities and episodes (see `diversify`). Pinned and core
 * memories that rankRecall injects at the end of the list keep their places there.
 */
export function rankDiverse(
	candidates: readonly RecallCandidate[],
	settings: RankingSettings,
	limit: number,
	factor: number,
	communityOf: (id: string) => number | undefined,
	episodes?: EpisodeDiversity,
): RankedMemory[] {
	const ordered = orderCandidates(candidates, settings);
	const plain = pickRanked(ordered, settings, limit);
	if (factor === 1 && (episodes === undefined || episodes.factor === 1)) return plain;
	const injected = plain.filter((memory) => memory.why.injected !== undefined);
	const injectedIds = new Set(injected.map((memory) => memory.id));
	const pool = pickRanked(ordered, settings, limit * POOL_FACTOR).filter(
		(memory) => memory.why.injected === undefined && !injectedIds.has(memory.id),
	);
	return [...diversify(pool, communityOf, factor, limit - injected.length, episodes), ...injected];
}

/**
 * Picks `limit` memories from `ranked` (rankRecall's order: confident results first, then
 * low-confidence ones, each by score) so that they spread over communities: each pick takes the
 * best score × factor^n, where n is how many memories of the same community are already picked.
 * Factor 1 keeps the order as it is; memories without a community are never held back. With
 * `episodes` (factor below 1), a memory of an episode is held back by its episode instead, by the
 * episode factor, while fewer than `episodes.depth` results are picked; after that it is not held
 * back at all, so the rest of the list follows relevance. The confident results still all come
 * before the low-confidence ones.
 */
export function diversify(
	ranked: readonly RankedMemory[],
	communityOf: (id: string) => number | undefined,
	factor: number,
	limit: number,
	episodes?: EpisodeDiversity,
): RankedMemory[] {
	if (!(factor >= 0 && factor <= 1)) throw new RangeError(`The diversity factor must be from 0 to 1 (got ${factor}).`);
	const byEpisode = episodes !== undefined && episodes.factor < 1 ? episodes : undefined;
	if (factor === 1 && byEpisode === undefined) return ranked.slice(0, limit);
	const depth = byEpisode?.depth ?? limit;
	const groupOf = (id: string): { key: string; episode: boolean } | undefined => {
		const episode = byEpisode?.of(id);
		if (episode !== undefined) return { key: `episode ${episode}`, episode: true };
		const community = communityOf(id);
		return community === undefined ? undefined : { key: `community ${community}`, episode: false };
	};
	const picked: RankedMemory[] = [];
	const perGroup = new Map<string, number>();
	const heldBack = (group: { key: string; episode: boolean } | undefined): number => {
		if (group === undefined) return 1;
		if (!group.episode) return factor ** (perGroup.get(group.key) ?? 0);
		return byEpisode && picked.length < depth ? byEpisode.factor ** (perGroup.get(group.key) ?? 0) : 1;
	};
	for (const tier of [ranked.filter((m) => m.lowConfidence !== true), ranked.filter((m) => m.lowConfidence === true)]) {
		const left = tier.map((memory) => ({ memory, group: groupOf(memory.id) }));
		while (picked.length < limit && left.length > 0) {
			let best = 0;
			let bestScore = -1;
			for (let i = 0; i < left.length; i++) {
				const score = left[i].memory.score * heldBack(left[i].group);
				if (score > bestScore) {
					best = i;
					bestScore = score;
				}
			}
			const [{ memory, group }] = left.splice(best, 1);
			picked.push(memory);
			if (group !== undefined) perGroup.set(group.key, (perGroup.get(group.key) ?? 0) + 1);
		}
	}
	return picked;
}
