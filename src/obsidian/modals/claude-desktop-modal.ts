import { ButtonComponent, Modal, type App } from "obsidian";

/**
 * Shows what "Add to Claude Desktop" will write, and where, before anything is written; only
 * "Add" writes.
 */
export class ClaudeDesktopModal extends Modal {
	constructor(
		app: App,
		private readonly file: string,
		private readonly name: string,
		private readonly entry: Record<string, unknown>,
		private readonly onAdd: () => unknown,
	) {
		super(app);
	}

	override onOpen(): void {
		this.setTitle("Add the memory server to the Claude desktop app?");
		const el = this.contentEl;
		el.empty();
		el.addClass("cmv-modal");
		el.createEl("p", { text: `This adds "${this.name}" to ${this.file}:` });
		el.createEl("pre", { cls: "cmv-code", text: JSON.stringify({ mcpServers: { [this.name]: this.entry } }, null, 2) });
		el.createEl("p", {
			cls: "cmv-muted",
			text: "Every other server and setting in the file is kept, and the file as it is now is copied beside it first. The Claude desktop app starts the server through the mcp-remote bridge, which needs Node.js. Restart the app afterwards.",
		});
		const buttons = el.createDiv({ cls: "modal-button-container" });
		new ButtonComponent(buttons).setButtonText("Cancel").onClick(() => this.close());
		new ButtonComponent(buttons)
			.setButtonText("Add")
			.setCta()
			.onClick(() => {
				this.close();
				void this.onAdd();
			});
	}

	override onClose(): void {
		this.contentEl.empty();
	}
}
