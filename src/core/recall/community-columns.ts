import louvain from "graphology-communities-louvain";
import { MultiDirectedGraph } from "graphology";
import { runToEnd, type MemoryGraphology } from "../graph/memory-graph";
import { supportiveWeight } from "./communities";

/**
 * The memory graph as columns for community detection off the main thread: nodes are rows in
 * the graph's order, edges are (source row, target row, supportive weight) in the graph's edge
 * order, so the worker rebuilds the very graph Louvain would see and finds the same communities.
 */
export interface CommunityRequest {
	nodeCount: number;
	sources: Uint32Array;
	targets: Uint32Array;
	weights: Float64Array;
	resolution: number;
}

export interface CommunityResponse {
	/** Community number of each node row. */
	community: Int32Array;
	/** Time the detection took inside the worker, ms. */
	workerMs: number;
}

/** What the main thread keeps to read the answer: the path of each row. */
export interface CommunityColumns {
	request: CommunityRequest;
	paths: string[];
}

/** Builds the columns one node or edge at a time; the caller pauses between steps (TimeSlicer.drain). */
export function* communityColumnsStepwise(
	graph: MemoryGraphology,
	resolution: number,
): Generator<void, CommunityColumns, undefined> {
	const paths: string[] = [];
	const rowOf = new Map<string, number>();
	for (const path of graph.nodes()) {
		rowOf.set(path, paths.length);
		paths.push(path);
		yield;
	}
	// The graph can change between steps: an edge to a node added since the rows were taken is
	// left out (it used to be attached to row 0, merging unrelated notes into its community).
	const sources: number[] = [];
	const targets: number[] = [];
	const weights: number[] = [];
	for (const { source, target, attributes } of graph.edgeEntries()) {
		const sourceRow = rowOf.get(source);
		const targetRow = rowOf.get(target);
		if (sourceRow !== undefined && targetRow !== undefined) {
			sources.push(sourceRow);
			targets.push(targetRow);
			weights.push(supportiveWeight(attributes));
		}
		yield;
	}
	return {
		request: {
			nodeCount: paths.length,
			sources: Uint32Array.from(sources),
			targets: Uint32Array.from(targets),
			weights: Float64Array.from(weights),
			resolution,
		},
		paths,
	};
}

export function communityRequestTransferables(request: CommunityRequest): ArrayBuffer[] {
	return [request.sources.buffer, request.targets.buffer, request.weights.buffer] as ArrayBuffer[];
}

/** Runs in the worker: Louvain over the graph the columns describe (see detectCommunities). */
export function detectCommunitiesInColumns(request: CommunityRequest): Int32Array {
	const community = new Int32Array(request.nodeCount);
	let supportive = 0;
	for (const weight of request.weights) supportive += weight;
	if (supportive === 0) {
		for (let row = 0; row < community.length; row++) community[row] = row;
		return community;
	}
	const graph = new MultiDirectedGraph<Record<string, never>, { weight: number }>({ allowSelfLoops: false });
	for (let row = 0; row < request.nodeCount; row++) graph.addNode(String(row));
	for (let edge = 0; edge < request.sources.length; edge++)
		graph.addEdge(String(request.sources[edge]), String(request.targets[edge]), { weight: request.weights[edge] });
	const mapping = louvain(graph, {
		getEdgeWeight: (_edge, attributes) => (attributes as { weight: number }).weight,
		resolution: request.resolution,
		randomWalk: false,
	});
	for (let row = 0; row < community.length; row++) community[row] = mapping[String(row)];
	return community;
}

/** The worker's answer by note path. */
export function communitiesByPath(paths: readonly string[], community: Int32Array): Map<string, number> {
	return runToEnd(communitiesByPathStepwise(paths, community));
}

/** `communitiesByPath` one note at a time (100k notes took tens of ms in one go). */
export function* communitiesByPathStepwise(
	paths: readonly string[],
	community: Int32Array,
): Generator<void, Map<string, number>, undefined> {
	const byPath = new Map<string, number>();
	for (let row = 0; row < paths.length; row++) {
		byPath.set(paths[row], community[row]);
		yield;
	}
	return byPath;
}
