/**
 * Obsidian's toast. The fake records every message in `Notice.messages` for tests to read; where
 * a DOM exists the message is also in `noticeEl` (not attached to the document).
 */
export class Notice {
	static readonly messages: string[] = [];
	message: string;
	hidden = false;
	readonly noticeEl: HTMLElement | undefined;
	readonly containerEl: HTMLElement | undefined;
	readonly messageEl: HTMLElement | undefined;

	constructor(
		message: string | DocumentFragment,
		readonly duration?: number,
	) {
		this.message = typeof message === "string" ? message : (message.textContent ?? "");
		Notice.messages.push(this.message);
		if (typeof document !== "undefined" && typeof createDiv === "function") {
			this.containerEl = createDiv({ cls: "notice-container" });
			this.noticeEl = this.containerEl.createDiv({ cls: "notice" });
			this.messageEl = this.noticeEl.createDiv({ cls: "notice-message", text: this.message });
		}
	}

	setMessage(message: string | DocumentFragment): this {
		this.message = typeof message === "string" ? message : (message.textContent ?? "");
		Notice.messages.push(this.message);
		this.messageEl?.setText(this.message);
		return this;
	}

	hide(): void {
		this.hidden = true;
	}
}
