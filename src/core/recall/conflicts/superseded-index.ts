import type { MemoryGraphology } from "../../graph/memory-graph";
import { EDGE_TYPE_INFO } from "../../model/edge-types";
import type { MemoryEdgeAttributes } from "../../graph/types";

interface EdgeEvent {
	source: string;
	target: string;
	attributes: MemoryEdgeAttributes;
}

/**
 * Which memories supersede which (X is superseded when some Y has a supersedes edge Y → X),
 * kept up to date from the graph's edge events. A lookup per recall candidate must not walk a
 * hub's thousands of in-edges, and supersedes edges are few, so they get their own index.
 */
export class SupersededIndex {
	/** target → source → number of supersedes edges from source to target. */
	private readonly byTarget = new Map<string, Map<string, number>>();
	/** While `stepwise` runs: the nodes whose edges it has not counted yet (their edge events are left to it). */
	private unscanned: Set<string> | null = null;
	private readonly onAdded = ({ source, target, attributes }: EdgeEvent) => {
		if (EDGE_TYPE_INFO[attributes.type].replacesTarget && !this.unscanned?.has(source)) this.count(source, target, 1);
	};
	private readonly onDropped = ({ source, target, attributes }: EdgeEvent) => {
		if (EDGE_TYPE_INFO[attributes.type].replacesTarget && !this.unscanned?.has(source)) this.count(source, target, -1);
	};
	private readonly rebuild = () => {
		this.unscanned = null;
		this.byTarget.clear();
		this.graph.forEachEdge((_edge, attributes, source, target) => {
			if (EDGE_TYPE_INFO[attributes.type].replacesTarget) this.count(source, target, 1);
		});
	};

	/**
	 * The index built one node at a time (a generator for TimeSlicer.drain): a scan of every edge
	 * at 100k notes held the thread for tens of ms. The graph may change between steps.
	 */
	static *stepwise(graph: MemoryGraphology): Generator<void, SupersededIndex, undefined> {
		const index = new SupersededIndex(graph, false);
		const unscanned = new Set(graph.nodes());
		index.unscanned = unscanned;
		for (const node of [...unscanned]) {
			// Gone from the set: a rebuild took over.
			if (index.unscanned !== unscanned) return index;
			if (graph.hasNode(node))
				graph.forEachOutEdge(node, (_edge, attributes, source, target) => {
					if (EDGE_TYPE_INFO[attributes.type].replacesTarget) index.count(source, target, 1);
				});
			unscanned.delete(node);
			yield;
		}
		index.unscanned = null;
		return index;
	}

	constructor(
		private readonly graph: MemoryGraphology,
		scan = true,
	) {
		if (scan) this.rebuild();
		graph.on("edgeAdded", this.onAdded);
		graph.on("edgeDropped", this.onDropped);
		graph.on("edgeAttributesUpdated", this.rebuild);
		graph.on("edgesCleared", this.rebuild);
		graph.on("cleared", this.rebuild);
	}

	/** Ids of the memories that supersede `id`, in the order their edges appeared. */
	supersedersOf(id: string): string[] {
		const sources = this.byTarget.get(id);
		return sources ? [...sources.keys()] : [];
	}

	/** Stops listening to the graph. */
	dispose(): void {
		this.graph.removeListener("edgeAdded", this.onAdded);
		this.graph.removeListener("edgeDropped", this.onDropped);
		this.graph.removeListener("edgeAttributesUpdated", this.rebuild);
		this.graph.removeListener("edgesCleared", this.rebuild);
		this.graph.removeListener("cleared", this.rebuild);
		this.byTarget.clear();
	}

	private count(source: string, target: string, delta: number): void {
		let sources = this.byTarget.get(target);
		if (!sources) this.byTarget.set(target, (sources = new Map<string, number>()));
		const count = (sources.get(source) ?? 0) + delta;
		if (count > 0) sources.set(source, count);
		else sources.delete(source);
		if (sources.size === 0) this.byTarget.delete(target);
	}
}
