import type { ActivityStore } from "./activity-store";
import type { MemoryNodeAttributes } from "../../core/graph/types";
import type { ScoringSettings } from "../../core/model/scoring-settings";
import type { NodeActivity } from "../../core/scoring/activity";
import { summariseRecalls } from "../../core/scoring/recall";

/**
 * What the scorer knows about a note's use: file times, the activity log's opens and new links,
 * and its recent recalls folded into a summary. The same inputs a maintenance pass builds
 * (MemoryMaintenance.activityOf), so an explanation shows the numbers the pass uses. `modified`
 * is the note's mtime unless that time is our own frontmatter write's (MemoryMaintenance.modifiedOf).
 */
export function scoringActivityOf(
	store: ActivityStore,
	path: string,
	node: MemoryNodeAttributes,
	scoring: ScoringSettings,
	modified = node.mtime,
): NodeActivity {
	const recorded = store.get(path);
	return {
		created: node.ctime,
		modified,
		lastOpened: recorded?.lastOpened ?? null,
		lastLinked: recorded?.lastLinked ?? null,
		lastCascaded: recorded?.lastCascaded ?? null,
		recall: summariseRecalls(recorded?.recalls.recent ?? [], scoring),
	};
}
