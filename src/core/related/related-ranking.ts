/** One way a note can be related to another: by meaning, shared cues, shared words, or shared neighbours. */
export type RelatedChannel = "meaning" | "cues" | "keyword" | "graph";

/** What one channel found: a score per note, and why, asked only for the notes shown. */
export interface ChannelHits {
	/** In [0, 1], per note found. */
	scores: ReadonlyMap<string, number>;
	/** Why the channel found the note, in a few words ("shares names: maya okafor"). */
	reason(path: string): string;
}

export interface RelatedMemory {
	path: string;
	title: string;
	/** In [0, 1]: the weighted sum of the channels' scores. */
	score: number;
	/** One reason per channel that found the note, strongest first. */
	why: string[];
}

/** How much each channel counts; meaning counts only when embeddings are on, else its weight goes to the others. */
const WITH_MEANING: Readonly<Record<RelatedChannel, number>> = { meaning: 0.5, cues: 0.25, keyword: 0.1, graph: 0.15 };
const WITHOUT_MEANING: Readonly<Record<RelatedChannel, number>> = { meaning: 0, cues: 0.45, keyword: 0.35, graph: 0.2 };

/** Below this a candidate is noise: a single common word or a far neighbour alone. */
const MIN_RELATED_SCORE = 0.05;

/** Hits whose reasons are known when they are found (the few of a search). */
export function channelHits(found: ReadonlyMap<string, { score: number; reason: string }>): ChannelHits {
	const scores = new Map<string, number>();
	for (const [path, hit] of found) scores.set(path, hit.score);
	return { scores, reason: (path) => found.get(path)?.reason ?? "" };
}

/**
 * The strongest candidates over all channels, best first (ties by path), each with its reasons;
 * `excluded` (the note itself, its linked notes, pairs marked "not related") never appear. A
 * generator of small steps (one candidate each) for a TimeSlicer; returns the list. Only the
 * notes returned get their reasons written.
 */
export function* rankRelatedStepwise(
	channels: Partial<Record<RelatedChannel, ChannelHits>>,
	options: {
		excluded: (path: string) => boolean;
		titleOf: (path: string) => string;
		limit: number;
		minScore?: number;
	},
): Generator<void, RelatedMemory[]> {
	const weights = channels.meaning && channels.meaning.scores.size > 0 ? WITH_MEANING : WITHOUT_MEANING;
	const weighted = (Object.entries(channels) as [RelatedChannel, ChannelHits][])
		.map(([channel, hits]) => ({ weight: weights[channel], hits }))
		.filter(({ weight }) => weight > 0);
	const part = (weight: number, score: number): number => weight * Math.min(1, Math.max(0, score));
	const found = new Map<string, number>();
	for (const { weight, hits } of weighted) {
		for (const [path, score] of hits.scores) {
			yield;
			if (found.has(path)) found.set(path, (found.get(path) as number) + part(weight, score));
			else if (!options.excluded(path)) found.set(path, part(weight, score));
		}
	}
	const minScore = options.minScore ?? MIN_RELATED_SCORE;
	const strong: [string, number][] = [];
	for (const candidate of found) {
		if (candidate[1] >= minScore) strong.push(candidate);
		yield;
	}
	return strong
		.sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
		.slice(0, options.limit)
		.map(([path, score]) => ({
			path,
			title: options.titleOf(path),
			score,
			why: weighted
				.filter(({ hits }) => hits.scores.has(path))
				.map(({ weight, hits }) => ({ weighted: part(weight, hits.scores.get(path) as number), hits }))
				.sort((a, b) => b.weighted - a.weighted)
				.map(({ hits }) => hits.reason(path)),
		}));
}
