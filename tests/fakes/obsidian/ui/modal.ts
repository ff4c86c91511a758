import type { App } from "../app";

/**
 * Obsidian's Modal: `open()` puts `.modal-container > .modal` (title, content) into the document
 * and runs `onOpen`; `close()` removes it and runs `onClose`. Fake-only: `Modal.opened` lists
 * the modals open now. Without a DOM (plain Node tests) a modal is only recorded, not drawn.
 */
export class Modal {
	static readonly opened: Modal[] = [];
	app: App;
	scope: unknown = null;
	containerEl!: HTMLElement;
	modalEl!: HTMLElement;
	titleEl!: HTMLElement;
	contentEl!: HTMLElement;
	private readonly drawn = typeof document !== "undefined";
	shouldRestoreSelection = false;
	private closeCallback: (() => unknown) | undefined;

	constructor(app: App) {
		this.app = app;
		if (!this.drawn) return;
		this.containerEl = createDiv({ cls: "modal-container" });
		this.containerEl.createDiv({ cls: "modal-bg" });
		this.modalEl = this.containerEl.createDiv({ cls: "modal" });
		const close = this.modalEl.createDiv({ cls: "modal-close-button", attr: { "aria-label": "Close" } });
		close.addEventListener("click", () => this.close());
		this.titleEl = this.modalEl.createDiv({ cls: "modal-title" });
		this.contentEl = this.modalEl.createDiv({ cls: "modal-content" });
	}

	open(): void {
		if (Modal.opened.includes(this)) return;
		Modal.opened.push(this);
		if (!this.drawn) return;
		document.body.appendChild(this.containerEl);
		void this.onOpen();
	}

	close(): void {
		const index = Modal.opened.indexOf(this);
		if (index === -1) return;
		Modal.opened.splice(index, 1);
		if (!this.drawn) return;
		this.containerEl.detach();
		this.onClose();
		void this.closeCallback?.();
	}

	onOpen(): Promise<void> | void {}

	onClose(): void {}

	setTitle(title: string): this {
		this.titleEl.setText(title);
		return this;
	}

	setContent(content: string | DocumentFragment): this {
		this.contentEl.setText(content);
		return this;
	}

	setCloseCallback(callback: () => unknown): this {
		this.closeCallback = callback;
		return this;
	}
}
