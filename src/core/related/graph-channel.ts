import type { MemoryGraph } from "../graph/memory-graph";
import type { ChannelHits } from "./related-ranking";

/** A neighbour linked to more notes than this is a hub (an index, a daily note): it relates nothing in particular. */
const MAX_MIDDLE_DEGREE = 200;
/** Notes named in a reason. */
const REASON_NOTES = 2;

/**
 * Neighbours of neighbours of `path` (links either way, any type) that are not its neighbours:
 * Adamic–Adar over the shared neighbours (a shared neighbour with few links counts more),
 * squashed into [0, 1). Hubs are not walked through, so the walk is bounded by
 * degree × MAX_MIDDLE_DEGREE. A generator of small steps (one neighbour's neighbours each) for a
 * TimeSlicer; the graph may change between steps, so a neighbour removed by then is skipped.
 */
export function* graphChannelStepwise(memory: MemoryGraph, path: string): Generator<void, ChannelHits> {
	const { graph } = memory;
	const scores = new Map<string, number>();
	const middles: string[] = [];
	if (graph.hasNode(path)) {
		const direct = new Set(graph.neighbors(path));
		for (const middle of direct) {
			yield;
			if (!graph.hasNode(middle)) continue;
			const degree = graph.degree(middle);
			if (degree > MAX_MIDDLE_DEGREE) continue;
			middles.push(middle);
			const weight = 1 / Math.log(2 + degree);
			for (const other of graph.neighbors(middle)) {
				if (other !== path && !direct.has(other)) scores.set(other, (scores.get(other) ?? 0) + weight);
			}
		}
		for (const [other, sum] of scores) {
			scores.set(other, 1 - Math.exp(-sum));
			yield;
		}
	}
	return {
		scores,
		reason: (other) => {
			const via = middles
				.filter((middle) => graph.hasNode(middle) && graph.hasNode(other) && graph.areNeighbors(middle, other))
				.map((middle) => memory.node(middle)?.title ?? middle);
			const more = via.length > REASON_NOTES ? ` and ${via.length - REASON_NOTES} more` : "";
			return `linked through ${via.slice(0, REASON_NOTES).join(", ")}${more}`;
		},
	};
}
