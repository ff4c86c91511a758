import type { MemoryGraph } from "../../core/graph/memory-graph";
import type { MemoryNodeAttributes } from "../../core/graph/types";
import type { KeywordHit, KeywordIndex } from "../../core/recall/keyword/keyword-index";
import { searchHit } from "../../core/recall/recall-hits";
import type { SearchFilters, SearchHit } from "../../core/recall/recall-types";
import { compileFilters, type FilterFacts } from "../../core/recall/search-filters";
import { dayOfTime } from "../../core/time/calendar";
import type { CueIndex } from "./cue-index";
import type { MemoryFacts } from "./memory-facts";
import { DEFAULT_K, resultCount } from "./result-count";

/** What listing reads; the graph and keyword index are read once the arguments are checked. */
export interface MemoryListSource {
	graph: () => MemoryGraph;
	keyword: () => KeywordIndex;
	cues: CueIndex;
	facts: MemoryFacts;
	/** Now (ms), the day relative filters count from; without it they are ignored. */
	clock?: () => number;
}

/**
 * Memories that pass the filters: by keyword score for a query, by last use (newest first)
 * for an empty one. Changes nothing.
 */
export function listMemories(
	source: MemoryListSource,
	query: string,
	filters: SearchFilters = {},
	k = DEFAULT_K,
): SearchHit[] {
	const limit = resultCount(k);
	const { cues, facts } = source;
	const now = source.clock?.();
	const accept = compileFilters(filters, now === undefined ? undefined : dayOfTime(now));
	const graph = source.graph();
	const passes = (path: string): boolean => {
		const node = graph.node(path);
		return (
			node !== undefined &&
			accept(node, () => {
				const known: FilterFacts = {
					status: facts.statusOf(path, node),
					lastUsed: facts.lastUsed(path, node),
					times: cues.timesOf(path) ?? [],
				};
				const written = cues.writtenOn(path);
				return written === undefined ? known : { ...known, written };
			})
		);
	};
	const hitOf = (path: string, keyword?: KeywordHit): SearchHit => {
		const node = graph.node(path) as MemoryNodeAttributes;
		return searchHit(node, facts.statusOf(path, node), facts.lastUsed(path, node), keyword);
	};
	if (query.trim() !== "")
		return source
			.keyword()
			.match(query, { limit, filter: passes })
			.map((hit) => hitOf(hit.id, hit));
	const listed: { path: string; lastUsed: number }[] = [];
	for (const path of graph.notePaths()) {
		if (!passes(path)) continue;
		const node = graph.node(path);
		if (node) listed.push({ path, lastUsed: facts.lastUsed(path, node) });
	}
	listed.sort((a, b) => b.lastUsed - a.lastUsed || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
	return listed.slice(0, limit).map(({ path }) => hitOf(path));
}
