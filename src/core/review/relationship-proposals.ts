import { cueWord } from "../cues/cue-words";

/** What relationship discovery reads of the cue index (the engine's CueIndex is one). */
export interface CueHolders {
	ids(): Iterable<string>;
	cuesOf(path: string): readonly string[] | undefined;
	namesOf(path: string): readonly string[] | undefined;
	holderCount(cue: string): number;
	memoriesOf(cue: string): Iterable<string> | undefined;
}

export interface RelationshipContext {
	/** A cue is rare when at most this many memories hold it (and at least two do). */
	maxHolders: number;
	/** The memory's Louvain community; undefined when it has none yet (it counts as different). */
	communityOf: (path: string) => number | undefined;
	/** Whether the two are linked already: by an edge of any type, either way, or through one memory between them. */
	linked: (a: string, b: string) => boolean;
	/** Whether the user declined the pair (its `pairKey`). */
	declined: (key: string) => boolean;
	/** When the memory was created (ms): the newer one is the source of the proposed link. */
	created: (path: string) => number;
	/** How many memories the cue index holds (for how rare a cue is). */
	memories: number;
}

type ProposedType = "related_to" | "caused_by";

export interface RelationshipProposal {
	/** The newer memory: the link is written in its frontmatter. */
	source: string;
	target: string;
	type: ProposedType;
	/** The rare cues the two share: names first, then the rarest, then the longest phrase. */
	cues: string[];
	/** Σ ln(memories / holders) over the shared rare cues: rarer and more cues score higher. */
	score: number;
	/** The pair, whichever way round (see `pairKey`). */
	key: string;
}

/** A shared rare name weighs as much as two shared rare words. */
const NAME_WEIGHT = 2;
/** Shared rare cues (names counted twice) a pair needs. */
const MIN_SHARED = 2;
/** Words that, in the newer memory's cues, say it happened because of the older one. */
const CAUSAL_CUES = new Set(
	["cause", "caused", "because", "due", "result", "consequence", "triggered"].map(cueWord).filter((cue) => cue !== ""),
);

/** The same key for (a, b) and (b, a). */
export function pairKey(a: string, b: string): string {
	return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}

/** The two paths of a `pairKey`. */
export function pairOf(key: string): [string, string] {
	const [a, b] = key.split("\u0000");
	return [a, b ?? ""];
}

/**
 * Links worth proposing between memories that nothing links yet (not even through one memory
 * between them: two notes linking to the same note share its name as a cue) and that sit in different
 * communities, yet share rare cues (held by 2 to `maxHolders` memories): a shared rare name, or
 * two shared rare words. The type is `caused_by` when the newer memory holds a causal word
 * (cause, because, due, result, …), else `related_to`; declined pairs are left out. Strongest first.
 */
export function relationshipProposals(cues: CueHolders, context: RelationshipContext): RelationshipProposal[] {
	const shared = new Map<string, string[]>();
	for (const path of cues.ids()) {
		for (const cue of cues.cuesOf(path) ?? []) {
			const holders = cues.holderCount(cue);
			if (holders < 2 || holders > context.maxHolders) continue;
			for (const other of cues.memoriesOf(cue) ?? []) {
				if (other <= path) continue;
				const key = pairKey(path, other);
				const list = shared.get(key);
				if (list) list.push(cue);
				else shared.set(key, [cue]);
			}
		}
	}
	const proposals: RelationshipProposal[] = [];
	for (const [key, common] of shared) {
		const [a, b] = pairOf(key);
		const names = new Set(cues.namesOf(a) ?? []);
		const named = common.filter((cue) => names.has(cue) && (cues.namesOf(b) ?? []).includes(cue));
		if (common.length + (NAME_WEIGHT - 1) * named.length < MIN_SHARED) continue;
		if (context.declined(key) || context.linked(a, b)) continue;
		const community = context.communityOf(a);
		if (community !== undefined && community === context.communityOf(b)) continue;
		const [source, target] = context.created(b) > context.created(a) ? [b, a] : [a, b];
		const rarity = (cue: string): number => Math.log(Math.max(context.memories, 2) / cues.holderCount(cue));
		const causal = (cues.cuesOf(source) ?? []).some((cue) => CAUSAL_CUES.has(cue));
		proposals.push({
			source,
			target,
			type: causal ? "caused_by" : "related_to",
			cues: [...common].sort(
				(x, y) =>
					Number(named.includes(y)) - Number(named.includes(x)) ||
					rarity(y) - rarity(x) ||
					y.split(" ").length - x.split(" ").length,
			),
			score: common.reduce((sum, cue) => sum + rarity(cue), 0),
			key,
		});
	}
	return proposals.sort((x, y) => y.score - x.score || (x.key < y.key ? -1 : 1));
}
