/** One way a note can be related to another: by meaning, shared cues, shared words, or shared neighbours. */
export type RelatedChannel = "meaning" | "cues" | "keyword" | "graph";

export interface ChannelHit {
	/** In [0, 1]. */
	score: number;
	/** Why, in a few words ("shares names: maya okafor"). */
	reason: string;
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

interface Candidate {
	score: number;
	parts: { weighted: number; reason: string }[];
}

/** Below this a candidate is noise: a single common word or a far neighbour alone. */
export const MIN_RELATED_SCORE = 0.05;

/**
 * The strongest candidates over all channels, best first (ties by path), each with its reasons;
 * `excluded` (the note itself, its linked notes, pairs marked "not related") never appear. A
 * generator of small steps (one candidate each) for a TimeSlicer; returns the list.
 */
export function* rankRelatedStepwise(
	channels: Partial<Record<RelatedChannel, ReadonlyMap<string, ChannelHit>>>,
	options: {
		excluded: (path: string) => boolean;
		titleOf: (path: string) => string;
		limit: number;
		minScore?: number;
	},
): Generator<void, RelatedMemory[]> {
	const weights = channels.meaning && channels.meaning.size > 0 ? WITH_MEANING : WITHOUT_MEANING;
	const found = new Map<string, Candidate>();
	for (const [channel, hits] of Object.entries(channels) as [RelatedChannel, ReadonlyMap<string, ChannelHit>][]) {
		const weight = weights[channel];
		if (weight === 0) continue;
		for (const [path, hit] of hits) {
			yield;
			if (options.excluded(path)) continue;
			const weighted = weight * Math.min(1, Math.max(0, hit.score));
			let entry = found.get(path);
			if (!entry) found.set(path, (entry = { score: 0, parts: [] }));
			entry.score += weighted;
			entry.parts.push({ weighted, reason: hit.reason });
		}
	}
	const minScore = options.minScore ?? MIN_RELATED_SCORE;
	const strong: [string, Candidate][] = [];
	for (const candidate of found) {
		if (candidate[1].score >= minScore) strong.push(candidate);
		yield;
	}
	return strong
		.sort(([a, x], [b, y]) => y.score - x.score || (a < b ? -1 : a > b ? 1 : 0))
		.slice(0, options.limit)
		.map(([path, entry]) => ({
			path,
			title: options.titleOf(path),
			score: entry.score,
			why: entry.parts.sort((a, b) => b.weighted - a.weighted).map((part) => part.reason),
		}));
}
