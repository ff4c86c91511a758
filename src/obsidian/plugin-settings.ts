import { parseIndexSettings, type IndexSettings } from "../core/model/index-settings";

/** What the plugin keeps in its data.json. */
export interface PluginSettings {
	index: IndexSettings;
}

export interface ReadSettings {
	settings: PluginSettings;
	/** Why the stored settings could not be used (the defaults are returned instead). */
	problem: string | null;
}

function defaults(): PluginSettings {
	return { index: parseIndexSettings({}) };
}

function describe(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/** Validates what `loadData()` returned; invalid data yields the defaults and a reason, never a throw. */
export function readSettings(data: unknown): ReadSettings {
	if (data === null || data === undefined) return { settings: defaults(), problem: null };
	if (typeof data !== "object" || Array.isArray(data)) {
		return { settings: defaults(), problem: "the saved settings are not a JSON object" };
	}
	try {
		return { settings: { index: parseIndexSettings((data as { index?: unknown }).index) }, problem: null };
	} catch (error) {
		return { settings: defaults(), problem: describe(error) };
	}
}
