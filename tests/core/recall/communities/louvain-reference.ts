import louvain from "graphology-communities-louvain";
import { MultiDirectedGraph } from "graphology";
import type { CommunityRequest } from "../../../../src/core/recall/communities/community-columns";
import type { WeightedEdges } from "../../../../src/core/recall/communities/directed-louvain";

/**
 * graphology-communities-louvain on the same columns, the way the worker called it before
 * directed-louvain.ts: nodes "0"…"n-1" added in index order, edges in the given order, fast local
 * moves, no random walk. Each node's community number.
 */
export function libraryLouvain(edges: WeightedEdges, resolution: number): Int32Array {
	const graph = new MultiDirectedGraph<Record<string, never>, { weight: number }>({ allowSelfLoops: true });
	for (let node = 0; node < edges.nodeCount; node++) graph.addNode(String(node));
	for (let e = 0; e < edges.sources.length; e++)
		graph.addEdge(String(edges.sources[e]), String(edges.targets[e]), { weight: edges.weights[e] });
	const community = new Int32Array(edges.nodeCount);
	if (graph.size === 0) return community.map((_, node) => node);
	const mapping = louvain(graph, {
		getEdgeWeight: (_edge, attributes) => (attributes as { weight: number }).weight,
		resolution,
		randomWalk: false,
	});
	for (let node = 0; node < edges.nodeCount; node++) community[node] = mapping[String(node)];
	return community;
}

/** The worker's detection before directed-louvain.ts (a graphology graph built in visiting order), verbatim. */
export function libraryCommunitiesInColumns(request: CommunityRequest): Int32Array {
	const community = new Int32Array(request.nodeCount);
	let supportive = 0;
	for (const weight of request.weights) supportive += weight;
	if (supportive === 0) {
		for (let row = 0; row < community.length; row++) community[row] = row;
		return community;
	}
	const { created, pathHashes } = request;
	const time = (row: number): number => (Number.isFinite(created[row]) ? created[row] : 0);
	const rows = Array.from(pathHashes.keys()).sort(
		(a, b) => time(a) - time(b) || pathHashes[a] - pathHashes[b] || a - b,
	);
	const rank = new Uint32Array(rows.length);
	rows.forEach((row, place) => (rank[row] = place));
	const graph = new MultiDirectedGraph<Record<string, never>, { weight: number }>({ allowSelfLoops: false });
	for (const row of rows) graph.addNode(String(row));
	const { sources, targets, weights } = request;
	const edges = Array.from(sources.keys()).sort(
		(a, b) => rank[sources[a]] - rank[sources[b]] || rank[targets[a]] - rank[targets[b]] || weights[a] - weights[b],
	);
	for (const edge of edges) graph.addEdge(String(sources[edge]), String(targets[edge]), { weight: weights[edge] });
	const mapping = louvain(graph, {
		getEdgeWeight: (_edge, attributes) => (attributes as { weight: number }).weight,
		resolution: request.resolution,
		randomWalk: false,
	});
	for (let row = 0; row < community.length; row++) community[row] = mapping[String(row)];
	return community;
}
