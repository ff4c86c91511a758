import { Notice, type Plugin, type TFile } from "obsidian";
import type { MemoryActions } from "./memory-actions";
import { ProposalsModal } from "./modals/proposals-modal";
import { formatSummary } from "./summary-text";
import { openMemoryView } from "./view/open-memory-view";

const SUMMARY_NOTICE_MS = 15_000;

/** The index and memory view commands (no default hotkeys: the user picks them). */
export function addMemoryCommands(plugin: Plugin, actions: MemoryActions): void {
	const { memory } = actions;
	/** The active note when it is a memory the engine knows, else null. */
	const activeMemory = (): TFile | null => {
		const file = plugin.app.workspace.getActiveFile();
		const engine = actions.engine();
		return file && engine?.index.graph.hasNote(file.path) ? file : null;
	};
	const isPinned = (file: TFile): boolean => actions.engine()?.index.graph.node(file.path)?.memory.pinned ?? false;

	plugin.addCommand({
		id: "rebuild-index",
		name: "Rebuild memory index",
		callback: async () => {
			const report = await memory.rebuild();
			if (report)
				new Notice(
					`Memory index rebuilt: ${report.notes} notes, ${report.edges} links in ${Math.round(report.ms)} ms.`,
				);
		},
	});
	plugin.addCommand({
		id: "show-index-summary",
		name: "Show memory index summary",
		callback: () => {
			const { summary, warnings } = memory.summary();
			new Notice(formatSummary(summary, warnings), SUMMARY_NOTICE_MS);
		},
	});
	plugin.addCommand({
		id: "open-memory-view",
		name: "Open memory view",
		callback: () => openMemoryView(plugin.app),
	});
	plugin.addCommand({
		id: "pin-note",
		name: "Pin this note as a core memory",
		checkCallback: (checking) => {
			const file = activeMemory();
			if (!file || isPinned(file)) return false;
			if (!checking) void actions.setPinned(file.path, true);
			return true;
		},
	});
	plugin.addCommand({
		id: "unpin-note",
		name: "Unpin this note",
		checkCallback: (checking) => {
			const file = activeMemory();
			if (!file || !isPinned(file)) return false;
			if (!checking) void actions.setPinned(file.path, false);
			return true;
		},
	});
	plugin.addCommand({
		id: "explain-note",
		name: "Explain this note's memory",
		checkCallback: (checking) => {
			const file = activeMemory();
			const engine = actions.engine();
			if (!file || !engine) return false;
			if (!checking) {
				new Notice(engine.inspector.explain(file.path).status.why);
				void openMemoryView(plugin.app);
			}
			return true;
		},
	});
	plugin.addCommand({
		id: "recall-selection",
		name: "Recall from selection",
		editorCheckCallback: (checking, editor) => {
			const query = editor.getSelection().trim();
			if (query === "") return false;
			if (!checking) void openMemoryView(plugin.app).then((view) => view?.recall(query));
			return true;
		},
	});
	plugin.addCommand({
		id: "review-core-proposals",
		name: "Review core proposals",
		callback: () => new ProposalsModal(plugin.app, actions).open(),
	});
}
