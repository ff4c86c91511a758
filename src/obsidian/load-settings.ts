import { Notice, type Plugin } from "obsidian";
import { readSettings, type PluginSettings } from "./plugin-settings";
import { errorMessage } from "../core/model/error-message";


/**
 * Reads data.json. Unreadable or invalid settings never stop the plugin: it tells the user
 * why, runs on the defaults, and leaves the file as it is so nothing they wrote is lost.
 */
export async function loadPluginSettings(plugin: Plugin): Promise<PluginSettings> {
	let data: unknown;
	try {
		data = await plugin.loadData();
	} catch (error) {
		return warnAndUseDefaults(`the settings file could not be read (${errorMessage(error)})`);
	}
	const { settings, problem } = readSettings(data);
	return problem === null ? settings : warnAndUseDefaults(problem);
}

function warnAndUseDefaults(problem: string): PluginSettings {
	new Notice(`Causal Memory: ${problem.replace(/\.$/, "")}. Using the default settings until this is fixed; the settings file was left unchanged.`);
	return readSettings(null).settings;
}
