import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { readMemorySettings, type MemorySettings } from "../core/model/settings";
import { errorMessage } from "../core/model/error-message";

/** Where the plugin keeps its files inside a vault; the headless tools use the same place so both share one memory. */
export function pluginFolder(vaultDir: string, configDir = ".obsidian"): string {
	return join(vaultDir, configDir, "plugins", "causal-memory");
}

/**
 * The settings the plugin saved in this vault (data.json), or the defaults. Invalid groups fall
 * back to their defaults and are reported, exactly as in the plugin.
 */
export function readHeadlessSettings(vaultDir: string, file = join(pluginFolder(vaultDir), "data.json")): { settings: MemorySettings; problems: string[] } {
	if (!existsSync(file)) return readMemorySettings(null);
	try {
		return readMemorySettings(JSON.parse(readFileSync(file, "utf8")) as unknown);
	} catch (error) {
		const read = readMemorySettings(null);
		return { ...read, problems: [`${file} is not valid JSON (${errorMessage(error)})`] };
	}
}
