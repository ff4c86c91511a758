import type { ActivityStore } from "../activity/activity-store";

/**
 * Reactivates what a recall returned: `paths` are the returned memories, `neighbours` their
 * 1-hop neighbours (not returned themselves), which get a weaker cascade reactivation.
 */
export type Reactivate = (paths: readonly string[], neighbours: readonly string[]) => Promise<void>;

/** A neighbour is cascaded at most once per this long, so a popular memory cannot flood the log. */
export const CASCADE_COOLDOWN_MS = 60 * 60_000;

/**
 * Records a `recall` for every returned memory (count, timestamp and, at the next pass,
 * stability) and a `cascade` for each neighbour not used within the cooldown. A cascade is the
 * weaker reactivation: it restarts the neighbour's relevance decay like an open would, but adds
 * no recall strength and no stability, so one popular memory keeps its neighbourhood from fading
 * only while it is itself recalled, and never makes it outrank what is used directly.
 */
export function recordRecalls(activity: Pick<ActivityStore, "record" | "get">, clock: () => number): Reactivate {
	return async (paths, neighbours) => {
		const at = clock();
		const recent = (path: string): boolean => {
			const known = activity.get(path);
			const last = Math.max(known?.lastCascaded ?? 0, known?.lastRecalled ?? 0, known?.lastOpened ?? 0);
			return at - last < CASCADE_COOLDOWN_MS;
		};
		await Promise.all([
			...paths.map((path) => activity.record({ kind: "recall", path, at })),
			...neighbours.filter((path) => !recent(path)).map((path) => activity.record({ kind: "cascade", path, at })),
		]);
	};
}
