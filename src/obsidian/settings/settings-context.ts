import type { App, Plugin } from "obsidian";
import type { EngineService } from "../engine-service";
import type { ObsidianEmbeddings } from "../embedding-service";
import type { ObsidianMcp } from "../mcp-service";
import type { MemoryActions } from "../memory-actions";
import type { PluginSettingsStore } from "../settings-store";

/** What the settings tab's sections work with. */
export interface SettingsContext {
	app: App;
	plugin: Plugin;
	store: PluginSettingsStore;
	memory: EngineService;
	mcp: ObsidianMcp;
	embeddings: ObsidianEmbeddings;
	/** What the commands and the view do too (the whole-vault writes dialog). */
	actions: MemoryActions;
}

/** A settings row: name and description for rendering and search, and how to fill the row. */
export interface SettingRow {
	name: string;
	desc: string;
	/** Fills the row's controls; may return a cleanup run when the row goes away. */
	render: (setting: import("obsidian").Setting) => void | (() => void);
}
