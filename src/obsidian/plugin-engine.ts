import { Notice, normalizePath, type Plugin } from "obsidian";
import type { MemorySettings } from "../core/model/settings";
import { MemoryEngine } from "../engine/memory-engine";
import { AdapterStorage } from "./adapter-storage";
import { obsidianDeviceId, obsidianLockIdentity } from "./device-identity";
import { IndexedDbCacheStore } from "./indexeddb-cache-store";
import { ObsidianVault } from "./obsidian-vault";
import type { PluginSettingsStore } from "./settings-store";
import { createWebMaintenanceWorker } from "./web-worker-host";
import { WINDOW_TIMERS } from "./window-timers";

/**
 * The memory engine over the open vault: notes through the app, the activity log and small
 * caches in `<configDir>/plugins/<id>/state`, the keyword index cache in the app's IndexedDB
 * (outside the vault: never synced), maintenance passes in a Web Worker, warnings as notices.
 * The config folder is never indexed, nor the Templates core plugin's folder unless the user
 * turned that off (index.excludeTemplatesFolder).
 */
export function createPluginEngine(
	plugin: Plugin,
	store: PluginSettingsStore,
	templatesFolder: string | null = null,
): MemoryEngine {
	const { app, manifest } = plugin;
	const warn = (message: string): void => void new Notice(`Causal Memory: ${message}`);
	// Read on hot paths (every recall, every permission check): derived once per settings change.
	let source: MemorySettings | null = null;
	let derived: MemorySettings | null = null;
	const settings = (): MemorySettings => {
		const current = store.get();
		if (current !== source || derived === null) {
			source = current;
			const templates = current.index.excludeTemplatesFolder && templatesFolder !== null ? [templatesFolder] : [];
			derived = {
				...current,
				index: {
					...current.index,
					excludedFolders: [...current.index.excludedFolders, ...templates, app.vault.configDir],
				},
			};
		}
		return derived;
	};
	return new MemoryEngine({
		vault: new ObsidianVault(app),
		storage: new AdapterStorage(
			app.vault.adapter,
			normalizePath(`${app.vault.configDir}/plugins/${manifest.id}/state`),
		),
		caches: IndexedDbCacheStore.forVault(app) ?? undefined,
		deviceId: obsidianDeviceId(app),
		lock: obsidianLockIdentity(),
		worker: createWebMaintenanceWorker({
			onFallback: (reason) => warn(`${reason}; maintenance runs on the main thread.`),
		}),
		timers: WINDOW_TIMERS,
		clock: () => Date.now(),
		settings,
		updateSettings: (change) => store.update(change),
		warn,
	});
}
