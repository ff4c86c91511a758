import type { ChainStep } from "../../core/graph/causal";
import type { EdgeProvenance } from "../../core/graph/types";
import type { CoreProposal } from "../../core/lifecycle/decide-transition";
import { formatScore } from "../../core/lifecycle/format";
import { EDGE_TYPE_INFO, EDGE_TYPES, type EdgeType } from "../../core/model/edge-types";
import { edgePhrase, type EdgeSide } from "../../core/graph/edge-phrases";
import type { MemoryEngine } from "../memory-engine";
import type { Explanation } from "../../core/inspector/types";

const DAY = 86_400_000;
/** The recall sparkline: recalls per week over this many weeks, oldest first. */
export const SPARKLINE_WEEKS = 12;

type ForceName = "relevance" | "connectivity" | "reactivation";

interface ForceView {
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

interface LinkedNote {
	path: string;
	title: string;
}

/** The note's direct neighbours of one relation, e.g. "caused by" (its caused_by targets) or "led to" (their sources). */
export interface NeighbourGroup {
	family: NeighbourFamily;
	type: EdgeType;
	side: EdgeSide;
	/** edgePhrase(type, side): the words the explanation and memory_get use. */
	relation: string;
	/** At most NEIGHBOURS_SHOWN, by title. */
	notes: LinkedNote[];
	/** Neighbours of this relation left out of `notes`. */
	more: number;
}

export type NeighbourFamily = "causes" | "consequences" | "contradictions" | "other";

/** Neighbours named per relation in the view; the rest are counted ("and 4 more"). */
export const NEIGHBOURS_SHOWN = 5;

const FAMILIES: readonly NeighbourFamily[] = ["causes", "consequences", "contradictions", "other"];
const SIDES: readonly EdgeSide[] = ["out", "in"];

/**
 * The family of a relation, read from EDGE_TYPE_INFO: what the note rests on (the other note is
 * the edge's upstream end: its causes and evidence), what rests on it, what disagrees with it
 * (a conflict that replaces nothing), and the rest.
 */
function familyOf(type: EdgeType, side: EdgeSide): NeighbourFamily {
	const info = EDGE_TYPE_INFO[type];
	if (info.upstreamEnd !== null)
		return info.upstreamEnd === (side === "out" ? "target" : "source") ? "causes" : "consequences";
	return info.marksConflict && !info.replacesTarget ? "contradictions" : "other";
}

/**
 * Every relation with its family, in the order the view lists them: by family, within one the
 * relations that mark a conflict (a replacement) first, then by edge type, outgoing first.
 */
const RELATIONS: readonly (readonly [NeighbourFamily, EdgeType, EdgeSide])[] = FAMILIES.flatMap((family) =>
	[...EDGE_TYPES]
		.sort((a, b) => Number(EDGE_TYPE_INFO[b].marksConflict) - Number(EDGE_TYPE_INFO[a].marksConflict))
		.flatMap((type) =>
			SIDES.filter((side) => familyOf(type, side) === family).map((side) => [family, type, side] as const),
		),
);

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
	/** Its direct neighbours by relation, in the order of RELATIONS; relations without any left out. */
	neighbours: NeighbourGroup[];
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
	const chainLink = (step: ChainStep): ChainLink => ({
		...step,
		title: title(step.path),
		edges: [
			...graph.outEdges(step.via).filter((edge) => edge.target === step.path),
			...graph.inEdges(step.via).filter((edge) => edge.source === step.path),
		].map((edge) => ({ type: edge.type, source: edge.source, provenance: edge.provenance })),
	});
	return {
		explanation,
		forces: forcesOf(explanation),
		recalls,
		recallsPerWeek: perWeek(recalls, now),
		lastOpened: activity?.lastOpened ?? null,
		upstream: explanation.upstream.map(chainLink),
		downstream: explanation.downstream.map(chainLink),
		neighbours: neighbourGroups(engine, path),
		proposal: engine.maintenance.proposals().find((proposal) => proposal.path === path) ?? null,
	};
}

/** Every edge in and out of the note, grouped by relation; a relation both ways (related_to) lists each note once. */
function neighbourGroups(engine: MemoryEngine, path: string): NeighbourGroup[] {
	const graph = engine.index.graph;
	const byRelation = new Map<string, Set<string>>();
	const add = (type: EdgeType, side: EdgeSide, other: string): void => {
		const relation = edgePhrase(type, side);
		const notes = byRelation.get(relation) ?? new Set<string>();
		notes.add(other);
		byRelation.set(relation, notes);
	};
	for (const edge of graph.outEdges(path)) add(edge.type, "out", edge.target);
	for (const edge of graph.inEdges(path)) add(edge.type, "in", edge.source);
	const groups: NeighbourGroup[] = [];
	for (const [family, type, side] of RELATIONS) {
		const relation = edgePhrase(type, side);
		const paths = byRelation.get(relation);
		if (!paths) continue;
		byRelation.delete(relation);
		const notes = [...paths]
			.map((p) => ({ path: p, title: graph.node(p)?.title ?? p }))
			.sort((a, b) => a.title.localeCompare(b.title));
		groups.push({
			family,
			type,
			side,
			relation,
			notes: notes.slice(0, NEIGHBOURS_SHOWN),
			more: Math.max(0, notes.length - NEIGHBOURS_SHOWN),
		});
	}
	return groups;
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
				: `its supportive links weigh ${formatScore(connectivity.weightedDegree)}; ${formatScore(connectivity.referenceDegree)} gives the full score (the links are listed below)`,
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
