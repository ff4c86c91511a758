import { Notice, normalizePath, TFile, type Plugin } from "obsidian";
import type { MemorySettings } from "../core/model/settings";
import { ActivityStore } from "../engine/activity-store";
import { MemoryMaintenance, type PassReport } from "../engine/memory-maintenance";
import type { VaultIndex } from "../engine/vault-index";
import type { VaultPort } from "../core/model/vault";
import { AdapterStorage } from "./adapter-storage";
import { createWebMaintenanceWorker } from "./web-worker-host";
import { WINDOW_TIMERS } from "./window-timers";
import type { MaintenanceWorker } from "../workers/worker-host";
import { errorMessage } from "../core/model/error-message";

const NOTICE_MS = 15_000;

/**
 * Maintenance inside Obsidian: the activity log and lifecycle cache in the plugin's folder,
 * passes in a Web Worker on the interval, notes opened in the editor counted as uses, and the
 * commands to run a pass and to opt in to whole-vault status writes after a preview.
 */
export class ObsidianMaintenance {
	private activity: ActivityStore | null = null;
	private maintenance: MemoryMaintenance | null = null;
	private readonly worker: MaintenanceWorker;
	private previewShown = false;

	constructor(
		private readonly plugin: Plugin,
		private readonly vault: VaultPort,
		private readonly index: VaultIndex,
		private readonly settings: () => MemorySettings,
		private readonly saveSettings: (settings: MemorySettings) => Promise<void>,
	) {
		this.worker = createWebMaintenanceWorker({ onFallback: (reason) => new Notice(`Causal Memory: ${reason}; maintenance runs on the main thread.`) });
	}

	/** Opens the activity log and starts passes; call once the index is built. */
	async start(): Promise<void> {
		const { app, manifest } = this.plugin;
		const storage = new AdapterStorage(app.vault.adapter, normalizePath(`${app.vault.configDir}/plugins/${manifest.id}/state`));
		const clock = (): number => Date.now();
		const warn = (message: string): void => void new Notice(`Causal Memory: ${message}`);
		this.activity = await ActivityStore.open(storage, { clock });
		for (const warning of this.activity.warnings) warn(`activity log ${warning.file}: ${warning.message}`);
		this.maintenance = await MemoryMaintenance.open({
			vault: this.vault,
			index: this.index,
			activity: this.activity,
			storage,
			worker: this.worker,
			timers: WINDOW_TIMERS,
			clock,
			settings: this.settings,
			warn,
		});
		this.maintenance.start();
		const activity = this.activity;
		this.plugin.registerEvent(
			app.workspace.on("file-open", (file) => {
				if (file instanceof TFile && this.index.graph.hasNote(file.path)) {
					activity.record({ kind: "open", path: file.path, at: clock() }).catch((error: unknown) => warn(`could not record that ${file.path} was opened: ${String(error)}`));
				}
			}),
		);
	}

	async stop(): Promise<void> {
		await this.maintenance?.stop();
		await this.activity?.close();
		this.worker.terminate();
	}

	addCommands(): void {
		this.plugin.addCommand({
			id: "run-maintenance",
			name: "Run memory maintenance now",
			callback: () => void this.runPass(),
		});
		this.plugin.addCommand({
			id: "undo-latest-status-change",
			name: "Undo the latest memory status change",
			callback: () => void this.undoLatest(),
		});
		this.plugin.addCommand({
			id: "preview-vault-status-writes",
			name: "Preview memory status writes for the whole vault",
			callback: () => {
				if (!this.maintenance) return void new Notice("The memory index is still being built; try again in a moment.");
				const preview = this.maintenance.previewWrites("vault");
				this.previewShown = true;
				new Notice(
					`Whole-vault scope would set memory_status on ${preview.notes} notes (${preview.outsideMemoryFolder} outside the memory folder): ` +
						`${Object.entries(preview.byStatus).map(([status, n]) => `${n} ${status}`).join(", ") || "nothing"}. ` +
						`Only that property changes; bodies and modification times stay. To allow it, run "Allow memory status writes in the whole vault".`,
					NOTICE_MS,
				);
			},
		});
		this.plugin.addCommand({
			id: "allow-vault-status-writes",
			name: "Allow memory status writes in the whole vault",
			checkCallback: (checking) => {
				if (!this.previewShown) return false;
				if (!checking) void this.allowVaultWrites();
				return true;
			},
		});
	}

	private async undoLatest(): Promise<void> {
		const latest = this.maintenance?.history().filter((entry) => entry.undoneAt === null).at(-1);
		if (!this.maintenance || !latest) return void new Notice("There is no memory status change to undo.");
		try {
			await this.maintenance.undo(latest.seq);
			const what = latest.kind === "transition" ? `${latest.from} → ${latest.to}` : `${latest.action} (prune)`;
			new Notice(`Undone: ${latest.path}, ${what}.`);
		} catch (error) {
			new Notice(`Could not undo: ${errorMessage(error)}`);
		}
	}

	private async allowVaultWrites(): Promise<void> {
		const current = this.settings();
		await this.saveSettings({ ...current, maintenance: { ...current.maintenance, writeScope: "vault", vaultWritesConfirmed: true } });
		await this.runPass();
	}

	private async runPass(): Promise<PassReport | null> {
		if (!this.maintenance) {
			new Notice("The memory index is still being built; try again in a moment.");
			return null;
		}
		try {
			const report = await this.maintenance.runPass();
			new Notice(`Memory maintenance: ${report.changes.length} status changes, ${report.writes.written} notes updated, ${report.proposals.length} core proposals.`);
			return report;
		} catch (error) {
			new Notice(`Causal Memory: maintenance failed: ${errorMessage(error)}`);
			return null;
		}
	}
}
