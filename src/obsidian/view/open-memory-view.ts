import type { App, WorkspaceLeaf } from "obsidian";
import { MEMORY_VIEW_TYPE, MemoryView } from "./memory-view";

/** Shows the memory view, opening it in the right sidebar if no leaf has it; null if the app gave no leaf. */
export async function openMemoryView(app: App): Promise<MemoryView | null> {
	let leaf: WorkspaceLeaf | null = app.workspace.getLeavesOfType(MEMORY_VIEW_TYPE)[0] ?? null;
	if (!leaf) {
		leaf = app.workspace.getRightLeaf(false);
		if (!leaf) return null;
		await leaf.setViewState({ type: MEMORY_VIEW_TYPE, active: true });
	}
	app.workspace.setActiveLeaf(leaf, { focus: true });
	return leaf.view instanceof MemoryView ? leaf.view : null;
}
