import type { WeightedEdges } from "../../../../src/core/recall/communities/directed-louvain";
import { mulberry32 } from "../../scoring/synthetic-vault";

/** Edges as columns from [source, target, weight] triples. */
export function columns(nodeCount: number, triples: readonly (readonly [number, number, number])[]): WeightedEdges {
	return {
		nodeCount,
		sources: Uint32Array.from(triples, ([source]) => source),
		targets: Uint32Array.from(triples, ([, target]) => target),
		weights: Float64Array.from(triples, ([, , weight]) => weight),
	};
}

/** `edgeCount` links between random nodes (parallel links allowed, no loops), weights from `weight`. */
export function randomGraph(
	seed: number,
	nodeCount: number,
	edgeCount: number,
	weight: (r: number) => number,
): WeightedEdges {
	const random = mulberry32(seed);
	const triples: [number, number, number][] = [];
	while (triples.length < edgeCount) {
		const source = Math.floor(random() * nodeCount);
		const target = Math.floor(random() * nodeCount);
		if (source !== target) triples.push([source, target, weight(random())]);
	}
	return columns(nodeCount, triples);
}

/** Causal weights as the memory graph gives them (related_to 0.5, caused_by 1, derived_from 0.8, contradicts 0). */
export const causal = (r: number): number => (r < 0.55 ? 0.5 : r < 0.8 ? 1 : r < 0.9 ? 0.8 : 0);
