import { Notice, type Plugin } from "obsidian";
import { errorMessage } from "../core/model/error-message";
import type { MemoryActions } from "./memory-actions";
import { titleOf } from "./view/view-text";

export const UNDO_CONSOLIDATION_COMMAND = "Undo last consolidation";

/** "Undo last consolidation": the members as they were, the summary in the trash (docs/consolidation.md). */
export function addConsolidationCommands(plugin: Plugin, actions: MemoryActions): void {
	plugin.addCommand({
		id: "undo-last-consolidation",
		name: UNDO_CONSOLIDATION_COMMAND,
		callback: () => undoLastConsolidation(actions),
	});
}

/** Undoes the latest consolidation not undone yet; the notice says what came back. Never throws. */
export async function undoLastConsolidation(actions: MemoryActions): Promise<boolean> {
	const engine = actions.engine(true);
	if (!engine) return false;
	try {
		const result = await engine.undoConsolidation();
		const summary = result.trashed === null ? "" : ` ${titleOf(result.trashed)} is in the trash.`;
		const edited =
			result.changedSince.length === 0
				? ""
				: ` Edited since, kept as they are: ${result.changedSince.map(titleOf).join(", ")}.`;
		new Notice(`Consolidation undone: ${result.restored.length} memories as they were.${summary}${edited}`);
		return true;
	} catch (error) {
		new Notice(`Causal Memory: could not undo the consolidation: ${errorMessage(error)}`);
		return false;
	} finally {
		actions.memory.changed();
	}
}
