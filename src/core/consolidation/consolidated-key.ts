import type { MemoryGraphology } from "../graph/memory-graph";
import type { MemoryEdgeAttributes } from "../graph/types";

/**
 * The frontmatter key that marks a memory as consolidated into a summary: `"[[Summary]]"`,
 * written the way `memory_status` is. An unmapped link property, so it is also a related_to
 * edge from the member to its summary; maintenance finds consolidated members by that edge.
 */
export const CONSOLIDATED_INTO_KEY = "memory_consolidated_into";

/** Whether the frontmatter says the memory was consolidated into another (any non-empty value). */
export function isConsolidated(frontmatter: Readonly<Record<string, unknown>> | undefined): boolean {
	const value = frontmatter?.[CONSOLIDATED_INTO_KEY];
	return value !== undefined && value !== null && !(typeof value === "string" && value.trim() === "");
}

/** Whether the edge is stated by a member's `memory_consolidated_into` (it points from the member to its summary). */
export function isConsolidationEdge(edge: MemoryEdgeAttributes): boolean {
	return edge.provenance.some((place) => place.key === CONSOLIDATED_INTO_KEY);
}

/** The summary a memory was consolidated into, as the graph holds it (its `memory_consolidated_into` edge), if any. */
export function summaryOf(graph: MemoryGraphology, path: string): string | undefined {
	if (!graph.hasNode(path)) return undefined;
	const edge = graph.findOutEdge(path, (_key, attributes) => isConsolidationEdge(attributes));
	return edge === undefined ? undefined : graph.target(edge);
}
