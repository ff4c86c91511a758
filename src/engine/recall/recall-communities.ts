import type { CommunityDetector } from "../../core/recall/communities/communities";
import type { CurrentGraphState } from "./current-graph-state";

/** The Louvain communities of the current graph, which recall's spreading and diversity use. */
export class RecallCommunities {
	constructor(
		private readonly graphState: CurrentGraphState,
		private readonly detectCommunities: CommunityDetector | undefined,
		private readonly seeded: boolean,
	) {}

	/**
	 * Recomputes the communities if the graph has changed enough since the last run; returns
	 * whether it did. Costly at 100k notes (seconds), so it runs off the recall path: after the
	 * index is built and after maintenance passes. Until the first run, recall works without them.
	 */
	refresh(): boolean {
		return this.graphState.current().communities.refresh();
	}

	/** The note's community from the last computation; undefined before it or for a newer note. */
	communityOf(path: string): number | undefined {
		return this.graphState.current().communities.communityOf(path);
	}

	/** `refresh` off the main thread when there is a detector for it (engines have one) and no seeded random. */
	update(): Promise<boolean> {
		if (!this.detectCommunities || this.seeded) return Promise.resolve(this.refresh());
		return this.graphState.current().communities.refreshWith(this.detectCommunities);
	}
}
