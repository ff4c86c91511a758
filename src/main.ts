import { Notice, Plugin } from "obsidian";
import type { MemorySettings } from "./core/model/settings";
import { addMemoryCommands } from "./obsidian/commands";
import { IndexStatusBar } from "./obsidian/index-status-bar";
import { loadPluginSettings } from "./obsidian/load-settings";
import { ObsidianEmbeddings } from "./obsidian/embedding-service";
import { ObsidianMaintenance } from "./obsidian/maintenance-service";
import { MemoryIndexService } from "./obsidian/memory-index-service";
import { ObsidianVault } from "./obsidian/obsidian-vault";

export default class CausalMemoryPlugin extends Plugin {
	/** Set during `onload`; the memory index other parts of the plugin read from. */
	memory: MemoryIndexService | undefined;
	/** Set during `onload`; started once the index is built. */
	maintenance: ObsidianMaintenance | undefined;
	private memorySettings!: MemorySettings;

	override async onload(): Promise<void> {
		this.memorySettings = await loadPluginSettings(this);
		const status = new IndexStatusBar(this.addStatusBarItem());
		const vault = new ObsidianVault(this.app);
		const excludedFolders = [...this.memorySettings.index.excludedFolders, this.app.vault.configDir];
		const memory = new MemoryIndexService(vault, { ...this.memorySettings.index, excludedFolders }, status, (message) => {
			new Notice(message);
		});
		const maintenance = new ObsidianMaintenance(this, vault, memory.index, () => this.memorySettings, (settings) => this.saveSettings(settings));
		const embeddings = new ObsidianEmbeddings(this, () => this.memorySettings.embeddings);
		this.memory = memory;
		this.maintenance = maintenance;
		this.register(() => {
			memory.stop();
			void maintenance.stop();
			void embeddings.dispose();
		});
		addMemoryCommands(this, memory);
		maintenance.addCommands();
		embeddings.addCommands();
		// Vault `create` fires for every file while the vault loads: start once the layout is ready.
		this.app.workspace.onLayoutReady(async () => {
			const report = await memory.start();
			if (report) await maintenance.start();
		});
	}

	private async saveSettings(settings: MemorySettings): Promise<void> {
		this.memorySettings = settings;
		await this.saveData(settings);
	}
}
