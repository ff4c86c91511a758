import type { MemoryGraphology } from "../graph/memory-graph";

/**
 * A value derived from a node's edges, computed when first asked for and kept until an edge
 * at the node is added, dropped or changed (graph events). For per-query lookups that would
 * otherwise walk a hub's thousands of edges every time.
 *
 * Holds at most about `maxEntries` values in two generations: when the young one is full it
 * becomes the old one and the previous old one is dropped; a value found in the old
 * generation moves back to the young one. Bounded memory, O(1) per lookup, and the values in
 * use survive.
 */
export class NodeCache<T> {
	private young = new Map<string, T>();
	private old = new Map<string, T>();
	private readonly forgetEnds = ({ source, target }: { source: string; target: string }) => {
		this.forget(source);
		this.forget(target);
	};
	private readonly forgetNode = ({ key }: { key: string }) => {
		this.forget(key);
	};
	private readonly forgetAll = () => {
		this.young.clear();
		this.old.clear();
	};

	constructor(
		private readonly graph: MemoryGraphology,
		private readonly compute: (node: string) => T,
		private readonly maxEntries = 20_000,
	) {
		graph.on("edgeAdded", this.forgetEnds);
		graph.on("edgeDropped", this.forgetEnds);
		graph.on("nodeDropped", this.forgetNode);
		graph.on("edgeAttributesUpdated", this.forgetAll);
		graph.on("edgesCleared", this.forgetAll);
		graph.on("cleared", this.forgetAll);
	}

	get(node: string): T {
		const young = this.young.get(node);
		if (young !== undefined) return young;
		const value = this.old.get(node) ?? this.compute(node);
		this.old.delete(node);
		if (this.young.size >= Math.max(1, Math.floor(this.maxEntries / 2))) {
			this.old = this.young;
			this.young = new Map();
		}
		this.young.set(node, value);
		return value;
	}

	/** Stops listening to the graph and drops every value. */
	dispose(): void {
		this.graph.removeListener("edgeAdded", this.forgetEnds);
		this.graph.removeListener("edgeDropped", this.forgetEnds);
		this.graph.removeListener("nodeDropped", this.forgetNode);
		this.graph.removeListener("edgeAttributesUpdated", this.forgetAll);
		this.graph.removeListener("edgesCleared", this.forgetAll);
		this.graph.removeListener("cleared", this.forgetAll);
		this.forgetAll();
	}

	private forget(node: string): void {
		this.young.delete(node);
		this.old.delete(node);
	}
}
