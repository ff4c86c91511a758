import { MultiDirectedGraph } from "graphology";
import type { MemoryGraphology } from "../../../src/core/graph/memory-graph";
import { EDGE_TYPE_INFO, isEdgeType, type EdgeOrigin } from "../../../src/core/model/edge-types";

/**
 * A memory graph written as edges: "A -caused_by-> B" (ids are the names as written). Nodes
 * are created as they appear; `nodes` adds unlinked ones. An edge suffixed " (auto)" has an
 * auto_link provenance.
 */
export function graphOf(edges: readonly string[], nodes: readonly string[] = []): MemoryGraphology {
	const graph: MemoryGraphology = new MultiDirectedGraph({ allowSelfLoops: false });
	for (const node of nodes) addNode(graph, node);
	for (const edge of edges) {
		const match = /^(.+?) -(\w+)-> (.+?)( \(auto\))?$/.exec(edge);
		if (!match) throw new Error(`bad edge ${edge}`);
		const [, source, type, target, auto] = match;
		if (!isEdgeType(type)) throw new Error(`bad edge type ${type}`);
		addNode(graph, source);
		addNode(graph, target);
		const origin: EdgeOrigin = auto ? "auto_link" : "frontmatter";
		graph.addEdge(source, target, { type, weight: EDGE_TYPE_INFO[type].causalWeight, provenance: [{ origin }] });
	}
	return graph;
}

export function addNode(graph: MemoryGraphology, id: string): void {
	if (graph.hasNode(id)) return;
	graph.addNode(id, {
		path: id,
		title: id,
		folder: "",
		aliases: [],
		tags: [],
		mtime: 0,
		ctime: 0,
		size: 0,
		memory: { pinned: false },
	});
}
