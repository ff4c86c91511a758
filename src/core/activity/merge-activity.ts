import type { ActivityLimits } from "./activity-state";
import type { HistoryEntry, NodeActivity, RecallHistory, RecallSummary } from "./node-activity";

/*
 * Merging one node's activity as two devices recorded it. Every field is a union or a maximum,
 * so the result does not depend on which device's state comes first. Recall stability of
 * evicted recalls cannot be refolded from summaries; the larger of the two is kept.
 */

/** Merged history order: by time, then device, then the device's sequence number. */
export function compareEntries(a: HistoryEntry, b: HistoryEntry): number {
	return a.at - b.at || (a.device < b.device ? -1 : a.device > b.device ? 1 : 0) || a.seq - b.seq;
}

/** The latest time anything but a delete happened to the node. */
export function lastActivityAt(node: NodeActivity): number {
	let at = -Infinity;
	for (const time of [node.lastRecalled, node.lastOpened, node.lastEdited, node.lastLinked, node.lastCascaded]) {
		if (time !== null) at = Math.max(at, time);
	}
	for (const entry of node.history) at = Math.max(at, entry.at);
	return at;
}

/** `into` updated with `from`'s activity (both recorded by different devices for the same path). */
export function mergeNodeActivity(into: NodeActivity, from: NodeActivity, limits: ActivityLimits): NodeActivity {
	const activeAt = Math.max(lastActivityAt(into), lastActivityAt(from));
	const deletedAt = maxOrNull(into.deletedAt, from.deletedAt);
	into.recalls = mergeRecalls(into.recalls, from.recalls, limits.maxRecentRecalls);
	into.lastRecalled = maxOrNull(into.lastRecalled, from.lastRecalled);
	into.lastOpened = maxOrNull(into.lastOpened, from.lastOpened);
	into.lastEdited = maxOrNull(into.lastEdited, from.lastEdited);
	into.lastLinked = maxOrNull(into.lastLinked, from.lastLinked);
	into.lastCascaded = maxOrNull(into.lastCascaded, from.lastCascaded);
	into.history = mergeHistory(into.history, from.history, limits.maxHistoryPerNode);
	into.deletedAt = deletedAt !== null && deletedAt >= activeAt ? deletedAt : null;
	return into;
}

function mergeRecalls(a: RecallHistory, b: RecallHistory, maxRecent: number): RecallHistory {
	const all = [...a.recent, ...b.recent].sort((x, y) => x - y);
	const evicted = all.slice(0, Math.max(0, all.length - maxRecent));
	let older = combine(a.older, b.older);
	if (evicted.length > 0) {
		older = combine(older, {
			count: evicted.length,
			firstAt: evicted[0],
			lastAt: evicted[evicted.length - 1],
			stability: null,
		});
	}
	return { count: a.count + b.count, recent: all.slice(evicted.length), older };
}

function combine(a: RecallSummary | null, b: RecallSummary | null): RecallSummary | null {
	if (!a || !b) return a ?? b;
	return {
		count: a.count + b.count,
		firstAt: Math.min(a.firstAt, b.firstAt),
		lastAt: Math.max(a.lastAt, b.lastAt),
		stability:
			a.stability === null ? b.stability : b.stability === null ? a.stability : Math.max(a.stability, b.stability),
	};
}

function mergeHistory(a: HistoryEntry[], b: HistoryEntry[], max: number): HistoryEntry[] {
	const seen = new Set(a.map((entry) => `${entry.device}:${entry.seq}`));
	const merged = [...a, ...b.filter((entry) => !seen.has(`${entry.device}:${entry.seq}`))];
	merged.sort(compareEntries);
	return merged.slice(Math.max(0, merged.length - max));
}

function maxOrNull(a: number | null, b: number | null): number | null {
	return a === null ? b : b === null ? a : Math.max(a, b);
}
