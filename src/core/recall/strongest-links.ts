import { isConsolidationEdge } from "../consolidation/consolidated-key";
import type { MemoryGraphology } from "../graph/memory-graph";
import { EDGE_TYPE_INFO, EDGE_TYPES, type EdgeType } from "../model/edge-types";
import type { SpreadingSettings } from "../model/recall-settings";

/** One hop of a path: `forward` when the edge points from the earlier node of the path to the later one. */
export interface PathStep {
	type: EdgeType;
	direction: "forward" | "backward";
}

export interface Link {
	neighbour: string;
	/**
	 * Edge-type weight, times the downstream factor for a hop towards consequences, divided by the
	 * node's fan-out (see `fanOutOf`): over its edges of that type for a hop towards a cause or
	 * evidence, over all its edges otherwise.
	 */
	weight: number;
	step: PathStep;
}

/** Every (edge type, direction) a hop can take, as shared frozen steps. */
const STEPS: readonly PathStep[] = EDGE_TYPES.flatMap((type) => [
	Object.freeze({ type, direction: "forward" as const }),
	Object.freeze({ type, direction: "backward" as const }),
]);
const STEP_INDEX = Object.fromEntries(EDGE_TYPES.map((type, i) => [type, 2 * i])) as Record<EdgeType, number>;

/**
 * A node's links for spreading: the strongest `maxNeighbours`, one per neighbour (the strongest
 * edge when a pair has several), strongest first; equal weights keep edge-type order, then
 * graph order. Edges are bucketed by (type, direction) rather than sorted, since a hub can
 * have thousands of them and there are only twelve weights.
 *
 * The fan-out divisor of a hop towards a cause or evidence counts the node's edges of that type
 * only: a memory with one stated cause and forty loose links passes its cause on in full. Every
 * other hop shares the node's activation among all its edges: counted per type, a node's few
 * typed links (supports, derived_from…) each passed on far more, and twice as many notes
 * reached a recall's ranking without changing its results (bench/README.md, "Recall latency").
 *
 * A consolidation summary passes nothing on to its own members: it stands for them (recall
 * folds them into it, see `orderCandidates`), and through it one member lifted its siblings
 * into the results in place of other evidence (docs/consolidation.md). A member still passes
 * its activation on to its summary.
 */
export function strongestLinks(graph: MemoryGraphology, node: string, settings: SpreadingSettings): Link[] {
	const buckets: string[][] = STEPS.map(() => []);
	const members = new Set<string>();
	graph.forEachEdge(node, (_edge, attributes, source, target) => {
		const forward = source === node;
		if (!forward && isConsolidationEdge(attributes)) members.add(source);
		buckets[STEP_INDEX[attributes.type] + (forward ? 0 : 1)].push(forward ? target : source);
	});
	const degree = graph.degree(node);
	const weights = STEPS.map((step, i) => {
		const first = i - (i % 2);
		const edges = isTowardsCause(step) ? buckets[first].length + buckets[first + 1].length : degree;
		return stepWeight(step, settings) / fanOutOf(edges);
	});
	const order = STEPS.map((_, i) => i)
		.filter((i) => weights[i] > 0 && buckets[i].length > 0)
		.sort((a, b) => weights[b] - weights[a]);
	const links: Link[] = [];
	const taken = new Set<string>();
	for (const i of order) {
		for (const neighbour of buckets[i]) {
			if (links.length >= settings.maxNeighbours) return links;
			if (taken.has(neighbour) || members.has(neighbour)) continue;
			taken.add(neighbour);
			links.push({ neighbour, weight: weights[i], step: STEPS[i] });
		}
	}
	return links;
}

function stepWeight(step: PathStep, settings: SpreadingSettings): number {
	const downstream = isDownstream(step.type, step.direction === "forward");
	return settings.edgeWeights[step.type] * (downstream ? settings.downstreamFactor : 1);
}

/** What a node's activation along a hop is divided by: 1 + ln(the edges it shares with), so 1 for a single link. */
function fanOutOf(edges: number): number {
	return 1 + Math.log(Math.max(1, edges));
}

/** A hop to the upstream end of a causal edge: to what caused the memory or is evidence for it. */
export function isTowardsCause(step: PathStep): boolean {
	return EDGE_TYPE_INFO[step.type].upstreamEnd === (step.direction === "forward" ? "target" : "source");
}

/**
 * Whether a hop goes from a memory towards its consequences: along an edge whose source is
 * upstream, or back against one whose target is (EDGE_TYPE_INFO's `upstreamEnd`).
 */
function isDownstream(type: EdgeType, forward: boolean): boolean {
	return EDGE_TYPE_INFO[type].upstreamEnd === (forward ? "source" : "target");
}
