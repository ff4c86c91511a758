import type { LifecycleStatus } from "../model/lifecycle-status";
import type { MemoryNodeAttributes } from "../graph/types";
import { locateFrontmatter } from "../parse/frontmatter";
import type { KeywordHit } from "./keyword/keyword-index";
import type { RankedMemory, RecallWhy } from "./rank";
import type { RecallHit, SearchHit } from "./recall-types";

const SNIPPET_CHARS = 280;
/**
 * Memories a hit names at most in `supersededBy` and `why.replaces`; the rest are counted: a
 * memory amended by thousands of others would otherwise list them all in every answer.
 */
export const MAX_LISTED_NEIGHBOURS = 10;
/** Other results a hit's conflicts name at most: ten near-identical hits each listed the nine others. */
export const MAX_LISTED_CONFLICTS = 3;

/** A hit's text: the snippet (concise) or the note's text after its frontmatter (full), when known. */
export type HitText = { snippet: string } | { content: string } | null;

/** What recall returns for one ranked memory. */
export function recallHit(
	memory: RankedMemory,
	node: MemoryNodeAttributes | undefined,
	status: LifecycleStatus,
	text: HitText,
): RecallHit {
	const hit: RecallHit = {
		path: memory.id,
		title: node?.title ?? memory.id,
		score: memory.score,
		relevance: memory.relevance,
		retention: memory.retention,
		status,
		why: memory.why,
	};
	if (node?.memory.pinned) hit.pinned = true;
	if (memory.supersededBy) hit.supersededBy = memory.supersededBy;
	if (memory.lowConfidence) hit.lowConfidence = true;
	return text === null ? hit : { ...hit, ...text };
}

/**
 * A hit as an answer shows it: at most MAX_LISTED_NEIGHBOURS memories in `supersededBy` and
 * `why.replaces`, and the first conflict with each of at most MAX_LISTED_CONFLICTS other results,
 * with the totals when more were cut. Applied last, after the hit was limited to
 * what the caller may read, so the totals count only those.
 */
export function boundedHit(hit: RecallHit): RecallHit {
	const bounded: RecallHit = { ...hit, why: boundedWhy(hit.why) };
	if (hit.supersededBy && hit.supersededBy.length > MAX_LISTED_NEIGHBOURS) {
		bounded.supersededBy = hit.supersededBy.slice(0, MAX_LISTED_NEIGHBOURS);
		bounded.supersededByTotal = hit.supersededBy.length;
	}
	if (hit.conflicts) {
		// The first difference with another result says which to check; the rest are the same pair again.
		const seen = new Set<string>();
		const first = hit.conflicts.filter((conflict) => !seen.has(conflict.id) && seen.add(conflict.id));
		bounded.conflicts = first.slice(0, MAX_LISTED_CONFLICTS);
		if (first.length > MAX_LISTED_CONFLICTS) bounded.conflictsTotal = first.length;
	}
	return bounded;
}

function boundedWhy(why: RecallWhy): RecallWhy {
	if (why.replaces === undefined || why.replaces.length <= MAX_LISTED_NEIGHBOURS) return why;
	return { ...why, replaces: why.replaces.slice(0, MAX_LISTED_NEIGHBOURS), replacesTotal: why.replaces.length };
}

export function searchHit(
	node: MemoryNodeAttributes,
	status: LifecycleStatus,
	lastUsed: number,
	keyword?: KeywordHit,
): SearchHit {
	const hit: SearchHit = {
		path: node.path,
		title: node.title,
		status,
		tags: [...node.tags],
		created: node.ctime,
		modified: node.mtime,
		lastUsed,
	};
	if (node.memory.category !== undefined) hit.category = node.memory.category;
	if (keyword) {
		hit.score = keyword.score;
		hit.terms = keyword.terms;
	}
	return hit;
}

export function bodyText(content: string): string {
	return content.slice(locateFrontmatter(content)?.bodyStart ?? 0).trim();
}

export function snippetOf(text: string): string {
	// Flattening a long note's whole body for 280 characters costs more than the rest of a recall.
	const head = text.length > SNIPPET_CHARS * 8 ? text.slice(0, SNIPPET_CHARS * 8) : text;
	const flat = head.replace(/\s+/g, " ").trim();
	return flat.length <= SNIPPET_CHARS ? flat : `${flat.slice(0, SNIPPET_CHARS - 1).trimEnd()}…`;
}
