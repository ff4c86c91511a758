import type { MemoryGraph } from "../graph/memory-graph";
import type { ChannelHit } from "./related-ranking";

/** A neighbour linked to more notes than this is a hub (an index, a daily note): it relates nothing in particular. */
const MAX_MIDDLE_DEGREE = 200;
/** Notes named in a reason. */
const REASON_NOTES = 2;

/**
 * Neighbours of neighbours of `path` (links either way, any type) that are not its neighbours:
 * Adamic–Adar over the shared neighbours (a shared neighbour with few links counts more),
 * squashed into [0, 1). Hubs are not walked through, so the walk is bounded by
 * degree × MAX_MIDDLE_DEGREE. A generator of small steps (one neighbour's neighbours, one
 * candidate's reason) for a TimeSlicer; the graph may change between steps, so a neighbour
 * removed by then is skipped.
 */
export function* graphChannelStepwise(memory: MemoryGraph, path: string): Generator<void, Map<string, ChannelHit>> {
	const { graph } = memory;
	const hits = new Map<string, ChannelHit>();
	if (!graph.hasNode(path)) return hits;
	const direct = new Set(graph.neighbors(path));
	const found = new Map<string, { sum: number; via: string[] }>();
	for (const middle of direct) {
		yield;
		if (!graph.hasNode(middle)) continue;
		const degree = graph.degree(middle);
		if (degree > MAX_MIDDLE_DEGREE) continue;
		const weight = 1 / Math.log(2 + degree);
		const title = memory.node(middle)?.title ?? middle;
		for (const other of graph.neighbors(middle)) {
			if (other === path || direct.has(other)) continue;
			let entry = found.get(other);
			if (!entry) found.set(other, (entry = { sum: 0, via: [] }));
			entry.sum += weight;
			entry.via.push(title);
		}
	}
	for (const [other, entry] of found) {
		const more = entry.via.length > REASON_NOTES ? ` and ${entry.via.length - REASON_NOTES} more` : "";
		hits.set(other, {
			score: 1 - Math.exp(-entry.sum),
			reason: `linked through ${entry.via.slice(0, REASON_NOTES).join(", ")}${more}`,
		});
		yield;
	}
	return hits;
}
