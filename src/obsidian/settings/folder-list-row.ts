import { TFolder, type App } from "obsidian";
import { changeSettings, valueAt, type SettingField } from "../../core/model/setting-fields";
import { errorLine } from "./error-line";
import type { SettingRow, SettingsContext } from "./settings-context";

/** Every folder of the vault (not the config folder), sorted. */
function vaultFolders(app: App): string[] {
	return app.vault
		.getAllLoadedFiles()
		.filter((file): file is TFolder => file instanceof TFolder && !file.isRoot())
		.map((folder) => folder.path)
		.sort((a, b) => a.localeCompare(b));
}

/** A list of vault folders: each with a remove button, and a folder picker to add one. */
export function folderListRow(context: SettingsContext, field: SettingField): SettingRow {
	const { store, app } = context;
	const current = (): string[] => (valueAt(store.get(), field.path) as string[] | undefined) ?? [];
	return {
		name: field.name,
		desc: field.description,
		render: (setting) => {
			setting.setClass("causal-memory-folder-list");
			setting.settingEl.setAttr("data-setting", field.key);
			const showError = errorLine(setting);
			const listEl = setting.infoEl.createDiv({ cls: "causal-memory-folder-chips" });
			const save = (folders: string[]): void => {
				const change = changeSettings(store.get(), [{ path: field.path, value: folders }]);
				showError(change.ok ? null : change.message);
				if (change.ok) void store.update(() => change.settings);
			};
			const drawList = (): void => {
				listEl.empty();
				for (const folder of current()) {
					const chip = listEl.createDiv({ cls: "causal-memory-folder-chip" });
					chip.createSpan({ text: folder });
					const remove = chip.createEl("button", {
						cls: "clickable-icon",
						text: "×",
						attr: { "aria-label": `Remove ${folder}` },
					});
					remove.addEventListener("click", () => save(current().filter((other) => other !== folder)));
				}
			};
			let picker: HTMLSelectElement | null = null;
			const fillPicker = (): void => {
				if (picker === null) return;
				picker.empty();
				picker.createEl("option", { text: "Add a folder…", value: "" });
				for (const folder of vaultFolders(app).filter((candidate) => !current().includes(candidate)))
					picker.createEl("option", { text: folder, value: folder });
			};
			setting.addDropdown((dropdown) => {
				picker = dropdown.selectEl;
				fillPicker();
				dropdown.onChange((folder) => {
					if (folder !== "") save([...current(), folder]);
				});
			});
			drawList();
			return store.onChange(() => {
				drawList();
				fillPicker();
			});
		},
	};
}
