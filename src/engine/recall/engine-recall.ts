import type { MemorySettings } from "../../core/model/settings";
import type { VaultPort } from "../../core/model/vault";
import type { ActivityStore } from "../activity/activity-store";
import type { MemoryMaintenance } from "../maintenance/memory-maintenance";
import { recordRecalls } from "./recall-reactivation";
import { RecallService } from "./recall-service";
import type { MaintenanceWorker } from "../../core/maintenance/maintenance-worker-port";
import type { Timers } from "../../core/model/timers";
import type { CommunityDetector } from "../../core/recall/communities/communities";
import { communitiesByPathStepwise, communityColumnsStepwise } from "../../core/recall/communities/community-columns";
import { TimeSlicer } from "../index/time-slicer";

export interface EngineRecallDeps {
	vault: VaultPort;
	clock: () => number;
	/** Null until the engine has started. */
	activity: () => ActivityStore | null;
	/** False once the engine may no longer write (its writer lock was taken over): recall then reactivates nothing. */
	mayWrite: () => Promise<boolean>;
	maintenance: () => MemoryMaintenance | null;
	settings: () => MemorySettings;
	/** Louvain runs in it (when it can) on columns built in slices over these timers. */
	worker: MaintenanceWorker;
	timers: Timers;
}

/**
 * The engine's recall service: lifecycle status from maintenance, last use and reactivation
 * through the activity log, note text from the vault. Before the engine starts nothing is
 * indexed, so nothing can be recalled or reactivated.
 */
export function engineRecallService(deps: EngineRecallDeps): RecallService {
	return new RecallService({
		settings: () => deps.settings().recall,
		keywordSettings: deps.settings().keyword,
		retentionOf: (path) => deps.maintenance()?.retentionOf(path),
		statusOf: (path) => deps.maintenance()?.statusOf(path) ?? "active",
		lastUsedOf: (path) => {
			const recorded = deps.activity()?.get(path);
			return recorded ? Math.max(recorded.lastRecalled ?? 0, recorded.lastOpened ?? 0) : null;
		},
		reactivate: async (paths, neighbours) => {
			const activity = deps.activity();
			if (activity && (await deps.mayWrite())) await recordRecalls(activity, deps.clock)(paths, neighbours);
		},
		read: (path) => deps.vault.read(path),
		clock: deps.clock,
		...(deps.worker.communities ? { detectCommunities: workerCommunities(deps.worker, deps.timers) } : {}),
	});
}

/** Communities from the worker: the graph's columns are built in slices, the worker runs Louvain. */
function workerCommunities(worker: MaintenanceWorker, timers: Timers): CommunityDetector {
	return async (graph, resolution) => {
		const slicer = new TimeSlicer(timers);
		const { request, paths } = await slicer.drain(communityColumnsStepwise(graph, resolution));
		const answer = await (worker.communities as NonNullable<MaintenanceWorker["communities"]>)(request);
		return slicer.drain(communitiesByPathStepwise(paths, answer.community));
	};
}
