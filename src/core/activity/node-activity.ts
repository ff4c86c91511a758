import type { LifecycleStatus, PruneAction } from "../model/lifecycle-status";

/** Recalls evicted from the exact list, folded into a summary. */
export interface RecallSummary {
	count: number;
	firstAt: number;
	lastAt: number;
	/** Result of the store's stability fold over these recalls; null without a fold. */
	stability: number | null;
}

export interface RecallHistory {
	/** Exact number of recalls ever recorded. */
	count: number;
	/** Timestamps of the most recent recalls, ascending, at most `maxRecentRecalls` of them. */
	recent: number[];
	/** Everything older than `recent`; null while every recall is still in `recent`. */
	older: RecallSummary | null;
}

interface HistoryBase {
	/** Sequence number of the record in its device's log; with `device`, what an undo refers to. */
	seq: number;
	/** The device whose log holds the record ("" for a store older than devices). */
	device: string;
	/** The node's path when the record was written (a later rename does not change it). */
	path: string;
	at: number;
	/** When it was undone, or null. */
	undoneAt: number | null;
}

export interface TransitionEntry extends HistoryBase {
	kind: "transition";
	from: LifecycleStatus;
	to: LifecycleStatus;
	reason: string;
}

interface PruneEntry extends HistoryBase {
	kind: "prune";
	action: PruneAction;
	destination?: string;
	reason?: string;
}

export type HistoryEntry = TransitionEntry | PruneEntry;

export interface NodeActivity {
	path: string;
	recalls: RecallHistory;
	lastRecalled: number | null;
	lastOpened: number | null;
	lastEdited: number | null;
	/** Last time a new link pointed at the node. */
	lastLinked: number | null;
	/** Last time a neighbour was recalled (a cascade record). */
	lastCascaded: number | null;
	/** Set by a delete, cleared by any later record for the same path (a note restored from the trash). */
	deletedAt: number | null;
	/** Transitions and prunes, oldest first, at most `maxHistoryPerNode`. */
	history: HistoryEntry[];
}

export function emptyNodeActivity(path: string): NodeActivity {
	return {
		path,
		recalls: { count: 0, recent: [], older: null },
		lastRecalled: null,
		lastOpened: null,
		lastEdited: null,
		lastLinked: null,
		lastCascaded: null,
		deletedAt: null,
		history: [],
	};
}

/** A rename a device recorded: replayed onto other devices' activity of `from` when their states are merged. */
export interface RenameMark {
	from: string;
	to: string;
	at: number;
}

/** An undo of another device's transition or prune, kept so it survives the undoing device's compaction. */
export interface UndoMark {
	device: string;
	ref: number;
	at: number;
}
