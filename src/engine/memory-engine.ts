import type { MemorySettings } from "../core/model/settings";
import type { StoragePort } from "../core/model/storage-port";
import type { VaultPort } from "../core/model/vault";
import type { MaintenanceWorker } from "../workers/worker-host";
import { ActivityStore } from "./activity-store";
import { engineRecallService } from "./engine-recall";
import { MemoryMaintenance } from "./memory-maintenance";
import type { RecallService } from "./recall-service";
import type { RecallOptions, RecallResult, SearchFilters, SearchHit } from "./recall-types";
import type { Timers } from "./timers";
import { VaultIndex, type IndexReport, type ProgressListener } from "./vault-index";

export interface MemoryEngineDeps {
	vault: VaultPort;
	/** The plugin's own folder (activity log, lifecycle cache). */
	storage: StoragePort;
	worker: MaintenanceWorker;
	timers: Timers;
	clock: () => number;
	settings: () => MemorySettings;
	warn: (message: string) => void;
}

/**
 * The memory engine as hosts see it (the Obsidian plugin, the headless CLI and server): the vault
 * index, the activity log and maintenance, started and stopped together.
 */
export class MemoryEngine {
	readonly index: VaultIndex;
	readonly recallService: RecallService;
	private activityStore: ActivityStore | null = null;
	private maintenanceService: MemoryMaintenance | null = null;

	constructor(private readonly deps: MemoryEngineDeps) {
		this.recallService = engineRecallService({
			vault: deps.vault,
			clock: deps.clock,
			activity: () => this.activityStore,
			maintenance: () => this.maintenanceService,
		});
		this.index = new VaultIndex(deps.vault, { settings: deps.settings().index, onLoaded: this.recallService.noteLoaded });
		this.recallService.attach(this.index);
	}

	get activity(): ActivityStore {
		if (!this.activityStore) throw new Error("The memory engine has not been started.");
		return this.activityStore;
	}

	get maintenance(): MemoryMaintenance {
		if (!this.maintenanceService) throw new Error("The memory engine has not been started.");
		return this.maintenanceService;
	}

	/**
	 * Indexes the vault, opens the activity log and loads lifecycle state. With `follow`, keeps
	 * following vault changes and runs maintenance passes on the interval until `stop`.
	 */
	async start(options: { follow: boolean; onProgress?: ProgressListener }): Promise<IndexReport> {
		const { deps } = this;
		if (options.follow) this.index.start();
		const report = await this.index.build(options.onProgress);
		this.recallService.refreshCommunities();
		this.activityStore = await ActivityStore.open(deps.storage, { clock: deps.clock });
		for (const warning of this.activityStore.warnings) deps.warn(`activity log ${warning.file}: ${warning.message}`);
		this.maintenanceService = await MemoryMaintenance.open({
			vault: deps.vault,
			index: this.index,
			activity: this.activityStore,
			storage: deps.storage,
			worker: deps.worker,
			timers: deps.timers,
			clock: deps.clock,
			settings: () => deps.settings(),
			warn: deps.warn,
		});
		if (options.follow) this.maintenanceService.start();
		return report;
	}

	/** Records that the user opened a note (a use that keeps it fresh). */
	async recordOpen(path: string): Promise<void> {
		if (!this.activityStore || !this.index.graph.hasNote(path)) return;
		await this.activityStore.record({ kind: "open", path, at: this.deps.clock() });
	}

	/** Stops following, lets a running pass and queued writes finish, closes the log and the worker. */
	async stop(): Promise<void> {
		this.index.stop();
		this.recallService.dispose();
		await this.maintenanceService?.stop();
		await this.activityStore?.close();
		this.deps.worker.terminate();
	}

	// --- recall and search (src/engine/recall-service.ts) ---

	/** Hybrid recall; reactivates what it returns unless `readOnly`. */
	recall(query: string, options?: RecallOptions): Promise<RecallResult> {
		return this.recallService.recall(query, options);
	}

	/** Filtered search; an empty query lists memories by last use. Changes nothing. */
	search(query: string, filters?: SearchFilters, k?: number): SearchHit[] {
		return this.recallService.search(query, filters, k);
	}
}
