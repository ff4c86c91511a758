/**
 * What scoring needs to know about a node's use. Timestamps are milliseconds since the epoch.
 *
 * Recalls come as a running summary rather than a list of timestamps: reactivation weights each
 * recall by an exponential of its age, and an exponentially weighted sum can be carried forward
 * exactly (`strength` at `last`, decayed to any later time). `recordRecall` folds one recall into
 * the summary, so a summary built from the full list and one kept up to date recall by recall are
 * the same numbers. Storage stays O(1) per node and the batch pass reads plain columns.
 */
export interface RecallSummary {
	/** Recalls ever recorded. */
	count: number;
	/** Time of the latest recall; meaningless while `count` is 0. */
	last: number;
	/** Sum of every recall's age weight, evaluated at `last` (0 without recalls). */
	strength: number;
	/** Factor ≥ 1 that stretches both half-lives; raised by spaced recalls. */
	stability: number;
}

export const NO_RECALLS: Readonly<RecallSummary> = Object.freeze({ count: 0, last: 0, strength: 0, stability: 1 });

export interface NodeActivity {
	created: number;
	modified: number;
	/** Last time the note was opened in Obsidian. */
	lastOpened: number | null;
	/** Last time a new link pointed at the note. */
	lastLinked: number | null;
	/** Last time a neighbour was recalled (cascade reactivation); absent when unknown. */
	lastCascaded?: number | null;
	recall: RecallSummary;
}

export type UseKind = "created" | "modified" | "recalled" | "opened" | "linked" | "cascaded";

export interface LastUse {
	at: number;
	kind: UseKind;
}

/** The most recent use of any kind; relevance decays from it. */
export function lastUseOf(activity: NodeActivity): LastUse {
	let use: LastUse = { at: activity.created, kind: "created" };
	const consider = (at: number | null, kind: UseKind) => {
		if (at !== null && at > use.at) use = { at, kind };
	};
	consider(activity.modified, "modified");
	consider(activity.lastOpened, "opened");
	consider(activity.lastLinked, "linked");
	consider(activity.lastCascaded ?? null, "cascaded");
	if (activity.recall.count > 0) consider(activity.recall.last, "recalled");
	return use;
}
