import type { MemoryGraph } from "../../core/graph/memory-graph";
import type { ActivityStore } from "../activity/activity-store";

/**
 * Reactivates what a recall returned: `paths` are the returned memories, `neighbours` their
 * 1-hop neighbours (not returned themselves), which get a weaker cascade reactivation.
 */
export type Reactivate = (paths: readonly string[], neighbours: readonly string[]) => Promise<void>;

/** A neighbour is cascaded at most once per this long, so a popular memory cannot flood the log. */
export const CASCADE_COOLDOWN_MS = 60 * 60_000;
/** Most neighbours a single recall cascades to. */
const MAX_CASCADES = 20;

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

/**
 * Neighbours (either direction, any edge type) of the paths, without the paths themselves: those
 * of the best hit first, at most `MAX_CASCADES` in all, so one recall adds a bounded number of
 * records to the activity log however connected its hits are.
 */
export function cascadeNeighbours(graph: MemoryGraph, paths: readonly string[]): string[] {
	const returned = new Set(paths);
	const neighbours = new Set<string>();
	for (const path of paths) {
		if (!graph.hasNote(path)) continue;
		graph.graph.forEachNeighbor(path, (neighbour) => {
			if (!returned.has(neighbour) && neighbours.size < MAX_CASCADES) neighbours.add(neighbour);
		});
		if (neighbours.size >= MAX_CASCADES) break;
	}
	return [...neighbours];
}
