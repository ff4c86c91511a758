import { TFile, type Plugin } from "obsidian";
import { errorMessage } from "../core/model/error-message";
import type { MemoryEngine } from "../engine/memory-engine";

/** Counts a note opened in the editor as a use of that memory (until the plugin unloads). */
export function recordOpens(plugin: Plugin, engine: MemoryEngine, warn: (message: string) => void): void {
	plugin.registerEvent(
		plugin.app.workspace.on("file-open", (file) => {
			if (!(file instanceof TFile)) return;
			engine
				.recordOpen(file.path)
				.catch((error: unknown) => warn(`could not record that ${file.path} was opened: ${errorMessage(error)}`));
		}),
	);
}
