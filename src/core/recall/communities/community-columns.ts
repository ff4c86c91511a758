import { runToEnd, type MemoryGraphology } from "../../graph/memory-graph";
import type { MemoryEdgeAttributes } from "../../graph/types";
import { EDGE_TYPE_INFO } from "../../model/edge-types";
import { directedLouvain } from "./directed-louvain";

/**
 * The memory graph as columns for community detection off the main thread: nodes are rows in
 * the graph's order, edges are (source row, target row, supportive weight) in the graph's edge
 * order. Louvain's answer depends on the order it visits notes and links in, and the graph's
 * order is an accident of history: a running server holds memories in the order they were
 * stored, a restart in path order. So the worker visits them in one order of their own, oldest
 * note first (then by a hash of its path), and the same vault has the same communities however it was loaded.
 */
export interface CommunityRequest {
	nodeCount: number;
	/** Each row's creation time (ms since the epoch; the node's `ctime`). */
	created: Float64Array;
	/**
	 * A 32-bit hash of each row's path, for notes created in the same millisecond (a copied
	 * vault): sent and sorted as strings, the paths raised peak RSS by 50 MB at 100k notes.
	 * Equal times and equal hashes keep the graph's order, a chance of about k² in 2³³ for k
	 * notes of one millisecond.
	 */
	pathHashes: Uint32Array;
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
	const created: number[] = [];
	const pathHashes: number[] = [];
	const rowOf = new Map<string, number>();
	for (const path of graph.nodes()) {
		rowOf.set(path, paths.length);
		paths.push(path);
		created.push(graph.getNodeAttribute(path, "ctime"));
		pathHashes.push(pathHash(path));
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
			created: Float64Array.from(created),
			pathHashes: Uint32Array.from(pathHashes),
			sources: Uint32Array.from(sources),
			targets: Uint32Array.from(targets),
			weights: Float64Array.from(weights),
			resolution,
		},
		paths,
	};
}

/** What an edge weighs for communities: its causal weight when supportive, else 0. */
export function supportiveWeight(attributes: MemoryEdgeAttributes): number {
	return EDGE_TYPE_INFO[attributes.type].supportive ? Math.max(0, attributes.weight) : 0;
}

/** FNV-1a over the path's UTF-16 code units. */
function pathHash(path: string): number {
	let hash = 0x811c9dc5;
	for (let i = 0; i < path.length; i++) hash = Math.imul(hash ^ path.charCodeAt(i), 0x01000193);
	return hash >>> 0;
}

export function communityRequestTransferables(request: CommunityRequest): ArrayBuffer[] {
	return [
		request.created.buffer,
		request.pathHashes.buffer,
		request.sources.buffer,
		request.targets.buffer,
		request.weights.buffer,
	] as ArrayBuffer[];
}

/**
 * Runs in the worker: Louvain over the graph the columns describe (see detectCommunities), notes
 * in visiting order and links by their places in it, over typed arrays (directed-louvain.ts).
 */
export function detectCommunitiesInColumns(request: CommunityRequest): Int32Array {
	const community = new Int32Array(request.nodeCount);
	let supportive = 0;
	for (const weight of request.weights) supportive += weight;
	if (supportive === 0) {
		for (let row = 0; row < community.length; row++) community[row] = row;
		return community;
	}
	const { rows, rank } = visitingOrder(request);
	const { sources, targets, weights } = request;
	const edges = Array.from(sources.keys()).sort(
		(a, b) => rank[sources[a]] - rank[sources[b]] || rank[targets[a]] - rank[targets[b]] || weights[a] - weights[b],
	);
	const byPlace = directedLouvain(
		{
			nodeCount: rows.length,
			sources: Uint32Array.from(edges, (edge) => rank[sources[edge]]),
			targets: Uint32Array.from(edges, (edge) => rank[targets[edge]]),
			weights: Float64Array.from(edges, (edge) => weights[edge]),
		},
		request.resolution,
	);
	rows.forEach((row, place) => (community[row] = byPlace[place]));
	return community;
}

/** The rows oldest first, then by their path's hash, and each row's place in that order. */
function visitingOrder(request: CommunityRequest): { rows: number[]; rank: Uint32Array } {
	const { created, pathHashes } = request;
	const time = (row: number): number => (Number.isFinite(created[row]) ? created[row] : 0);
	const rows = Array.from(pathHashes.keys()).sort(
		(a, b) => time(a) - time(b) || pathHashes[a] - pathHashes[b] || a - b,
	);
	const rank = new Uint32Array(rows.length);
	rows.forEach((row, place) => (rank[row] = place));
	return { rows, rank };
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
