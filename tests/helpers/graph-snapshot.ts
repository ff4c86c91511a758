import type { MemoryGraph } from "../../src/core/graph/memory-graph";

/**
 * A canonical, order-independent description of the graph: two graphs describe the same vault
 * exactly when their snapshots are equal. Used to check incremental updates against a fresh index.
 */
export function graphSnapshot(memory: MemoryGraph): unknown {
	const nodes = memory.graph
		.mapNodes((path, attributes) => [path, attributes] as const)
		.sort(([a], [b]) => compare(a, b));
	const edges = memory
		.edges()
		.map((e) => ({ ...e, provenance: [...e.provenance].sort((a, b) => compare(JSON.stringify(a), JSON.stringify(b))) }))
		.sort((a, b) =>
			compare(`${a.source}\u0000${a.type}\u0000${a.target}`, `${b.source}\u0000${b.type}\u0000${b.target}`),
		);
	const dangling = memory
		.dangling()
		.map((d) => `${d.source}\u0000${d.type}\u0000${d.linkpath}`)
		.sort(compare);
	return { nodes, edges, dangling };
}

function compare(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}
