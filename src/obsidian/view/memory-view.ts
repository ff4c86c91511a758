import { ItemView, type WorkspaceLeaf } from "obsidian";
import { clientStatusLine, onClientStatusChange, type ClientStatusSource } from "../client-status-text";
import type { MemoryActions } from "../memory-actions";
import { WINDOW_TIMERS } from "../window-timers";
import { renderNoteSection } from "./note-section";
import { RecallBox } from "./recall-box";
import { RenderThrottle } from "./render-throttle";
import { renderReviewSection } from "./review-section";
import { renderVaultSection } from "./vault-section";
import { heading } from "./view-parts";

export const MEMORY_VIEW_TYPE = "causal-memory-view";
export const MEMORY_VIEW_ICON = "brain-circuit";
/** Re-renders at most this often while the index or a pass keeps changing things. */
const RENDER_INTERVAL_MS = 300;

/**
 * The memory view in the sidebar: the active note's memory (status, forces, chain, …), the
 * vault's (statuses, proposals, recent changes, …) and a read-only recall box. Everything comes
 * from the engine's in-memory state; nothing is read from the notes.
 */
export class MemoryView extends ItemView {
	private readonly throttle: RenderThrottle;
	private noteEl: HTMLElement | null = null;
	private vaultEl: HTMLElement | null = null;
	private recallBox: RecallBox | null = null;

	constructor(
		leaf: WorkspaceLeaf,
		private readonly actions: MemoryActions,
		private readonly mcp: ClientStatusSource,
	) {
		super(leaf);
		this.throttle = new RenderThrottle(
			() => this.render(),
			WINDOW_TIMERS,
			RENDER_INTERVAL_MS,
			() => Date.now(),
		);
	}

	getViewType(): string {
		return MEMORY_VIEW_TYPE;
	}

	getDisplayText(): string {
		return "Memory";
	}

	override getIcon(): string {
		return MEMORY_VIEW_ICON;
	}

	protected override onOpen(): Promise<void> {
		const root = this.contentEl;
		root.empty();
		root.addClass("cmv-root");
		heading(root.createDiv({ cls: "cmv-section-title" }), "This note");
		this.noteEl = root.createDiv({ cls: "cmv-section cmv-note" });
		heading(root.createDiv({ cls: "cmv-section-title" }), "The vault");
		this.vaultEl = root.createDiv({ cls: "cmv-section cmv-vault" });
		heading(root.createDiv({ cls: "cmv-section-title" }), "Recall");
		this.recallBox = new RecallBox(root.createDiv({ cls: "cmv-section cmv-recall" }), this.actions);
		const update = (): void => this.throttle.request();
		this.registerEvent(this.app.workspace.on("file-open", update));
		this.registerEvent(this.app.workspace.on("active-leaf-change", update));
		this.register(this.actions.memory.onChange(update));
		this.register(onClientStatusChange(this.mcp, update));
		this.register(() => this.throttle.cancel());
		this.render();
		return Promise.resolve();
	}

	protected override onClose(): Promise<void> {
		this.throttle.cancel();
		this.contentEl.empty();
		this.noteEl = this.vaultEl = null;
		this.recallBox = null;
		return Promise.resolve();
	}

	/** Runs a read-only recall for `query` in the view's recall box. */
	recall(query: string): Promise<void> {
		return this.recallBox?.run(query) ?? Promise.resolve();
	}

	private render(): void {
		const { noteEl, vaultEl } = this;
		if (!noteEl || !vaultEl) return;
		noteEl.empty();
		vaultEl.empty();
		const engine = this.actions.engine();
		if (!engine) {
			noteEl.createDiv({ cls: "cmv-empty", text: "The memory index is being built…" });
			return;
		}
		const now = engine.now();
		const file = this.app.workspace.getActiveFile();
		if (!file) noteEl.createDiv({ cls: "cmv-empty", text: "Open a note to see its memory." });
		else if (!engine.index.graph.hasNote(file.path))
			noteEl.createDiv({
				cls: "cmv-empty",
				text: `${file.path} is not a memory: not markdown, or in an excluded folder.`,
			});
		else renderNoteSection(noteEl, engine.noteOverview(file.path), this.actions, now);
		renderVaultSection(vaultEl, engine.vaultOverview(), this.actions, now, {
			clients: clientStatusLine(this.mcp, Date.now()),
			memoryFolder: engine.settings().maintenance.memoryFolder,
		});
		renderReviewSection(vaultEl, engine, this.actions);
	}
}
