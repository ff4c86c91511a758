import type { MemoryGraph } from "../../core/graph/memory-graph";
import type { ScoringSettings } from "../../core/model/scoring-settings";
import type { MaintenanceWorker } from "../../core/maintenance/maintenance-worker-port";
import {
	buildMaintenanceColumns,
	maintenanceRequest,
	type ColumnSources,
	type SliceOptions,
} from "./maintenance-columns";
import { applyPassResult, type PassOutcome } from "./pass-outcome";

export type MaintenancePassOptions = ColumnSources & SliceOptions;

/** One maintenance pass: columns built on this thread in slices, scored in the worker, rows named again. */
export async function runMaintenancePass(
	worker: MaintenanceWorker,
	memory: MemoryGraph,
	settings: ScoringSettings,
	now: number,
	options: MaintenancePassOptions,
): Promise<PassOutcome> {
	const columns = await buildMaintenanceColumns(memory, now, options, options);
	const response = await worker.run(maintenanceRequest(columns, settings, now));
	return applyPassResult(columns, response, now);
}
