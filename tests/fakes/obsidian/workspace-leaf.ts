import type { App } from "./app";
import type { TFile } from "./files";
import type { View } from "./ui/view";

export interface ViewState {
	type: string;
	state?: Record<string, unknown>;
	active?: boolean;
	pinned?: boolean;
}

export type ViewCreator = (leaf: WorkspaceLeaf) => View;

/**
 * Obsidian's WorkspaceLeaf, reduced to showing one view: `setViewState` closes the view it had
 * and opens a new one from the creator registered for the type; `detach` closes it and removes
 * the leaf from the workspace. The fake's leaves live in `workspace.leaves` (fake-only).
 */
export class WorkspaceLeaf {
	view: View | null = null;
	/** Fake-only: the file `openFile` showed here. */
	file: TFile | null = null;
	/** Fake-only: the leaf's place in the document (a sidebar pane). */
	readonly containerEl: HTMLElement;

	constructor(readonly app: App) {
		this.containerEl = createDiv({ cls: "workspace-leaf" });
	}

	getViewState(): ViewState {
		return { type: this.view?.getViewType() ?? "empty" };
	}

	async setViewState(viewState: ViewState): Promise<void> {
		await this.closeView();
		const creator = this.app.workspace.viewCreator(viewState.type);
		if (!creator) return;
		const view = creator(this);
		this.view = view;
		this.containerEl.appendChild(view.containerEl);
		await view.open();
		if (viewState.active === true) this.app.workspace.setActiveLeaf(this);
	}

	/** Shows the file: it becomes the workspace's active file (fake-only: `file`). */
	openFile(file: TFile, _openState?: Record<string, unknown>): Promise<void> {
		this.file = file;
		this.app.workspace.openFile(file);
		return Promise.resolve();
	}

	getDisplayText(): string {
		return this.view?.getDisplayText() ?? "New tab";
	}

	getIcon(): string {
		return this.view?.getIcon() ?? "";
	}

	detach(): void {
		void this.closeView();
		this.containerEl.detach();
		this.app.workspace.removeLeaf(this);
	}

	/** Fake-only: closes the view and leaves the leaf empty (what unregistering a view type does). */
	async closeView(): Promise<void> {
		const view = this.view;
		this.view = null;
		await view?.close();
	}
}
