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
	const { maintenance, embeddings } = store.get();
	const vault = {
		pluginName: plugin.manifest.name,
		memoryFolder: maintenance.memoryFolder,
		localModelFolder: embeddings.localModelFolder,
	};
	new WelcomeModal(plugin.app, vault, actions).open();
	await store.markInFile(WELCOMED, true);
	return true;
}
