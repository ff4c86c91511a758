import type { MemorySettings } from "../../core/model/settings";
import type { VaultPort } from "../../core/model/vault";
import type { ActivityStore } from "../activity/activity-store";
import type { MemoryMaintenance } from "../maintenance/memory-maintenance";
import { recordRecalls } from "./recall-reactivation";
import { RecallService } from "./recall-service";

export interface EngineRecallDeps {
	vault: VaultPort;
	clock: () => number;
	/** Null until the engine has started. */
	activity: () => ActivityStore | null;
	maintenance: () => MemoryMaintenance | null;
	settings: () => MemorySettings;
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
			if (activity) await recordRecalls(activity, deps.clock)(paths, neighbours);
		},
		read: (path) => deps.vault.read(path),
		clock: deps.clock,
	});
}
