import {
	changeSettings,
	optionLabel,
	rangeSentence,
	valueAt,
	type SettingField,
} from "../../core/model/setting-fields";
import type { PluginSettingsStore } from "../settings-store";
import { folderListRow } from "./folder-list-row";
import { errorLine } from "./error-line";
import { mapRow } from "./map-row";
import type { SettingRow, SettingsContext } from "./settings-context";

/** How a field's value is shown in a text box, and read back (undefined: not parseable; the schema explains). */
function toText(field: SettingField, value: unknown): string {
	if (field.kind === "list" && Array.isArray(value)) return value.join(", ");
	return typeof value === "string" || typeof value === "number" ? String(value) : "";
}

function fromText(field: SettingField, text: string): unknown {
	const trimmed = text.trim();
	switch (field.kind) {
		case "number":
			return trimmed === "" || Number.isNaN(Number(trimmed)) ? text : Number(trimmed);
		case "list":
			return trimmed === "" ? [] : trimmed.split(",").map((item) => item.trim());
		default:
			return text;
	}
}

function rangeText(field: SettingField): string {
	const sentence = field.kind === "number" ? rangeSentence(field) : "";
	return sentence === "" ? "" : ` ${sentence}`;
}

/**
 * Validates a typed value with the group's schema and saves it only when valid; otherwise the
 * row shows the schema's message and the setting keeps its old value.
 */
function applyFieldValue(store: PluginSettingsStore, field: SettingField, value: unknown): string | null {
	const change = changeSettings(store.get(), [{ path: field.path, value }]);
	if (!change.ok) return change.message;
	void store.update(() => change.settings);
	return null;
}

/** One generic row for a schema field: the control follows the field's kind. */
export function fieldRow(context: SettingsContext, field: SettingField): SettingRow {
	if (field.kind === "list" && field.key.endsWith("Folders")) return folderListRow(context, field);
	if (field.kind === "map") return mapRow(context, field);
	const { store } = context;
	const current = (): unknown => valueAt(store.get(), field.path);
	return {
		name: field.name,
		desc: field.description + rangeText(field),
		render: (setting) => {
			setting.setClass("causal-memory-field");
			setting.settingEl.setAttr("data-setting", field.key);
			const showError = errorLine(setting);
			let refresh: () => void;
			if (field.kind === "boolean") {
				setting.addToggle((toggle) => {
					toggle.setValue(current() === true).onChange((value) => showError(applyFieldValue(store, field, value)));
					refresh = () => {
						toggle.setValue(current() === true);
					};
				});
			} else if (field.kind === "choice") {
				setting.addDropdown((dropdown) => {
					for (const option of field.options ?? []) dropdown.addOption(option, optionLabel(field, option));
					dropdown.setValue(String(current())).onChange((value) => showError(applyFieldValue(store, field, value)));
					refresh = () => {
						dropdown.setValue(String(current()));
					};
				});
			} else {
				const multiline = field.key === "keyword.stopWords";
				const add = (component: {
					setValue(v: string): unknown;
					getValue(): string;
					onChange(cb: (v: string) => unknown): unknown;
					inputEl: HTMLInputElement | HTMLTextAreaElement;
				}): void => {
					component.setValue(toText(field, current()));
					component.onChange((text) => showError(applyFieldValue(store, field, fromText(field, text))));
					// Leaving an invalid value shows the setting's value again: nothing invalid is kept.
					component.inputEl.addEventListener("blur", () => {
						if (setting.settingEl.hasClass("causal-memory-invalid")) {
							component.setValue(toText(field, current()));
							showError(null);
						}
					});
					refresh = () => {
						if (!component.inputEl.isActiveElement()) component.setValue(toText(field, current()));
					};
				};
				if (multiline) setting.addTextArea(add);
				else setting.addText(add);
			}
			return store.onChange(() => refresh());
		},
	};
}
