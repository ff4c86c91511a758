/*
 * File layout of the activity store. `activity-<g>.log` holds the records appended while
 * generation g was current; `activity-<g>.snapshot` holds the state folded from every log
 * before generation g. Compaction starts generation g+1, writes the new snapshot under a
 * name that did not exist, then deletes the older files. Whatever instant a crash hits, the
 * newest readable snapshot plus the logs from its generation on give every record exactly once.
 */

const PATTERN = /^activity-(\d+)\.(log|snapshot)$/;

export function logFileName(generation: number): string {
	return `activity-${generation}.log`;
}

export function snapshotFileName(generation: number): string {
	return `activity-${generation}.snapshot`;
}

export interface StoreFiles {
	/** Generations that have a snapshot, newest first. */
	snapshots: number[];
	/** Generations that have a log, oldest first. */
	logs: number[];
	/** Temp files of interrupted atomic writes of ours (name contains "activity-", ends in ".tmp"), safe to delete. */
	leftovers: string[];
}

export function classifyStoreFiles(names: readonly string[]): StoreFiles {
	const files: StoreFiles = { snapshots: [], logs: [], leftovers: [] };
	for (const name of names) {
		const match = PATTERN.exec(name);
		if (match) (match[2] === "log" ? files.logs : files.snapshots).push(Number(match[1]));
		else if (name.includes("activity-") && name.endsWith(".tmp")) files.leftovers.push(name);
	}
	files.snapshots.sort((a, b) => b - a);
	files.logs.sort((a, b) => a - b);
	return files;
}
