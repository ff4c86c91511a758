import type { CoreProposal, Transition } from "../lifecycle/decide-transition";
import { STATUS_CODE, STATUS_CODES, type ChangeColumns, type ProposalColumns } from "./maintenance-protocol";

/*
 * A pass can change tens of thousands of nodes at once (the first pass, a changed threshold).
 * Sent as objects, the reply would take the main thread hundreds of ms to decode; as columns plus
 * one string holding every reason, it is a few transferred buffers and one string copy.
 */

/** `prune` column codes. */
const NOT_PRUNED = 0;
const PRUNED_USER_NOTE = 1;
const PRUNED_PLUGIN_NOTE = 2;

/** Collects changes and proposals during a pass, then packs them into columns. */
export class PassRecorder {
	private readonly changeIndex: number[] = [];
	private readonly changeFrom: number[] = [];
	private readonly changeTo: number[] = [];
	private readonly changePrune: number[] = [];
	private readonly changeReasons: string[] = [];
	private readonly proposalIndex: number[] = [];
	private readonly proposalCategory: number[] = [];
	private readonly proposalReasons: string[] = [];

	change(index: number, change: Pick<Transition, "from" | "to" | "reason" | "prune">): void {
		this.changeIndex.push(index);
		this.changeFrom.push(STATUS_CODE[change.from]);
		this.changeTo.push(STATUS_CODE[change.to]);
		this.changePrune.push(
			change.prune === undefined ? NOT_PRUNED : change.prune.pluginCreated ? PRUNED_PLUGIN_NOTE : PRUNED_USER_NOTE,
		);
		this.changeReasons.push(change.reason);
	}

	/** `categoryIndex`: the node's index into the request's categories, −1 for none. */
	proposal(index: number, categoryIndex: number, reason: string): void {
		this.proposalIndex.push(index);
		this.proposalCategory.push(categoryIndex);
		this.proposalReasons.push(reason);
	}

	changes(): ChangeColumns {
		return {
			index: Uint32Array.from(this.changeIndex),
			from: Uint8Array.from(this.changeFrom),
			to: Uint8Array.from(this.changeTo),
			prune: Uint8Array.from(this.changePrune),
			...packReasons(this.changeReasons),
		};
	}

	proposals(): ProposalColumns {
		return {
			index: Uint32Array.from(this.proposalIndex),
			category: Int32Array.from(this.proposalCategory),
			...packReasons(this.proposalReasons),
		};
	}
}

function packReasons(reasons: readonly string[]): { reasons: string; reasonEnds: Uint32Array } {
	const reasonEnds = new Uint32Array(reasons.length);
	let end = 0;
	for (let k = 0; k < reasons.length; k++) reasonEnds[k] = end += reasons[k].length;
	return { reasons: reasons.join(""), reasonEnds };
}

function reasonAt(columns: { reasons: string; reasonEnds: Uint32Array }, k: number): string {
	return columns.reasons.slice(k === 0 ? 0 : columns.reasonEnds[k - 1], columns.reasonEnds[k]);
}

/** The changes of a pass made at `at`, each node named by `pathOf(row)`. */
export function readChanges(columns: ChangeColumns, at: number, pathOf: (index: number) => string): Transition[] {
	const changes: Transition[] = [];
	for (let k = 0; k < columns.index.length; k++) {
		const change: Transition = {
			path: pathOf(columns.index[k]),
			from: STATUS_CODES[columns.from[k]],
			to: STATUS_CODES[columns.to[k]],
			at,
			reason: reasonAt(columns, k),
		};
		if (columns.prune[k] !== NOT_PRUNED) change.prune = { pluginCreated: columns.prune[k] === PRUNED_PLUGIN_NOTE };
		changes.push(change);
	}
	return changes;
}

export function readProposals(
	columns: ProposalColumns,
	categories: readonly string[],
	at: number,
	pathOf: (index: number) => string,
): CoreProposal[] {
	return Array.from(columns.index, (index, k) => ({
		path: pathOf(index),
		category: columns.category[k] >= 0 ? categories[columns.category[k]] : null,
		at,
		reason: reasonAt(columns, k),
	}));
}
