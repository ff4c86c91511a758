import { readMemorySettings, type MemorySettings } from "../core/model/settings";

type PluginSettings = MemorySettings;

export interface ReadSettings {
	settings: PluginSettings;
	/** Why the stored settings could not all be used (those groups fall back to their defaults). */
	problem: string | null;
}

/** Validates what `loadData()` returned; invalid data yields defaults and a reason, never a throw. */
export function readSettings(data: unknown): ReadSettings {
	const { settings, problems } = readMemorySettings(data);
	return { settings, problem: problems.length === 0 ? null : problems.join("; ") };
}
