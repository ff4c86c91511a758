import type { MemoryGraph } from "../graph/memory-graph";
import type { SupportiveAdjacency } from "./adjacency";
import type { RemovalImpact } from "./types";

/**
 * What removing a memory would do to the supportive graph: the neighbours it leaves orphaned,
 * and whether it holds parts of the graph together (the pieces its component falls into).
 */
export function removalImpact(
	memory: MemoryGraph,
	adjacency: SupportiveAdjacency,
	path: string,
	{ include = () => true, maxListed = Infinity }: ImpactListing = {},
): RemovalImpact {
	const row = adjacency.rowOf.get(path);
	const neighbours = row === undefined ? new Uint32Array(0) : adjacency.neighboursOf(row);
	// Distinct neighbours: one of degree 1 has this memory as its only supportive neighbour.
	let orphanedCount = 0;
	const listed = new FirstInOrder(maxListed);
	for (const neighbour of neighbours) {
		if (adjacency.degree[neighbour] !== 1) continue;
		orphanedCount++;
		const orphan = adjacency.paths[neighbour];
		if (include(orphan)) listed.offer(orphan);
	}
	const pieces = row === undefined ? [] : piecesWithout(adjacency, row);
	const largest = pieces.reduce((max, size) => Math.max(max, size), 0);
	const total = pieces.reduce((sum, size) => sum + size, 0);
	return {
		orphaned: listed.values,
		orphanedCount,
		disconnected: total - largest,
		componentsAfter: pieces.length,
		weightedDegree: row === undefined ? 0 : adjacency.weighted[row],
		supportiveEdges: row === undefined ? 0 : adjacency.edges[row],
		edges: memory.graph.hasNode(path) ? memory.graph.degree(path) : 0,
	};
}

export interface ImpactListing {
	/** Orphans that may be named (e.g. the notes a caller may read); the count covers all. */
	include?: (path: string) => boolean;
	/** Orphans named at most, the first in path order: a hub leaves tens of thousands. */
	maxListed?: number;
}

/** The `max` smallest strings offered, in order, without sorting them all. */
class FirstInOrder {
	readonly values: string[] = [];

	constructor(private readonly max: number) {}

	offer(value: string): void {
		const values = this.values;
		if (values.length >= this.max && !(value < values[values.length - 1])) return;
		let at = values.length;
		while (at > 0 && value < values[at - 1]) at--;
		values.splice(at, 0, value);
		if (values.length > this.max) values.pop();
	}
}

/**
 * Sizes of the pieces the removed row's neighbours fall into, by breadth-first walks that skip
 * it. A walk that has reached every remaining neighbour stops once it is at least as large as
 * every earlier piece: it is then the largest, and its exact size changes nothing.
 */
function piecesWithout(adjacency: SupportiveAdjacency, removed: number): number[] {
	const visited = new Uint8Array(adjacency.paths.length);
	visited[removed] = 1;
	const neighbours = adjacency.neighboursOf(removed);
	// 2: a neighbour of the removed row not reached yet.
	for (const neighbour of neighbours) visited[neighbour] = 2;
	let remaining = neighbours.length;
	const queue = new Uint32Array(adjacency.paths.length);
	const pieces: number[] = [];
	// Kept as it goes: a hub of 40,000 spokes falls into 40,000 pieces, and taking the maximum of
	// every earlier piece before each walk took seconds.
	let largestSoFar = 0;
	for (const start of neighbours) {
		if (visited[start] === 1) continue;
		let head = 0;
		let tail = 0;
		queue[tail++] = start;
		visited[start] = 1;
		remaining--;
		while (head < tail && !(remaining === 0 && tail >= largestSoFar)) {
			for (const next of adjacency.neighboursOf(queue[head++])) {
				if (visited[next] === 1) continue;
				if (visited[next] === 2) remaining--;
				visited[next] = 1;
				queue[tail++] = next;
			}
		}
		pieces.push(tail);
		largestSoFar = Math.max(largestSoFar, tail);
	}
	return pieces;
}
