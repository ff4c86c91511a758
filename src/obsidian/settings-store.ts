import { Notice, type Plugin } from "obsidian";
import type { MemorySettings } from "../core/model/settings";
import { changedPaths, keepingUnchanged, withChanges } from "../core/model/settings-changes";
import { errorMessage } from "../core/model/error-message";
import { readSettings } from "./plugin-settings";

const PLUGIN_NAME = "Causal Memory";

/** Called after every change of the settings in memory (an update, or a reload of data.json). */
export type SettingsListener = (settings: MemorySettings, previous: MemorySettings) => void;

/**
 * The plugin's settings: read from data.json, changed through `update`, re-read by `reload`
 * when the file changed under the plugin (sync, a hand edit). A save writes only the fields the
 * change touched over the file as it is now, so it never drops a field it did not change.
 * Unreadable or invalid settings never stop the plugin: it tells the user why, runs on the
 * defaults, and never writes the file, so nothing they wrote is lost; changes then last until
 * the file is fixed or the plugin is reloaded.
 */
export class PluginSettingsStore {
	private saving: Promise<void> = Promise.resolve();
	private toldUnsaved = false;
	private readonly listeners = new Set<SettingsListener>();

	private constructor(
		private readonly plugin: Plugin,
		private settings: MemorySettings,
		/** False when the settings file could not be used: changes are not saved. */
		private usable: boolean,
	) {}

	static async load(plugin: Plugin): Promise<PluginSettingsStore> {
		const read = await readFile(plugin);
		if (read.problem === null) return new PluginSettingsStore(plugin, read.settings, true);
		tellUnusable(read.problem);
		return new PluginSettingsStore(plugin, readSettings(null).settings, false);
	}

	get persistent(): boolean {
		return this.usable;
	}

	get(): MemorySettings {
		return this.settings;
	}

	/** Registers a listener; returns the function that removes it. */
	onChange(listener: SettingsListener): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	/** Applies `change` at once and saves the fields it changed (saves run one after another). */
	update(change: (settings: MemorySettings) => MemorySettings): Promise<void> {
		const previous = this.settings;
		this.settings = change(previous);
		const paths = changedPaths(previous, this.settings);
		this.notify(previous);
		if (!this.usable) {
			if (!this.toldUnsaved)
				new Notice(
					`${PLUGIN_NAME}: a settings change applies until the plugin is reloaded; it was not saved because the settings file could not be used.`,
				);
			this.toldUnsaved = true;
			return Promise.resolve();
		}
		if (paths.length === 0) return this.saving;
		const settings = this.settings;
		return this.saveOverFile((base) => withChanges(base, settings, paths));
	}

	/** Settles once every save started so far has finished (or failed). */
	async flush(): Promise<void> {
		await this.saving.catch(() => undefined);
	}

	/** Sets one top-level key of data.json that is not a setting (such as "welcomed"), in turn with the saves. */
	markInFile(key: string, value: unknown): Promise<void> {
		if (!this.usable) return Promise.resolve();
		return this.saveOverFile((base) => ({ ...base, [key]: value }));
	}

	/** Saves `edit` of data.json as it is now (an object, or {} when it is not one), in turn with the other saves. */
	private saveOverFile(edit: (base: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
		this.saving = this.saving
			.catch(() => undefined)
			.then(async () => {
				const saved: unknown = await this.plugin.loadData();
				const base =
					typeof saved === "object" && saved !== null && !Array.isArray(saved)
						? (saved as Record<string, unknown>)
						: {};
				await this.plugin.saveData(edit(base));
			});
		return this.saving;
	}

	/** Reads one top-level key of data.json that is not a setting; undefined when missing or unreadable. */
	async readFromFile(key: string): Promise<unknown> {
		try {
			const saved: unknown = await this.plugin.loadData();
			return typeof saved === "object" && saved !== null ? (saved as Record<string, unknown>)[key] : undefined;
		} catch {
			return undefined;
		}
	}

	/** Re-reads data.json (changed by sync or by hand). Invalid content is reported and the current settings kept. */
	async reload(): Promise<void> {
		await this.saving.catch(() => undefined);
		const read = await readFile(this.plugin);
		if (read.problem !== null) {
			new Notice(
				`${PLUGIN_NAME}: the changed settings file was not applied: ${read.problem.replace(/\.$/, "")}. The current settings stay in effect.`,
			);
			return;
		}
		const previous = this.settings;
		this.usable = true;
		const next = keepingUnchanged(previous, read.settings);
		if (next === previous) return;
		this.settings = next;
		this.notify(previous);
	}

	private notify(previous: MemorySettings): void {
		for (const listener of this.listeners) listener(this.settings, previous);
	}
}

async function readFile(plugin: Plugin): Promise<{ settings: MemorySettings; problem: string | null }> {
	try {
		return readSettings(await plugin.loadData());
	} catch (error) {
		return {
			settings: readSettings(null).settings,
			problem: `the settings file could not be read (${errorMessage(error)})`,
		};
	}
}

function tellUnusable(problem: string): void {
	new Notice(
		`${PLUGIN_NAME}: ${problem.replace(/\.$/, "")}. Using the default settings until this is fixed; the settings file was left unchanged.`,
	);
}
