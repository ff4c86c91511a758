import type { MemoryGraph } from "../graph/memory-graph";
import type { LifecycleStatus } from "../model/lifecycle-status";
import type { EdgeType } from "../model/edge-types";
import { MemoryError } from "../model/memory-error";
import type { Traversal, TraversedEdge, TraversedNode, TraverseOptions } from "./types";

const MAX_TRAVERSE_DEPTH = 10;
export const DEFAULT_TRAVERSE_NODES = 500;
/** Edges of the induced subgraph kept at most; a dense neighbourhood is then `truncated`. */
const MAX_TRAVERSE_EDGES = 5000;

/**
 * Breadth-first walk from `start` along edges of the chosen types and direction, each note
 * reported once at its shortest depth, then every such edge between two reported notes.
 */
export function traverseGraph(
	memory: MemoryGraph,
	start: string,
	statusOf: (path: string) => LifecycleStatus,
	options: TraverseOptions = {},
): Traversal {
	const depth = options.depth ?? 2;
	if (!Number.isInteger(depth) || depth < 1 || depth > MAX_TRAVERSE_DEPTH) {
		throw new MemoryError(`depth must be a whole number from 1 to ${MAX_TRAVERSE_DEPTH} (got ${depth}).`, "depth");
	}
	const maxNodes = options.maxNodes ?? DEFAULT_TRAVERSE_NODES;
	const direction = options.direction ?? "both";
	const types = options.edgeTypes && options.edgeTypes.length > 0 ? new Set<EdgeType>(options.edgeTypes) : null;
	const follows = (type: EdgeType): boolean => types === null || types.has(type);
	const include = options.include ?? (() => true);
	const { graph } = memory;

	const found = new Map<string, number>([[start, 0]]);
	let truncated = false;
	let frontier = [start];
	for (let hop = 1; hop <= depth && frontier.length > 0 && !truncated; hop++) {
		const next: string[] = [];
		const reach = (path: string): void => {
			if (truncated || found.has(path) || !include(path)) return;
			if (found.size >= maxNodes) {
				truncated = true;
				return;
			}
			found.set(path, hop);
			next.push(path);
		};
		for (const from of frontier) {
			if (direction !== "in") {
				graph.forEachOutEdge(from, (_key, attributes, _source, target) => {
					if (follows(attributes.type)) reach(target);
				});
			}
			if (direction !== "out") {
				graph.forEachInEdge(from, (_key, attributes, source) => {
					if (follows(attributes.type)) reach(source);
				});
			}
		}
		frontier = next;
	}

	const nodes: TraversedNode[] = [];
	for (const [path, hops] of found) {
		const node = memory.node(path);
		if (node) nodes.push({ path, title: node.title, status: statusOf(path), depth: hops });
	}
	const edges: TraversedEdge[] = [];
	for (const source of found.keys()) {
		graph.forEachOutEdge(source, (_key, attributes, _source, target) => {
			if (!found.has(target) || !follows(attributes.type)) return;
			if (edges.length >= MAX_TRAVERSE_EDGES) truncated = true;
			else edges.push({ source, target, type: attributes.type });
		});
	}
	return { start, nodes, edges, truncated };
}
