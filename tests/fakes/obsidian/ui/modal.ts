import type { App } from "../app";

/**
 * Obsidian's Modal: `open()` puts `.modal-container > .modal` (title, content) into the document
 * and runs `onOpen`; `close()` removes it and runs `onClose`. Fake-only: `Modal.opened` lists
 * the modals open now.
 */
export class Modal {
	static readonly opened: Modal[] = [];
	app: App;
	scope: unknown = null;
	containerEl: HTMLElement;
	modalEl: HTMLElement;
	titleEl: HTMLElement;
	contentEl: HTMLElement;
	shouldRestoreSelection = false;
	private closeCallback: (() => unknown) | undefined;

	constructor(app: App) {
		this.app = app;
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
		document.body.appendChild(this.containerEl);
		Modal.opened.push(this);
		void this.onOpen();
	}

	close(): void {
		const index = Modal.opened.indexOf(this);
		if (index === -1) return;
		Modal.opened.splice(index, 1);
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
