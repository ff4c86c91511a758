import type { CoreProposal, Transition } from "../../core/lifecycle/decide-transition";
import type { LifecycleState } from "../../core/lifecycle/state";
import type { VaultStats } from "../../core/scoring/vault-stats";
import {
	STATUS_CODES,
	type LifecycleColumns,
	type MaintenanceResponse,
} from "../../core/maintenance/maintenance-protocol";
import { readChanges, readProposals } from "../../core/maintenance/pass-records";
import type { MaintenanceColumns } from "./maintenance-columns";

/**
 * A finished pass, kept as columns (row i = `paths[i]`): turning 100k rows into objects would
 * stall the main thread for nothing. Look rows up with `indexByPath`, states with `stateAt`.
 */
export interface PassOutcome {
	at: number;
	paths: readonly string[];
	indexByPath: ReadonlyMap<string, number>;
	retention: Float64Array;
	consolidation: Float64Array;
	/** Lifecycle state of every row after the pass; pass the outcome as the next build's `previous`. */
	lifecycle: LifecycleColumns;
	/** Status changes to log and write to frontmatter; a path may have left the vault since. */
	changes: Transition[];
	/** Core proposals for the user (approval categories); never applied by the pass. */
	proposals: CoreProposal[];
	stats: VaultStats;
	workerMs: number;
}

/** Names the rows of a worker's response: O(changes + proposals); the columns are kept as they are. */
export function applyPassResult(
	columns: Pick<MaintenanceColumns, "paths" | "indexByPath" | "categories">,
	response: MaintenanceResponse,
	at: number,
): PassOutcome {
	const { paths, indexByPath } = columns;
	const pathOf = (index: number): string => paths[index];
	return {
		at,
		paths,
		indexByPath,
		retention: response.retention,
		consolidation: response.consolidation,
		lifecycle: response.lifecycle,
		changes: readChanges(response.changes, at, pathOf),
		proposals: readProposals(response.proposals, columns.categories, at, pathOf),
		stats: response.stats,
		workerMs: response.workerMs,
	};
}

export function stateAt(outcome: PassOutcome, index: number): LifecycleState {
	const { status, since, pendingDown, lastPassAt, proposedAt } = outcome.lifecycle;
	return {
		status: STATUS_CODES[status[index]],
		since: since[index],
		pendingDown: pendingDown[index],
		lastPassAt: lastPassAt[index],
		proposedAt: Number.isNaN(proposedAt[index]) ? null : proposedAt[index],
	};
}

/** The state of a path after this pass, or undefined for a path it did not score. */
export function stateLookup(outcome: PassOutcome): (path: string) => LifecycleState | undefined {
	return (path) => {
		const index = outcome.indexByPath.get(path);
		return index === undefined ? undefined : stateAt(outcome, index);
	};
}
