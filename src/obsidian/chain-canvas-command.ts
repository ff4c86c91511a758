import { Notice, TFile, type App, type Plugin } from "obsidian";
import { errorMessage } from "../core/model/error-message";
import type { MemoryActions } from "./memory-actions";

/** "Open causal chain as canvas": writes the active note's chain canvas into the canvas folder and opens it. */
export function addChainCanvasCommand(plugin: Plugin, actions: MemoryActions): void {
	plugin.addCommand({
		id: "open-chain-canvas",
		name: "Open causal chain as canvas",
		checkCallback: (checking) => {
			const file = plugin.app.workspace.getActiveFile();
			if (file?.extension !== "md") return false;
			if (!checking) void openChainCanvas(plugin.app, actions, file.path);
			return true;
		},
	});
}

/**
 * Writes (creates or replaces) `<canvas folder>/<note name> chain.canvas` for the memory at
 * `path` through the vault API and opens it; the file it wrote, or null after a notice saying
 * why (not a memory, the engine not ready, a write that failed): nothing is written then.
 */
async function openChainCanvas(app: App, actions: MemoryActions, path: string): Promise<TFile | null> {
	const engine = actions.engine(true);
	if (!engine) return null;
	try {
		const drawn = engine.chainCanvas(path);
		const file = await writeCanvas(app, drawn.path, drawn.text);
		await app.workspace.getLeaf(false).openFile(file);
		if (drawn.truncated) new Notice("The causal chain is longer than the canvas shows: some cards were left out.");
		return file;
	} catch (error) {
		new Notice(`Causal Memory: could not draw the causal chain: ${errorMessage(error)}`);
		return null;
	}
}

async function writeCanvas(app: App, path: string, text: string): Promise<TFile> {
	const existing = app.vault.getAbstractFileByPath(path);
	if (existing instanceof TFile) {
		await app.vault.modify(existing, text);
		return existing;
	}
	if (existing) throw new Error(`"${path}" is a folder`);
	const folder = path.slice(0, path.lastIndexOf("/"));
	await createFolders(app, folder);
	return app.vault.create(path, text);
}

/** Creates `folder` and its missing parents. */
async function createFolders(app: App, folder: string): Promise<void> {
	let at = "";
	for (const part of folder.split("/")) {
		at = at === "" ? part : `${at}/${part}`;
		if (!app.vault.getAbstractFileByPath(at)) await app.vault.createFolder(at);
	}
}
