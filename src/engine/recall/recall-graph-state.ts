import type { MemoryGraph } from "../../core/graph/memory-graph";
import type { RecallSettings } from "../../core/model/recall-settings";
import { CommunityCache } from "../../core/recall/communities/communities";
import { SpreadingActivation } from "../../core/recall/spreading-activation";
import { SupersededIndex } from "../../core/recall/conflicts/superseded-index";

/**
 * The caches recall keeps over one graph (they follow its edge events): the spreading link
 * cache, Louvain communities and the supersedes index. A full index rebuild replaces the graph,
 * and changed settings replace the caches that depend on them.
 */
export class RecallGraphState {
	readonly spreading: SpreadingActivation;
	readonly communities: CommunityCache;
	readonly superseded: SupersededIndex;

	private constructor(
		readonly graph: MemoryGraph,
		private readonly settings: RecallSettings,
		previous: RecallGraphState | null,
		createRandom: (() => () => number) | undefined,
		superseded: SupersededIndex | undefined,
	) {
		const sameGraph = previous?.graph === graph;
		this.spreading = new SpreadingActivation(graph.graph, settings.spreading);
		this.communities =
			previous && sameGraph && previous.settings.communities === settings.communities
				? previous.communities
				: new CommunityCache(graph.graph, { ...settings.communities, createRandom });
		this.superseded = previous && sameGraph ? previous.superseded : (superseded ?? new SupersededIndex(graph.graph));
	}

	/**
	 * `previous` if it still fits the graph and settings, else a new state (disposing what it
	 * replaces); `superseded`, built for this graph beforehand (SupersededIndex.stepwise), is used
	 * or disposed.
	 */
	static for(
		graph: MemoryGraph,
		settings: RecallSettings,
		previous: RecallGraphState | null,
		createRandom?: () => () => number,
		superseded?: SupersededIndex,
	): RecallGraphState {
		if (previous?.fits(graph, settings)) {
			superseded?.dispose();
			return previous;
		}
		const next = new RecallGraphState(graph, settings, previous, createRandom, superseded);
		if (superseded && next.superseded !== superseded) superseded.dispose();
		previous?.spreading.dispose();
		if (previous && previous.superseded !== next.superseded) previous.superseded.dispose();
		return next;
	}

	dispose(): void {
		this.spreading.dispose();
		this.superseded.dispose();
	}

	private fits(graph: MemoryGraph, settings: RecallSettings): boolean {
		return (
			this.graph === graph &&
			this.settings.spreading === settings.spreading &&
			this.settings.communities === settings.communities
		);
	}
}
