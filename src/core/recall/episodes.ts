import type { EpisodeSettings } from "../model/recall-settings";
import type { FusedHit } from "./fusion";

/** The frontmatter key `memory_store` writes a memory's `source_session` to. */
const SESSION_KEY = "memory_session";

/**
 * The episode a note belongs to: its `memory_session` value, trimmed, compared as it is (an
 * opaque id: "session 3", a UUID, a number). Absent, empty or not a scalar: no episode.
 */
export function episodeKey(frontmatter: Record<string, unknown> | undefined): string | undefined {
	const value = frontmatter?.[SESSION_KEY];
	if (typeof value === "number" && Number.isFinite(value)) return String(value);
	if (typeof value !== "string") return undefined;
	const trimmed = value.trim();
	return trimmed === "" ? undefined : trimmed;
}

/** Which episode a memory belongs to, if any. */
export type EpisodeOf = (id: string) => string | undefined;

/**
 * Each episode's score for a query: the sum of its best `members` fused scores, divided by the
 * best episode's, so the best episode scores 1. An episode whose turns together hold the
 * question beats one with a single strong match.
 */
export function episodeScores(
	hits: readonly FusedHit[],
	episodeOf: EpisodeOf,
	members: number,
	termsOf?: (id: string) => readonly string[] | undefined,
	coverageExponent = 0,
): Map<string, number> {
	const scoresOf = new Map<string, number[]>();
	const termsIn = new Map<string, Set<string>>();
	for (const hit of hits) {
		const episode = episodeOf(hit.id);
		if (episode === undefined || !(hit.score > 0)) continue;
		let scores = scoresOf.get(episode);
		if (!scores) scoresOf.set(episode, (scores = []));
		scores.push(hit.score);
		const terms = termsOf?.(hit.id);
		if (terms) {
			let held = termsIn.get(episode);
			if (!held) termsIn.set(episode, (held = new Set()));
			for (const term of terms) held.add(term);
		}
	}
	let mostTerms = 0;
	for (const held of termsIn.values()) mostTerms = Math.max(mostTerms, held.size);
	const totals = new Map<string, number>();
	let best = 0;
	for (const [episode, scores] of scoresOf) {
		scores.sort((a, b) => b - a);
		let total = 0;
		for (let i = 0; i < Math.min(members, scores.length); i++) total += scores[i];
		if (coverageExponent > 0 && mostTerms > 0)
			total *= ((termsIn.get(episode)?.size ?? 0) / mostTerms) ** coverageExponent;
		totals.set(episode, total);
		best = Math.max(best, total);
	}
	if (best > 0) for (const [episode, total] of totals) totals.set(episode, total / best);
	return totals;
}

/**
 * Fused hits weighed by their episode: score × (1 − weight + weight × episode score), so the
 * members of the episodes that match the question best come first and a strong match in an
 * episode that matches nothing else drops back. Hits without an episode keep their score; with
 * no episode among the hits (or weight 0) the list is returned as it is. Best first.
 */
export function weighByEpisode(
	hits: readonly FusedHit[],
	episodeOf: EpisodeOf,
	settings: EpisodeSettings,
	termsOf?: (id: string) => readonly string[] | undefined,
): FusedHit[] {
	if (settings.weight === 0) return [...hits];
	const scores = episodeScores(hits, episodeOf, settings.members, termsOf, settings.coverageExponent);
	if (scores.size === 0) return [...hits];
	const weighed = hits.map((hit) => {
		const episode = episodeOf(hit.id);
		const score = episode === undefined ? undefined : scores.get(episode);
		return score === undefined ? hit : { ...hit, score: hit.score * (1 - settings.weight + settings.weight * score) };
	});
	return weighed.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
