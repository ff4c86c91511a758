import { changeSettings, rangeSentence, valueAt, type SettingField } from "../../core/model/setting-fields";
import { errorLine } from "./error-line";
import type { SettingRow, SettingsContext } from "./settings-context";

type MapValue = Record<string, unknown>;

/** A typed value back from its control: numbers as numbers (text the schema then refuses stays text). */
function parseValue(field: SettingField, text: string): unknown {
	if (field.value?.kind !== "number") return text;
	const trimmed = text.trim();
	return trimmed === "" || Number.isNaN(Number(trimmed)) ? text : Number(trimmed);
}

/** The value control of one entry: a dropdown of the allowed values, or a number box. */
function valueControl(
	parent: HTMLElement,
	field: SettingField,
	value: unknown,
	label: string,
): HTMLInputElement | HTMLSelectElement {
	if (field.value?.kind === "choice") {
		const select = parent.createEl("select", { cls: "dropdown", attr: { "aria-label": label } });
		for (const option of field.value.options) select.createEl("option", { text: option, value: option });
		select.value = typeof value === "string" ? value : (field.value.options[0] ?? "");
		return select;
	}
	return parent.createEl("input", {
		type: "text",
		attr: { "aria-label": label, inputmode: "decimal" },
		value: typeof value === "number" ? String(value) : "",
	});
}

/**
 * A map setting edited as rows: one line per key with its value's control and a remove button
 * (absent where the schema puts the key back, as for the default edge keys), and a line to add a
 * key. Every change is validated by the same schema as any other setting; an invalid one shows
 * its message and saves nothing.
 */
export function mapRow(context: SettingsContext, field: SettingField): SettingRow {
	const { store } = context;
	const current = (): MapValue => ({ ...((valueAt(store.get(), field.path) as MapValue | undefined) ?? {}) });
	const keyLabel = field.keyLabel ?? "Key";
	const range = field.value?.kind === "number" ? ` ${rangeSentence(field.value)}` : "";
	return {
		name: field.name,
		desc: `${field.description}${range}`,
		render: (setting) => {
			setting.setClass("causal-memory-map");
			setting.settingEl.setAttr("data-setting", field.key);
			const showError = errorLine(setting);
			const listEl = setting.infoEl.createDiv({ cls: "causal-memory-map-rows" });
			/** Saves the map when the schema accepts it; true when saved. */
			const save = (next: MapValue): boolean => {
				const change = changeSettings(store.get(), [{ path: field.path, value: next }]);
				showError(change.ok ? null : change.message);
				if (change.ok) void store.update(() => change.settings);
				return change.ok;
			};
			const removable = (key: string): boolean => {
				const without = current();
				delete without[key];
				const change = changeSettings(store.get(), [{ path: field.path, value: without }]);
				return !change.ok || !(key in ((valueAt(change.settings, field.path) as MapValue | undefined) ?? {}));
			};
			const draw = (): void => {
				listEl.empty();
				for (const [key, value] of Object.entries(current())) {
					const line = listEl.createDiv({ cls: "causal-memory-map-entry", attr: { "data-map-key": key } });
					line.createEl("code", { cls: "causal-memory-map-key", text: key });
					const control = valueControl(line, field, value, `Value of ${key}`);
					control.addEventListener(control instanceof HTMLSelectElement ? "change" : "input", () =>
						save({ ...current(), [key]: parseValue(field, control.value) }),
					);
					// Leaving an invalid value shows the saved one again: nothing invalid is kept.
					control.addEventListener("blur", () => {
						if (!setting.settingEl.hasClass("causal-memory-invalid")) return;
						showError(null);
						draw();
					});
					if (removable(key)) {
						const remove = line.createEl("button", {
							cls: "clickable-icon causal-memory-map-remove",
							text: "×",
							attr: { "aria-label": `Remove ${key}` },
						});
						remove.addEventListener("click", () => {
							const next = current();
							delete next[key];
							if (save(next)) draw();
						});
					}
				}
				const add = listEl.createDiv({ cls: "causal-memory-map-entry causal-memory-map-add" });
				const keyInput = add.createEl("input", {
					type: "text",
					cls: "causal-memory-map-new-key",
					attr: { placeholder: keyLabel, "aria-label": keyLabel },
				});
				const valueInput = valueControl(add, field, undefined, `Value of the new ${keyLabel.toLowerCase()}`);
				const addButton = add.createEl("button", { text: "Add" });
				addButton.addEventListener("click", () => {
					const key = keyInput.value.trim();
					if (key === "") return showError(`Enter a ${keyLabel.toLowerCase()} first.`);
					if (save({ ...current(), [key]: parseValue(field, valueInput.value) })) draw();
				});
			};
			// While a control of the list has the focus, its text is what the user typed: a redraw would lose it.
			let editing = false;
			listEl.addEventListener("focusin", () => (editing = true));
			listEl.addEventListener("focusout", () => (editing = false));
			draw();
			return store.onChange((settings, previous) => {
				if (!editing && valueAt(settings, field.path) !== valueAt(previous, field.path)) draw();
			});
		},
	};
}
