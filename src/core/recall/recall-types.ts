import type { LifecycleStatus } from "../model/lifecycle-status";
import type { PossibleConflict } from "./conflicts/conflicts";
import type { RecallWhy } from "./rank";

/**
 * Which stages a recall runs: "keyword" alone, "keyword+graph" (spreading activation, no
 * embeddings), or "full" (keyword, embeddings when a model is ready, and the graph).
 */
export type RecallMode = "keyword" | "keyword+graph" | "full";

export const RECALL_MODES: readonly RecallMode[] = ["keyword", "keyword+graph", "full"];

/**
 * Recall choices that RecallSettings does not hold yet (proposed for it): how keyword and vector
 * relevance are fused, and how strongly results are spread over graph communities.
 */
export interface RecallPipeline {
	/** "relative" (score fusion, see fusion.ts) or "rrf" (reciprocal rank fusion with `fusion.k`). */
	fusion: "relative" | "rrf";
	/** Score factor per result already picked from the same Louvain community (1 = no diversity). */
	diversity: number;
}

export const DEFAULT_RECALL_PIPELINE: RecallPipeline = { fusion: "relative", diversity: 0.8 };

export interface RecallOptions {
	/** How many memories to return. Default 10. */
	k?: number;
	/** The MCP tools' name for `k`; wins when both are given. */
	maxResults?: number;
	/** "concise" (default) gives a snippet of each memory, "full" its whole text. */
	verbosity?: "full" | "concise";
	/** Changes nothing: no reactivation of the results or their neighbours. */
	readOnly?: boolean;
	/** Default "full". */
	mode?: RecallMode;
	/** Only these notes may be returned or named (e.g. what an MCP client may read); default all. */
	include?: (path: string) => boolean;
}

export interface RecallHit {
	/** The memory's vault path (its node id). */
	path: string;
	title: string;
	/**
	 * The score the result was placed with (descending down the list): relevance mixed with the
	 * retention prior (see rankRecall), times the diversity factor it was picked with (see
	 * diversify), at most the score of the result above it (see placedScores).
	 */
	score: number;
	/** Query relevance in [0, 1]: fused keyword/vector relevance and graph activation. */
	relevance: number;
	retention: number;
	status: LifecycleStatus;
	pinned?: true;
	/** Newer memories that replace this one (supersedes edges into it); an answer names the first few (boundedHit). */
	supersededBy?: string[];
	/** How many there are, set by boundedHit when supersededBy lists only some. */
	supersededByTotal?: number;
	/** Relevance below `ranking.lowConfidenceFloor`: placed after every result above it. */
	lowConfidence?: true;
	/**
	 * Other results that may state something different (see hit-conflicts.ts), until a supersedes
	 * or contradicts link between the two, or an amend of either, settles it.
	 */
	conflicts?: PossibleConflict[];
	/** How many other results may disagree, set by boundedHit when `conflicts` names only some of them. */
	conflictsTotal?: number;
	why: RecallWhy;
	/** "concise": the start of the note's text. */
	snippet?: string;
	/** "full": the note's text after its frontmatter. */
	content?: string;
}

export interface RecallResult {
	query: string;
	/** The mode that ran: "full" falls back to "keyword+graph" while no embeddings are ready. */
	mode: RecallMode;
	/** Whether vector similarity took part in this recall. */
	vector: boolean;
	/** Notes still waiting for embeddings (0 without a model). */
	embeddingsPending: number;
	/**
	 * Set while the vault's first index is still being built: the results come from the notes
	 * read so far, without their links. Recall again once indexing is done for complete results.
	 */
	partial?: true;
	results: RecallHit[];
}

export interface SearchFilters {
	/** One status or several; "active" also matches notes without a status. */
	status?: LifecycleStatus | readonly LifecycleStatus[];
	/** `memory_category`, compared case-insensitively. */
	category?: string;
	/** Notes in this folder or below it ("Projects" matches "Projects/Alpha/Plan.md"). */
	folder?: string;
	/** A tag with or without "#"; a parent tag also matches its nested tags ("project" matches "project/alpha"). */
	tag?: string;
	/** Created at or after this time (ms since the epoch). */
	since?: number;
	/** Last used (modified, recalled or opened) at or after this time (ms since the epoch). */
	activeSince?: number;
	/**
	 * A period (see `namedPeriod`: "March" is the latest March, "summer 2023", "2024-03"): the
	 * memory speaks of a day in it (`memory_event_date`, a date in its text) or was written in it.
	 */
	during?: string;
	/** Only these notes may be returned (e.g. what an MCP client may read); default all. */
	include?: (path: string) => boolean;
}

export interface SearchHit {
	path: string;
	title: string;
	status: LifecycleStatus;
	category?: string;
	tags: string[];
	created: number;
	modified: number;
	/** Latest of modified, last recall and last open. */
	lastUsed: number;
	/** Keyword score; absent when listing by recency (empty query). */
	score?: number;
	/** Query terms that matched. */
	terms?: string[];
}
