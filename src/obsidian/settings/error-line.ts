import type { Setting } from "obsidian";

/** The error line under a row's description (Setting.setErrorMessage needs Obsidian 1.11). */
export function errorLine(setting: Setting): (message: string | null) => void {
	const el = setting.infoEl.createDiv({ cls: "causal-memory-setting-error" });
	el.hide();
	return (message) => {
		el.setText(message ?? "");
		el.toggle(message !== null);
		setting.settingEl.toggleClass("causal-memory-invalid", message !== null);
	};
}
