import type { Plugin } from "obsidian";
import type { PluginSettingsStore } from "../settings-store";
import { WelcomeModal, type WelcomeActions } from "./welcome-modal";

const WELCOMED = "welcomed";

/** Opens the welcome once per vault; data.json remembers that it was shown. */
export async function welcomeOnce(
	plugin: Plugin,
	store: PluginSettingsStore,
	actions: WelcomeActions,
): Promise<boolean> {
	if (!store.persistent || (await store.readFromFile(WELCOMED)) === true) return false;
	new WelcomeModal(plugin.app, plugin.manifest.name, store.get().maintenance.memoryFolder, actions).open();
	await store.markInFile(WELCOMED, true);
	return true;
}
