import { Notice, TFile, type Menu, type Plugin } from "obsidian";
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
	/** A command on the active memory: hidden when the active note is not one. */
	const onActiveMemory = (id: string, name: string, run: (file: TFile) => void): void => {
		plugin.addCommand({
			id,
			name,
			checkCallback: (checking) => {
				const file = activeMemory();
				if (!file) return false;
				if (!checking) run(file);
				return true;
			},
		});
	};
	onActiveMemory("add-causal-link", "Add causal link…", (file) => actions.addLink(file.path));
	onActiveMemory("remove-causal-link", "Remove causal link…", (file) => actions.removeLink(file.path));
	onActiveMemory("delete-memory", "Delete memory…", (file) => actions.confirmDelete(file.path));
	addMemoryMenus(plugin, actions);
	plugin.addCommand({
		id: "review-core-proposals",
		name: "Review core proposals",
		callback: () => new ProposalsModal(plugin.app, actions).open(),
	});
}

/** "Add causal link…", "Remove causal link…" and "Delete memory…" in the file menu, "Add causal link…" in the editor menu. */
function addMemoryMenus(plugin: Plugin, actions: MemoryActions): void {
	const { app } = plugin;
	const isMemory = (file: unknown): file is TFile =>
		file instanceof TFile && (actions.engine()?.index.graph.hasNote(file.path) ?? false);
	const addLinkItem = (menu: Menu, file: TFile): void => {
		menu.addItem((item) =>
			item
				.setTitle("Add causal link…")
				.setIcon("link")
				.setSection("action")
				.onClick(() => actions.addLink(file.path)),
		);
	};
	plugin.registerEvent(
		app.workspace.on("file-menu", (menu, file) => {
			if (!isMemory(file)) return;
			addLinkItem(menu, file);
			menu.addItem((item) =>
				item
					.setTitle("Remove causal link…")
					.setIcon("unlink")
					.setSection("action")
					.onClick(() => actions.removeLink(file.path)),
			);
			menu.addItem((item) =>
				item
					.setTitle("Delete memory…")
					.setIcon("trash-2")
					.setSection("danger")
					.onClick(() => actions.confirmDelete(file.path)),
			);
		}),
	);
	plugin.registerEvent(
		app.workspace.on("editor-menu", (menu, _editor, info) => {
			if (isMemory(info.file)) addLinkItem(menu, info.file);
		}),
	);
}
