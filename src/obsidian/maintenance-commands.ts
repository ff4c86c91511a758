import type { Plugin } from "obsidian";
import type { MemoryActions } from "./memory-actions";
import { VaultWritesModal } from "./modals/vault-writes-modal";

/** Commands to run a pass, undo the latest status change, and opt in to whole-vault status writes after seeing what they would change. */
export function addMaintenanceCommands(plugin: Plugin, actions: MemoryActions): void {
	plugin.addCommand({
		id: "run-maintenance",
		name: "Run memory maintenance now",
		callback: () => actions.runPass(),
	});
	plugin.addCommand({
		id: "undo-latest-status-change",
		name: "Undo the latest memory status change",
		callback: () => actions.undoLatest(),
	});
	plugin.addCommand({
		id: "allow-vault-status-writes",
		name: "Allow memory status writes in the whole vault",
		callback: () => openVaultWritesModal(plugin, actions),
	});
}

/** The confirmation with the preview of the first whole-vault pass; also for the settings tab. */
export function openVaultWritesModal(plugin: Plugin, actions: MemoryActions): void {
	const engine = actions.engine(true);
	if (!engine) return;
	new VaultWritesModal(plugin.app, engine.maintenance.previewWrites("vault"), () => actions.allowVaultWrites()).open();
}
