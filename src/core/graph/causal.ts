import type { MemoryGraph } from "./memory-graph";

export type CausalDirection = "upstream" | "downstream";

/**
 * Upstream of X are its causes and evidence: targets of X's caused_by / derived_from edges and
 * sources of supports edges into X. Downstream is the reverse.
 */
export function causalNeighbours(memory: MemoryGraph, path: string, direction: CausalDirection): string[] {
	const { graph } = memory;
	if (!graph.hasNode(path)) return [];
	const found = new Set<string>();
	const pointsAtCause = direction === "upstream" ? graph.forEachOutEdge.bind(graph) : graph.forEachInEdge.bind(graph);
	const evidenceSide = direction === "upstream" ? graph.forEachInEdge.bind(graph) : graph.forEachOutEdge.bind(graph);
	pointsAtCause(path, (_key, attributes, source, target) => {
		if (attributes.type === "caused_by" || attributes.type === "derived_from") {
			found.add(direction === "upstream" ? target : source);
		}
	});
	evidenceSide(path, (_key, attributes, source, target) => {
		if (attributes.type === "supports") found.add(direction === "upstream" ? source : target);
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
export function causalChain(memory: MemoryGraph, start: string, direction: CausalDirection, maxDepth: number): ChainStep[] {
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
