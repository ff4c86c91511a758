import type { ButtonComponent } from "obsidian";
import { optionLabel, type SettingField } from "../../core/model/setting-fields";
import { openVaultWritesModal } from "../maintenance-commands";
import type { SettingRow, SettingsContext } from "./settings-context";

/**
 * Where the plugin writes memory_status. The whole vault is reached only through the dialog that
 * shows what the first pass would write (the command's dialog, one confirmation path); going back
 * to the memory folder needs no confirmation and asks for the dialog again next time.
 */
export function statusWritesRow(context: SettingsContext, field: SettingField): SettingRow {
	const { store, memory, plugin, actions } = context;
	return {
		name: field.name,
		desc: "The plugin writes one property, memory_status, and only when a memory's status changes. Each write gives the note a new modification time, as any edit does; every change can be undone from the memory view.",
		render: (setting) => {
			setting.setClass("causal-memory-field");
			setting.settingEl.setAttr("data-setting", field.key);
			const stateEl = setting.descEl.createDiv({ cls: "causal-memory-preview" });
			let button: ButtonComponent | null = null;
			const wholeVault = (): boolean => {
				const { writeScope, vaultWritesConfirmed } = store.get().maintenance;
				return writeScope === "vault" && vaultWritesConfirmed;
			};
			const draw = (): void => {
				const { memoryFolder } = store.get().maintenance;
				const scope = wholeVault() ? "vault" : "memory-folder";
				stateEl.empty();
				stateEl.createDiv({
					text: `Now: ${optionLabel(field, scope).toLowerCase()}${scope === "vault" ? "" : ` (${memoryFolder})`}.`,
				});
				const maintenance = memory.maintenance();
				if (maintenance !== null) {
					const preview = maintenance.previewWrites(scope);
					stateEl.createDiv({
						text: `The next pass would change ${preview.notes} ${preview.notes === 1 ? "note" : "notes"}.`,
					});
				}
				button?.setButtonText(wholeVault() ? "Memory folder only" : "Preview whole-vault writes…");
			};
			setting.addButton((component) => {
				button = component;
				component.onClick(() => {
					if (!wholeVault()) return openVaultWritesModal(plugin, actions);
					void store.update((settings) => ({
						...settings,
						maintenance: { ...settings.maintenance, writeScope: "memory-folder", vaultWritesConfirmed: false },
					}));
				});
			});
			draw();
			return store.onChange(draw);
		},
	};
}
