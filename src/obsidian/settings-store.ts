import { Notice, type Plugin } from "obsidian";
import type { MemorySettings } from "../core/model/settings";
import { errorMessage } from "../core/model/error-message";
import { readSettings } from "./plugin-settings";

const PLUGIN_NAME = "Causal Memory";

/**
 * The plugin's settings: read from data.json once, changed through `update`, which saves them.
 * Unreadable or invalid settings never stop the plugin: it tells the user why, runs on the
 * defaults, and never writes the file, so nothing they wrote is lost; changes then last until
 * the plugin is reloaded.
 */
export class PluginSettingsStore {
	private saving: Promise<void> = Promise.resolve();
	private toldUnsaved = false;

	private constructor(
		private readonly plugin: Plugin,
		private settings: MemorySettings,
		/** False when the settings file could not be used: changes are not saved. */
		readonly persistent: boolean,
	) {}

	static async load(plugin: Plugin): Promise<PluginSettingsStore> {
		let data: unknown;
		try {
			data = await plugin.loadData();
		} catch (error) {
			return PluginSettingsStore.onDefaults(plugin, `the settings file could not be read (${errorMessage(error)})`);
		}
		const { settings, problem } = readSettings(data);
		return problem === null ? new PluginSettingsStore(plugin, settings, true) : PluginSettingsStore.onDefaults(plugin, problem);
	}

	private static onDefaults(plugin: Plugin, problem: string): PluginSettingsStore {
		new Notice(`${PLUGIN_NAME}: ${problem.replace(/\.$/, "")}. Using the default settings until this is fixed; the settings file was left unchanged.`);
		return new PluginSettingsStore(plugin, readSettings(null).settings, false);
	}

	get(): MemorySettings {
		return this.settings;
	}

	/** Applies `change` at once and saves the result (saves run one after another, the latest settings last). */
	update(change: (settings: MemorySettings) => MemorySettings): Promise<void> {
		this.settings = change(this.settings);
		if (!this.persistent) {
			if (!this.toldUnsaved) new Notice(`${PLUGIN_NAME}: a settings change applies until the plugin is reloaded; it was not saved because the settings file could not be used.`);
			this.toldUnsaved = true;
			return Promise.resolve();
		}
		this.saving = this.saving.catch(() => undefined).then(() => this.plugin.saveData(this.settings));
		return this.saving;
	}
}
