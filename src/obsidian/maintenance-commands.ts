import { Notice, type Plugin } from "obsidian";
import { errorMessage } from "../core/model/error-message";
import type { MemorySettings } from "../core/model/settings";
import type { MemoryMaintenance } from "../engine/maintenance/memory-maintenance";

const NOTICE_MS = 15_000;
const NOT_READY = "The memory index is still being built; try again in a moment.";

export interface MaintenanceCommandDeps {
	/** Null until the engine has started. */
	maintenance: () => MemoryMaintenance | null;
	updateSettings: (change: (settings: MemorySettings) => MemorySettings) => Promise<void>;
}

/** Commands to run a pass, undo the latest status change, and opt in to whole-vault status writes after a preview. */
export function addMaintenanceCommands(plugin: Plugin, deps: MaintenanceCommandDeps): void {
	let previewShown = false;
	plugin.addCommand({
		id: "run-maintenance",
		name: "Run memory maintenance now",
		callback: () => runPass(deps.maintenance()),
	});
	plugin.addCommand({
		id: "undo-latest-status-change",
		name: "Undo the latest memory status change",
		callback: () => undoLatest(deps.maintenance()),
	});
	plugin.addCommand({
		id: "preview-vault-status-writes",
		name: "Preview memory status writes for the whole vault",
		callback: () => {
			const maintenance = deps.maintenance();
			if (!maintenance) return void new Notice(NOT_READY);
			const preview = maintenance.previewWrites("vault");
			previewShown = true;
			new Notice(
				`Whole-vault scope would set memory_status on ${preview.notes} notes (${preview.outsideMemoryFolder} outside the memory folder): ` +
					`${Object.entries(preview.byStatus).map(([status, n]) => `${n} ${status}`).join(", ") || "nothing"}. ` +
					`Only that property changes; bodies and modification times stay. To allow it, run "Allow memory status writes in the whole vault".`,
				NOTICE_MS,
			);
		},
	});
	plugin.addCommand({
		id: "allow-vault-status-writes",
		name: "Allow memory status writes in the whole vault",
		checkCallback: (checking) => {
			if (!previewShown) return false;
			if (!checking) void allowVaultWrites(deps);
			return true;
		},
	});
}

async function allowVaultWrites(deps: MaintenanceCommandDeps): Promise<void> {
	try {
		await deps.updateSettings((current) => ({ ...current, maintenance: { ...current.maintenance, writeScope: "vault", vaultWritesConfirmed: true } }));
	} catch (error) {
		new Notice(`Causal Memory: the setting could not be saved: ${errorMessage(error)}`);
		return;
	}
	await runPass(deps.maintenance());
}

async function runPass(maintenance: MemoryMaintenance | null): Promise<void> {
	if (!maintenance) return void new Notice(NOT_READY);
	try {
		const report = await maintenance.runPass();
		new Notice(`Memory maintenance: ${report.changes.length} status changes, ${report.writes.written} notes updated, ${report.proposals.length} core proposals.`);
	} catch (error) {
		new Notice(`Causal Memory: maintenance failed: ${errorMessage(error)}`);
	}
}

async function undoLatest(maintenance: MemoryMaintenance | null): Promise<void> {
	const latest = maintenance?.history().filter((entry) => entry.undoneAt === null).at(-1);
	if (!maintenance || !latest) return void new Notice("There is no memory status change to undo.");
	try {
		await maintenance.undo(latest.seq, latest.device);
		const what = latest.kind === "transition" ? `${latest.from} → ${latest.to}` : `${latest.action} (prune)`;
		new Notice(`Undone: ${latest.path}, ${what}.`);
	} catch (error) {
		new Notice(`Could not undo: ${errorMessage(error)}`);
	}
}
