import type { LifecycleStatus } from "../model/lifecycle-status";
import type { MemoryNodeAttributes } from "../graph/types";
import { locateFrontmatter } from "../parse/frontmatter";
import type { KeywordHit } from "./keyword-index";
import type { RankedMemory } from "./rank";
import type { RecallHit, SearchHit } from "./recall-types";

const SNIPPET_CHARS = 280;

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
