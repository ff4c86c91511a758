import type { App } from "../app";
import { Component } from "../component";
import type { WorkspaceLeaf } from "../workspace-leaf";

/**
 * Obsidian's View and ItemView: `containerEl` holds a header and `contentEl` (the app's
 * `.view-header` / `.view-content`); the leaf calls `onOpen` after loading the view and `onClose`
 * before unloading it. Needs a DOM (happy-dom or the browser harness).
 */
export abstract class View extends Component {
	app: App;
	icon = "";
	navigation = false;
	leaf: WorkspaceLeaf;
	containerEl: HTMLElement;
	scope: unknown = null;

	constructor(leaf: WorkspaceLeaf) {
		super();
		this.leaf = leaf;
		this.app = leaf.app;
		this.containerEl = createDiv({ cls: "workspace-leaf-content" });
	}

	protected onOpen(): Promise<void> {
		return Promise.resolve();
	}

	protected onClose(): Promise<void> {
		return Promise.resolve();
	}

	abstract getViewType(): string;

	getState(): Record<string, unknown> {
		return {};
	}

	setState(_state: unknown, _result: unknown): Promise<void> {
		return Promise.resolve();
	}

	getEphemeralState(): Record<string, unknown> {
		return {};
	}

	setEphemeralState(_state: unknown): void {}

	getIcon(): string {
		return this.icon;
	}

	onResize(): void {}

	abstract getDisplayText(): string;

	/** Fake-only: what the leaf does when it shows the view. */
	async open(): Promise<void> {
		this.load();
		await this.onOpen();
	}

	/** Fake-only: what the leaf does when it closes the view. */
	async close(): Promise<void> {
		await this.onClose();
		this.unload();
		this.containerEl.detach();
	}
}

export abstract class ItemView extends View {
	contentEl: HTMLElement;

	constructor(leaf: WorkspaceLeaf) {
		super(leaf);
		this.containerEl.createDiv({ cls: "view-header" });
		this.contentEl = this.containerEl.createDiv({ cls: "view-content" });
	}

	addAction(icon: string, title: string, callback: (evt: MouseEvent) => unknown): HTMLElement {
		const action = this.containerEl.firstElementChild?.createEl("a", {
			cls: "view-action clickable-icon",
			attr: { "aria-label": title, "data-icon": icon },
		});
		if (!action) throw new Error("the view has no header");
		action.addEventListener("click", (evt) => void callback(evt));
		return action;
	}
}
