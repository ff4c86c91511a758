import type { ActivityStore } from "./activity-store";

/**
 * Reactivates what a recall returned: `paths` are the returned memories, `neighbours` their
 * 1-hop neighbours (not returned themselves), which get a weaker cascade reactivation.
 */
export type Reactivate = (paths: readonly string[], neighbours: readonly string[]) => Promise<void>;

/**
 * Records a `recall` for every returned memory in the activity log (count, timestamp and, at
 * the next pass, stability). The cascade to neighbours is not recorded: the activity log has no
 * record kind for it yet, and recording it as a full recall would let one popular memory keep
 * its whole neighbourhood alive.
 */
export function recordRecalls(activity: Pick<ActivityStore, "record">, clock: () => number): Reactivate {
	return async (paths) => {
		const at = clock();
		await Promise.all(paths.map((path) => activity.record({ kind: "recall", path, at })));
	};
}
