import { EDGE_TYPE_INFO } from "../model/edge-types";
import type { MemoryGraph } from "./memory-graph";

export type CausalDirection = "upstream" | "downstream";

/**
 * Upstream of X are its causes and evidence, downstream its consequences: each edge type's
 * `upstreamEnd` (EDGE_TYPE_INFO) says which end of its edges is the upstream one.
 */
export function causalNeighbours(memory: MemoryGraph, path: string, direction: CausalDirection): string[] {
	const found = new Set<string>();
	visitCausalNeighbours(memory, path, direction, (neighbour) => {
		found.add(neighbour);
		return false;
	});
	return [...found];
}

/**
 * Calls `visit` with each causal neighbour (a neighbour linked twice comes twice) until it
 * returns true: a walk that needs a few steps stops without reading a hub's every edge.
 */
function visitCausalNeighbours(
	memory: MemoryGraph,
	path: string,
	direction: CausalDirection,
	visit: (neighbour: string) => boolean,
): void {
	const { graph } = memory;
	if (!graph.hasNode(path)) return;
	// Upstream of X: targets of X's edges whose target is upstream, sources of edges into X whose source is.
	const farEndOfOut = direction === "upstream" ? "target" : "source";
	const stopped = graph.someOutEdge(
		path,
		(_key, attributes, _source, target) => EDGE_TYPE_INFO[attributes.type].upstreamEnd === farEndOfOut && visit(target),
	);
	if (stopped) return;
	const farEndOfIn = direction === "upstream" ? "source" : "target";
	graph.someInEdge(
		path,
		(_key, attributes, source) => EDGE_TYPE_INFO[attributes.type].upstreamEnd === farEndOfIn && visit(source),
	);
}

export interface ChainStep {
	path: string;
	/** Hops from the start node (1 = direct cause or effect). */
	depth: number;
	/** The node one hop closer to the start through which this one was reached. */
	via: string;
}

export interface ChainOptions {
	/** Notes the walk may enter (e.g. the notes a caller may read): a note left out is not reported, nor walked through. */
	include?: (path: string) => boolean;
	/** Stop once this many steps are found (a hub's chain has tens of thousands); default all. */
	maxSteps?: number;
}

/** Breadth-first walk of the causal chain, each node reported once at its shortest depth. */
export function causalChain(
	memory: MemoryGraph,
	start: string,
	direction: CausalDirection,
	maxDepth: number,
	{ include = () => true, maxSteps = Infinity }: ChainOptions = {},
): ChainStep[] {
	const seen = new Set([start]);
	const steps: ChainStep[] = [];
	let frontier = [start];
	for (let depth = 1; depth <= maxDepth && frontier.length > 0; depth++) {
		const next: string[] = [];
		for (const from of frontier) {
			visitCausalNeighbours(memory, from, direction, (path) => {
				if (seen.has(path)) return false;
				seen.add(path);
				if (!include(path)) return false;
				steps.push({ path, depth, via: from });
				next.push(path);
				return steps.length >= maxSteps;
			});
			if (steps.length >= maxSteps) return steps;
		}
		frontier = next;
	}
	return steps;
}
