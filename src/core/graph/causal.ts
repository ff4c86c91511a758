import { EDGE_TYPE_INFO } from "../model/edge-types";
import type { MemoryGraph } from "./memory-graph";

export type CausalDirection = "upstream" | "downstream";

/**
 * Upstream of X are its causes and evidence, downstream its consequences: each edge type's
 * `upstreamEnd` (EDGE_TYPE_INFO) says which end of its edges is the upstream one.
 */
export function causalNeighbours(memory: MemoryGraph, path: string, direction: CausalDirection): string[] {
	const { graph } = memory;
	if (!graph.hasNode(path)) return [];
	const found = new Set<string>();
	// Upstream of X: targets of X's edges whose target is upstream, sources of edges into X whose source is.
	const farEndOfOut = direction === "upstream" ? "target" : "source";
	graph.forEachOutEdge(path, (_key, attributes, _source, target) => {
		if (EDGE_TYPE_INFO[attributes.type].upstreamEnd === farEndOfOut) found.add(target);
	});
	const farEndOfIn = direction === "upstream" ? "source" : "target";
	graph.forEachInEdge(path, (_key, attributes, source) => {
		if (EDGE_TYPE_INFO[attributes.type].upstreamEnd === farEndOfIn) found.add(source);
	});
	return [...found];
}

export interface ChainStep {
	path: string;
	/** Hops from the start node (1 = direct cause or effect). */
	depth: number;
	/** The node one hop closer to the start through which this one was reached. */
	via: string;
}

/** Breadth-first walk of the causal chain, each node reported once at its shortest depth. */
export function causalChain(
	memory: MemoryGraph,
	start: string,
	direction: CausalDirection,
	maxDepth: number,
): ChainStep[] {
	const seen = new Set([start]);
	const steps: ChainStep[] = [];
	let frontier = [start];
	for (let depth = 1; depth <= maxDepth && frontier.length > 0; depth++) {
		const next: string[] = [];
		for (const from of frontier) {
			for (const path of causalNeighbours(memory, from, direction)) {
				if (seen.has(path)) continue;
				seen.add(path);
				steps.push({ path, depth, via: from });
				next.push(path);
			}
		}
		frontier = next;
	}
	return steps;
}
