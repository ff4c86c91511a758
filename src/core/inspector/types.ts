import type { HistoryEntry } from "../activity/node-activity";
import type { ChainStep } from "../graph/causal";
import type { EdgeProvenance } from "../graph/types";
import type { LifecycleStatus } from "../model/lifecycle-status";
import type { DecayModel } from "../model/scoring-settings";
import type { EdgeType } from "../model/edge-types";
import type { UseKind } from "../scoring/activity";

interface RelevanceForce {
	value: number;
	lastUse: { at: number; kind: UseKind };
	/** Days from the last use to now. */
	ageDays: number;
	decayModel: DecayModel;
	halfLifeDays: number;
	/** Stretches the half-lives; raised by spaced recalls (1 = never). */
	stability: number;
}

interface ConnectivityForce {
	value: number;
	/** Σ causal weight of the supportive edges in and out. */
	weightedDegree: number;
	/** Distinct supportive neighbours. */
	degree: number;
	/** The vault's reference weighted degree (its `referencePercentile`) at which connectivity reaches 1. */
	referenceDegree: number;
	orphanFloor: number;
	orphan: boolean;
}

interface ReactivationForce {
	value: number;
	recalls: number;
	lastRecall: number | null;
	/** Age-weighted recall count now. */
	recallStrength: number;
	/** Recall part of reactivation, without the baseline. */
	activation: number;
	baseline: number;
	recallsForHalfBoost: number;
}

export interface ScoreExplanation {
	relevance: RelevanceForce;
	connectivity: ConnectivityForce;
	reactivation: ReactivationForce;
	retention: number;
	/** Score for promotion to core. */
	consolidation: number;
	/** The formula with the values filled in, one line per force and one for retention. */
	formula: string[];
}

export interface ExplainedEdge {
	source: string;
	target: string;
	type: EdgeType;
	weight: number;
	supportive: boolean;
	provenance: EdgeProvenance[];
}

export interface RemovalImpact {
	/** Supportive neighbours whose only supportive link is to this memory: orphans once it is gone. */
	orphaned: string[];
	/** How many there are (the list may be cut or leave out notes the caller may not see). */
	orphanedCount: number;
	/**
	 * Memories cut off from the larger part of this memory's supportive neighbourhood: every
	 * supportive path between them and the rest runs through this memory (it is a cut vertex).
	 */
	disconnected: number;
	/** Pieces this memory's supportive component falls into without it (1 = it holds nothing together). */
	componentsAfter: number;
	/** What the memory carries: Σ causal weight of its supportive edges, and their count. */
	weightedDegree: number;
	supportiveEdges: number;
	/** Edges of any type that would go. */
	edges: number;
}

export interface StatusExplanation {
	status: LifecycleStatus;
	/** Human-readable: what put the memory in its status, and what its live retention calls for. */
	why: string;
	/** When it entered the status, if a transition was logged. */
	since: number | null;
	/** The status the live retention calls for before hysteresis. */
	retentionCallsFor: "active" | "dormant" | "fading";
	dormantThreshold: number;
	fadingThreshold: number;
	/** When it steps down if nobody uses it; null for core, fading and pruned memories. */
	outlook: StatusOutlook | null;
}

export interface StatusOutlook {
	/** The status it steps down to. */
	to: "dormant" | "fading";
	/**
	 * Whole days from now until its unused retention falls below that status's threshold: 0 when
	 * it already has (the next passes move it), null when not within ten years.
	 */
	inDays: number | null;
}

export interface Explanation {
	path: string;
	title: string;
	pinned: boolean;
	category: string | null;
	/** `memory_source` (e.g. "mcp" for plugin-created memories). */
	source: string | null;
	status: StatusExplanation;
	scores: ScoreExplanation;
	/** Transitions and prunes, oldest first. */
	history: HistoryEntry[];
	upstream: ChainStep[];
	downstream: ChainStep[];
	/** True when a chain was cut at its step limit. */
	chainTruncated: boolean;
	/** At most `maxListed` of each; the totals and counts by type cover every edge the caller may see. */
	edgesOut: ExplainedEdge[];
	edgesIn: ExplainedEdge[];
	edgesOutTotal: number;
	edgesInTotal: number;
	edgesOutByType: Partial<Record<EdgeType, number>>;
	edgesInByType: Partial<Record<EdgeType, number>>;
	/** What the lists leave out, in words ("and 49,990 more: 29,990 caused_by, …"); null when nothing is. */
	edgesOutMore: string | null;
	edgesInMore: string | null;
	removalImpact: RemovalImpact;
}

type TraverseDirection = "out" | "in" | "both";

export interface TraverseOptions {
	/** Hops from the start, 1–10 (default 2). */
	depth?: number;
	/** Follow (and report) only these edge types; default all. */
	edgeTypes?: readonly EdgeType[];
	/** "out" follows edges from source to target, "in" against them, "both" either way (default). */
	direction?: TraverseDirection;
	/** Stop after this many nodes (default 500); the result is then `truncated`. */
	maxNodes?: number;
	/** Notes the walk may enter (e.g. the notes a client may read); default all. */
	include?: (path: string) => boolean;
}

export interface TraversedNode {
	path: string;
	title: string;
	status: LifecycleStatus;
	/** Hops from the start (0 = the start). */
	depth: number;
}

export interface TraversedEdge {
	source: string;
	target: string;
	type: EdgeType;
}

export interface Traversal {
	start: string;
	nodes: TraversedNode[];
	/** Every edge (of the followed types) between two returned nodes: the induced subgraph. */
	edges: TraversedEdge[];
	truncated: boolean;
}

export interface MemoryStats {
	notes: number;
	edges: number;
	edgesByType: Record<EdgeType, number>;
	byStatus: Record<LifecycleStatus, number>;
	orphans: number;
	/** Links to notes that do not exist. */
	danglingLinks: number;
	core: number;
	pinned: number;
	pendingEmbeddings: number;
	/** When the last maintenance pass ran (ms), or null before the first. */
	lastMaintenanceAt: number | null;
	indexWarnings: number;
	/** Core proposals waiting for the user (approval categories). */
	openProposals: number;
}

export interface CoreMemory {
	path: string;
	title: string;
	category: string | null;
	pinned: boolean;
	/** Why it is core: pinned, or the promotion's reason. */
	why: string;
	/** When it became core, if the transition was logged. */
	since: number | null;
}
