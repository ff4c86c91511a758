import type { MemoryGraph } from "../graph/memory-graph";
import { EDGE_TYPE_INFO, type EdgeType } from "../model/edge-types";
import type { ExplainedEdge } from "./types";

/** A memory's edges in one direction: the first few listed, all of them counted by type. */
export interface EdgeListing {
	listed: ExplainedEdge[];
	/** Edges the caller may see, listed or not. */
	total: number;
	byType: Partial<Record<EdgeType, number>>;
	/** What the list leaves out, in words ("and 49,990 more: 29,990 caused_by, …"); null when nothing is. */
	more: string | null;
}

/**
 * The edges into (`in`) or out of a memory whose other end `include` accepts, at most `max` of
 * them as objects: a hub has tens of thousands of edges, and listing them all made its
 * explanation slow and its answer tens of kilobytes.
 */
export function edgeListing(
	memory: MemoryGraph,
	path: string,
	direction: "in" | "out",
	include: (path: string) => boolean,
	max: number,
): EdgeListing {
	const listed: ExplainedEdge[] = [];
	const byType: Partial<Record<EdgeType, number>> = {};
	let total = 0;
	if (!memory.graph.hasNode(path)) return { listed, total, byType, more: null };
	const each =
		direction === "in" ? memory.graph.forEachInEdge.bind(memory.graph) : memory.graph.forEachOutEdge.bind(memory.graph);
	each(path, (_key, attributes, source, target) => {
		if (!include(direction === "in" ? source : target)) return;
		total++;
		byType[attributes.type] = (byType[attributes.type] ?? 0) + 1;
		if (listed.length >= max) return;
		listed.push({
			source,
			target,
			type: attributes.type,
			weight: attributes.weight,
			supportive: EDGE_TYPE_INFO[attributes.type].supportive,
			provenance: [...attributes.provenance],
		});
	});
	return { listed, total, byType, more: moreText(listed, total, byType) };
}

function moreText(
	listed: readonly ExplainedEdge[],
	total: number,
	byType: Partial<Record<EdgeType, number>>,
): string | null {
	if (total <= listed.length) return null;
	const left = new Map(Object.entries(byType) as [EdgeType, number][]);
	for (const edge of listed) left.set(edge.type, (left.get(edge.type) ?? 0) - 1);
	const parts = [...left]
		.filter(([, count]) => count > 0)
		.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
		.map(([type, count]) => `${count.toLocaleString("en-US")} ${type}`);
	return `and ${(total - listed.length).toLocaleString("en-US")} more: ${parts.join(", ")}`;
}
