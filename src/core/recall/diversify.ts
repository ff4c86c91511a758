import type { RankingSettings } from "../model/recall-settings";
import type { EpisodeOf } from "./episodes";
import { orderCandidates, pickRanked, type RankedMemory, type RecallCandidate } from "./rank";

/** Episode diversity: a memory of an episode is held back per result picked from its episode, by `factor`. */
export interface EpisodeDiversity {
	of: EpisodeOf;
	factor: number;
	/** Only the first `depth` results are spread over episodes (default: all of them). */
	depth?: number;
	/**
	 * No spreading at all when one episode is far ahead: no other episode's best candidates (the
	 * sum of their scores) come to `focus` × the best episode's (default 0: always spread).
	 */
	focus?: number;
}

/** Diversity picks the results from this many times `limit` of the best-ranked candidates. */
const POOL_FACTOR = 5;

/** How many of an episode's best candidates weigh it when `focus` compares episodes. */
const FOCUS_MEMBERS = 5;

/**
 * rankRecall's order spread over communities and episodes (see `diversify`), each result's
 * `score` the one it was placed with (see `placedScores`), and without the results under
 * `resultFloor` × the first one's score (see `aboveFloor`). Pinned and core memories that
 * rankRecall injects at the end of the list keep their places and scores there.
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
	const injected = plain.filter((memory) => memory.why.injected !== undefined);
	const placed = (list: RankedMemory[]) => [...aboveFloor(placedScores(list), settings.resultFloor), ...injected];
	if (factor === 1 && (episodes === undefined || episodes.factor === 1))
		return placed(plain.slice(0, plain.length - injected.length));
	const injectedIds = new Set(injected.map((memory) => memory.id));
	const pool = pickRanked(ordered, settings, limit * POOL_FACTOR).filter(
		(memory) => memory.why.injected === undefined && !injectedIds.has(memory.id),
	);
	return placed(diversify(pool, communityOf, factor, limit - injected.length, episodes));
}

/**
 * The results with scores that descend as the list does: each one's score (the one it was
 * picked with), but never above the score of the result before it. The order is lexical, so
 * a few results are placed below one that scores less: every result under the relevance floor
 * comes after every one above it, and the results after the first `depth` spread over episodes
 * come after those, whatever they score. Such a result shows the score of the one above it.
 */
export function placedScores(ranked: readonly RankedMemory[]): RankedMemory[] {
	let ceiling = Infinity;
	return ranked.map((memory) => {
		ceiling = Math.min(ceiling, memory.score);
		return memory.score === ceiling ? memory : { ...memory, score: ceiling };
	});
}

/**
 * The results (scores descending) whose score is at least `floor` × the first one's: a result
 * far below the best is noise for the question, and a shorter list says so better than one
 * padded up to `k`.
 */
export function aboveFloor(ranked: readonly RankedMemory[], floor: number): RankedMemory[] {
	const best = ranked[0]?.score ?? 0;
	const cut = ranked.findIndex((memory) => !(memory.score >= floor * best));
	return cut === -1 ? [...ranked] : ranked.slice(0, cut);
}

/**
 * Picks `limit` memories from `ranked` (rankRecall's order: confident results first, then
 * low-confidence ones, each by score) so that they spread over communities: each pick takes the
 * best score × factor^n, where n is how many memories of the same community are already picked.
 * Factor 1 keeps the order as it is; memories without a community are never held back. With
 * `episodes` (factor below 1), a memory of an episode is held back by its episode instead, by the
 * episode factor, while fewer than `episodes.depth` results are picked; after that it is not held
 * back at all, so the rest of the list follows relevance. When one episode is far ahead of every
 * other (see `EpisodeDiversity.focus`), the question is taken as answered there and no memory of
 * an episode is held back at all. The confident results still all come before the low-confidence ones.
 * Each pick's `score` becomes the score it was picked with (held back or not).
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
	const depth = byEpisode && oneEpisodeAhead(ranked, byEpisode) ? 0 : (byEpisode?.depth ?? limit);
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
			picked.push(bestScore === memory.score ? memory : { ...memory, score: bestScore });
			if (group !== undefined) perGroup.set(group.key, (perGroup.get(group.key) ?? 0) + 1);
		}
	}
	return picked;
}

/**
 * Whether the best episode leads every other by more than 1 / `focus`, each episode weighed by
 * the sum of its `FOCUS_MEMBERS` best candidates' scores: the question then looks answered in that
 * episode, and spreading the first results over episodes that barely match it would only push its
 * own memories down.
 */
function oneEpisodeAhead(ranked: readonly RankedMemory[], episodes: EpisodeDiversity): boolean {
	const focus = episodes.focus ?? 0;
	if (!(focus > 0)) return false;
	const scores = new Map<string, number[]>();
	for (const memory of ranked) {
		const episode = episodes.of(memory.id);
		if (episode === undefined) continue;
		const list = scores.get(episode);
		if (list) list.push(memory.score);
		else scores.set(episode, [memory.score]);
	}
	let first = 0;
	let second = 0;
	for (const list of scores.values()) {
		const weight = list
			.sort((a, b) => b - a)
			.slice(0, FOCUS_MEMBERS)
			.reduce((sum, score) => sum + score, 0);
		if (weight > first) [first, second] = [weight, first];
		else if (weight > second) second = weight;
	}
	return first > 0 && second < focus * first;
}
