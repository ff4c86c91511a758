import type { ChainStep } from "../../core/graph/causal";
import type { EdgeProvenance } from "../../core/graph/types";
import type { CoreProposal } from "../../core/lifecycle/decide-transition";
import { formatScore } from "../../core/lifecycle/format";
import type { EdgeType } from "../../core/model/edge-types";
import type { MemoryEngine } from "../memory-engine";
import type { Explanation } from "../../core/inspector/types";

const DAY = 86_400_000;
/** The recall sparkline: recalls per week over this many weeks, oldest first. */
export const SPARKLINE_WEEKS = 12;

export type ForceName = "relevance" | "connectivity" | "reactivation";

export interface ForceView {
	name: ForceName;
	value: number;
	/** The live numbers behind the value. */
	detail: string;
	/** What would raise (or lower) it. */
	mover: string;
}

export interface ChainLink {
	path: string;
	title: string;
	/** Hops from the note (1 = direct). */
	depth: number;
	via: string;
	/** The typed edges between this memory and `via`, each with where it is written. */
	edges: { type: EdgeType; source: string; provenance: readonly EdgeProvenance[] }[];
}

export interface LinkedNote {
	path: string;
	title: string;
}

/** The "this note" part of the memory view; `explanation` is what memory_explain returns, from the same call. */
export interface NoteOverview {
	explanation: Explanation;
	forces: ForceView[];
	/** Recall timestamps kept for scoring (the most recent ones), ascending. */
	recalls: number[];
	/** Recalls per week, the last `SPARKLINE_WEEKS` weeks, oldest first. */
	recallsPerWeek: number[];
	lastOpened: number | null;
	upstream: ChainLink[];
	downstream: ChainLink[];
	supersedes: LinkedNote[];
	supersededBy: LinkedNote[];
	/** Memories linked to this one by a contradicts edge, either way. */
	conflicts: LinkedNote[];
	/** The open core proposal for it, if any. */
	proposal: CoreProposal | null;
}

/** Everything the view shows about one note, read from the index, activity log and lifecycle in memory. */
export function noteOverview(engine: MemoryEngine, path: string): NoteOverview {
	const explanation = engine.inspector.explain(path);
	const graph = engine.index.graph;
	const now = engine.now();
	const activity = engine.activity.get(path);
	const recalls = [...(activity?.recalls.recent ?? [])];
	const title = (p: string): string => graph.node(p)?.title ?? p;
	const linked = (paths: string[]): LinkedNote[] => [...new Set(paths)].map((p) => ({ path: p, title: title(p) }));
	const chainLink = (step: ChainStep): ChainLink => ({
		...step,
		title: title(step.path),
		edges: [
			...graph.outEdges(step.via).filter((edge) => edge.target === step.path),
			...graph.inEdges(step.via).filter((edge) => edge.source === step.path),
		].map((edge) => ({ type: edge.type, source: edge.source, provenance: edge.provenance })),
	});
	const { edgesOut, edgesIn } = explanation;
	return {
		explanation,
		forces: forcesOf(explanation),
		recalls,
		recallsPerWeek: perWeek(recalls, now),
		lastOpened: activity?.lastOpened ?? null,
		upstream: explanation.upstream.map(chainLink),
		downstream: explanation.downstream.map(chainLink),
		supersedes: linked(edgesOut.filter((e) => e.type === "supersedes").map((e) => e.target)),
		supersededBy: linked(edgesIn.filter((e) => e.type === "supersedes").map((e) => e.source)),
		conflicts: linked([
			...edgesOut.filter((e) => e.type === "contradicts").map((e) => e.target),
			...edgesIn.filter((e) => e.type === "contradicts").map((e) => e.source),
		]),
		proposal: engine.maintenance.proposals().find((proposal) => proposal.path === path) ?? null,
	};
}

function forcesOf(e: Explanation): ForceView[] {
	const { relevance, connectivity, reactivation } = e.scores;
	const days = (n: number): string => `${formatScore(n)} ${n === 1 ? "day" : "days"}`;
	const ago = (n: number): string =>
		n < 1 / 24
			? "less than an hour ago"
			: n < 1
				? `${Math.round(n * 24)} h ago`
				: `${days(Math.round(n * 10) / 10)} ago`;
	return [
		{
			name: "relevance",
			value: relevance.value,
			detail: `last ${relevance.lastUse.kind} ${ago(relevance.ageDays)}; ${relevance.decayModel} decay, half-life ${days(relevance.halfLifeDays)} × stability ${formatScore(relevance.stability)}`,
			mover: "Opening, editing or recalling the note resets it; it decays while the note is unused.",
		},
		{
			name: "connectivity",
			value: connectivity.value,
			detail: connectivity.orphan
				? `an orphan: no supportive links, held at the floor ${formatScore(connectivity.orphanFloor)}`
				: `${connectivity.degree} supportive ${connectivity.degree === 1 ? "neighbour" : "neighbours"}, weighted degree ${formatScore(connectivity.weightedDegree)} of ${formatScore(connectivity.referenceDegree)} for full score`,
			mover:
				"Causal links (caused_by, supports, derived_from, related_to) to or from other notes raise it; removing them lowers it.",
		},
		{
			name: "reactivation",
			value: reactivation.value,
			detail: `${reactivation.recalls} ${reactivation.recalls === 1 ? "recall" : "recalls"}, strength ${formatScore(reactivation.recallStrength)}; ${formatScore(reactivation.recallsForHalfBoost)} recent recalls give half the boost`,
			mover: "Each time an agent recalls it, it rises; old recalls count for less and less.",
		},
	];
}

function perWeek(recalls: readonly number[], now: number): number[] {
	const weeks = new Array<number>(SPARKLINE_WEEKS).fill(0);
	for (const at of recalls) {
		const ago = Math.floor((now - at) / (7 * DAY));
		if (ago >= 0 && ago < SPARKLINE_WEEKS) weeks[SPARKLINE_WEEKS - 1 - ago]++;
	}
	return weeks;
}
