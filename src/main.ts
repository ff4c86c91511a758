import { Notice, Plugin } from "obsidian";
import { addMemoryCommands } from "./obsidian/commands";
import { IndexStatusBar } from "./obsidian/index-status-bar";
import { MemoryIndexService } from "./obsidian/memory-index-service";
import { ObsidianVault } from "./obsidian/obsidian-vault";
import { loadPluginSettings } from "./obsidian/load-settings";

export default class CausalMemoryPlugin extends Plugin {
	/** Set during `onload`; the memory index other parts of the plugin read from. */
	memory: MemoryIndexService | undefined;

	override async onload(): Promise<void> {
		const settings = await loadPluginSettings(this);
		const status = new IndexStatusBar(this.addStatusBarItem());
		const excludedFolders = [...settings.index.excludedFolders, this.app.vault.configDir];
		const memory = new MemoryIndexService(new ObsidianVault(this.app), { ...settings.index, excludedFolders }, status, (message) => {
			new Notice(message);
		});
		this.memory = memory;
		this.register(() => memory.stop());
		addMemoryCommands(this, memory);
		// Vault `create` fires for every file while the vault loads: start once the layout is ready.
		this.app.workspace.onLayoutReady(() => void memory.start());
	}
}
