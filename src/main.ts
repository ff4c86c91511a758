import { Notice, Plugin } from "obsidian";
import { errorMessage } from "./core/model/error-message";
import { addMemoryCommands } from "./obsidian/commands";
import { addChainCanvasCommand } from "./obsidian/chain-canvas-command";
import { ObsidianEmbeddings } from "./obsidian/embedding-service";
import { EngineService } from "./obsidian/engine-service";
import { IndexStatusBar } from "./obsidian/index-status-bar";
import { addMaintenanceCommands } from "./obsidian/maintenance-commands";
import { addConsolidationCommands } from "./obsidian/consolidation-commands";
import { MemoryActions } from "./obsidian/memory-actions";
import { ObsidianMcp } from "./obsidian/mcp-service";
import { createPluginEngine } from "./obsidian/plugin-engine";
import { recordOpens } from "./obsidian/record-opens";
import { showReviewBadge } from "./obsidian/review-badge";
import { PluginSettingsStore } from "./obsidian/settings-store";
import { welcomeOnce } from "./obsidian/settings/first-run";
import { applySettingsLive } from "./obsidian/settings/live-settings";
import { CausalMemorySettingTab } from "./obsidian/settings/settings-tab";
import { readTemplatesFolder } from "./obsidian/templates-folder";
import { MEMORY_VIEW_ICON, MEMORY_VIEW_TYPE, MemoryView } from "./obsidian/view/memory-view";
import { openMemoryView } from "./obsidian/view/open-memory-view";

export default class CausalMemoryPlugin extends Plugin {
	/** Set during `onload`: the memory engine's life in the plugin (index, activity, maintenance, recall). */
	memory: EngineService | undefined;
	/** Set during `onload`: the MCP server, started once the engine runs. */
	mcp: ObsidianMcp | undefined;
	/** Set on unload: settles once the server, the engine and the model have stopped. */
	stopped: Promise<void> | undefined;
	/** Set during `onload`: semantic recall (the embedding model), turned on by the settings, the command and the welcome dialog. */
	embeddings: ObsidianEmbeddings | undefined;
	/** Set during `onload`: the settings as kept in data.json. */
	settingsStore: PluginSettingsStore | undefined;

	override async onload(): Promise<void> {
		const settings = await PluginSettingsStore.load(this);
		const updateSettings = settings.update.bind(settings);
		const warn = (message: string): void => void new Notice(`Causal Memory: ${message}`);
		this.settingsStore = settings;
		const engine = createPluginEngine(this, settings, await readTemplatesFolder(this.app));
		const statusEl = this.addStatusBarItem();
		statusEl.addClass("mod-clickable");
		const memory = new EngineService(engine, new IndexStatusBar(statusEl), (message) => new Notice(message));
		const embeddings = new ObsidianEmbeddings(this, {
			settings: () => settings.get().embeddings,
			updateSettings: (change) => updateSettings((all) => ({ ...all, embeddings: change(all.embeddings) })),
			use: async (embedder) => {
				await memory.whenReady();
				if (memory.isStarted) await engine.useEmbedder(embedder);
			},
			release: () => engine.stopEmbedder(),
		});
		const actions = new MemoryActions(this.app, memory, updateSettings, embeddings);
		const mcp = new ObsidianMcp(this, { engine, settings: () => settings.get(), updateSettings });
		this.memory = memory;
		this.mcp = mcp;
		this.embeddings = embeddings;
		// Unloading cannot wait for the stop; a new instance (a reload, an update) does instead: its
		// engine waits for this one's writer lock, which goes last, after the server has closed.
		this.register(() => {
			memory.stopFollowing();
			// The server goes first: its sessions use the engine until they are closed.
			this.stopped = (async () => {
				await mcp.stop();
				await memory.stop();
				await embeddings.dispose();
			})().catch((error: unknown) => warn(`could not stop cleanly: ${errorMessage(error)}`));
		});
		const context = { app: this.app, plugin: this, store: settings, memory, mcp, embeddings, actions };
		this.addSettingTab(new CausalMemorySettingTab(context));
		this.register(applySettingsLive(context));
		this.registerView(MEMORY_VIEW_TYPE, (leaf) => new MemoryView(leaf, actions, mcp));
		const openView = (): void => void openMemoryView(this.app);
		this.addRibbonIcon(MEMORY_VIEW_ICON, "Open memory view", openView);
		this.registerDomEvent(statusEl, "click", openView);
		const reviewEl = this.addStatusBarItem();
		this.register(showReviewBadge(reviewEl, memory));
		this.registerDomEvent(reviewEl, "click", openView);
		addMemoryCommands(this, actions);
		addChainCanvasCommand(this, actions);
		addMaintenanceCommands(this, actions);
		addConsolidationCommands(this, actions);
		embeddings.addCommands();
		mcp.addCommands();
		// Vault `create` fires for every file while the vault loads: start once the layout is ready.
		this.app.workspace.onLayoutReady(async () => {
			// As `serve` does: the writer lock first (a reloaded plugin's previous instance frees the
			// server's port as it lets go of the lock; a refusal is left to memory.start, which reports it).
			const locked = await engine.acquireLock().then(
				() => true,
				() => false,
			);
			const started = memory.start();
			// The server listens while the index builds, as `serve` does: recall answers from what is
			// indexed so far (marked partial) and writes wait for the index, so a client connects at once.
			if (locked) await mcp.start();
			if (!(await started)) {
				await mcp.stop();
				return;
			}
			// The app does not unload plugins when it quits: save the caches while it waits for its tasks.
			this.registerEvent(this.app.workspace.on("quit", (tasks) => tasks.add(() => memory.saveCaches())));
			recordOpens(this, engine, warn);
			// The lock came free between the two tries.
			if (!locked) await mcp.start();
			await embeddings.loadIfConfigured();
			await welcomeOnce(this, settings, { mcp, semanticRecall: embeddings });
		});
	}

	/** data.json changed under the plugin (sync, a hand edit): read it again and apply it. */
	override async onExternalSettingsChange(): Promise<void> {
		await this.settingsStore?.reload();
	}
}
