import type { ClusterCandidate, PairScore, PairScorer } from "./pair-scores";

/** A group of memories about the same thing, with what it is about and why its members belong together. */
export interface MemoryCluster {
	/** The cues most members share, names first: what the cluster is about. */
	label: string[];
	/** Member paths, newest first. */
	members: string[];
	/** When its newest member was written (ms). */
	newestAt: number;
	/** Mean pair score over the member pairs compared (a pair not compared counts 0). */
	cohesion: number;
	/** The signals that joined the members, in words. */
	why: string[];
}

/** Most cues in a label. */
const LABEL_CUES = 4;

export function describeCluster(
	members: readonly ClusterCandidate[],
	pairs: readonly PairScore[],
	scorer: PairScorer,
): MemoryCluster {
	const sorted = [...members].sort((a, b) => b.at - a.at || (a.id < b.id ? -1 : 1));
	const possiblePairs = (members.length * (members.length - 1)) / 2;
	const mean = (values: number[]): number => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
	const shared = sharedCues(members, scorer);
	const why = [`similar wording: mean keyword similarity ${round2(mean(pairs.map((pair) => pair.keyword)))}`];
	const embeddings = pairs.flatMap((pair) => (pair.embedding === null ? [] : [pair.embedding]));
	if (embeddings.length > 0) why.push(`similar meaning: mean embedding similarity ${round2(mean(embeddings))}`);
	if (shared.length > 0) why.push(`shared cues: ${shared.slice(0, 8).join(", ")}`);
	const episode = members[0].episode;
	if (episode !== undefined && members.every((member) => member.episode === episode))
		why.push(`same episode: ${episode}`);
	const community = members[0].community;
	if (community !== undefined && members.every((member) => member.community === community))
		why.push("same link community");
	return {
		label: shared.slice(0, LABEL_CUES),
		members: sorted.map((member) => member.id),
		newestAt: sorted[0].at,
		cohesion: round2(pairs.reduce((sum, pair) => sum + pair.score, 0) / Math.max(1, possiblePairs)),
		why,
	};
}

/**
 * Cues held by at least half the members (and two of them), names first, then the most widely
 * held, then the rarest in the whole set (the most telling), then alphabetically.
 */
function sharedCues(members: readonly ClusterCandidate[], scorer: PairScorer): string[] {
	const count = new Map<string, number>();
	const names = new Set<string>();
	for (const member of members) {
		for (const cue of new Set(member.cues)) count.set(cue, (count.get(cue) ?? 0) + 1);
		for (const name of member.names) names.add(name);
	}
	const needed = Math.max(2, Math.ceil(members.length / 2));
	const rarity = (cue: string): number => scorer.df.get(cue) ?? 0;
	return [...count.entries()]
		.filter(([, n]) => n >= needed)
		.sort(
			([a, na], [b, nb]) =>
				Number(names.has(b)) - Number(names.has(a)) || nb - na || rarity(a) - rarity(b) || (a < b ? -1 : 1),
		)
		.map(([cue]) => cue);
}

function round2(value: number): number {
	return Math.round(value * 100) / 100;
}
