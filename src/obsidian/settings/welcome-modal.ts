import { Modal, type App } from "obsidian";

/** Shown once, on the first run: what the plugin does, what it writes, where to connect Claude. */
export class WelcomeModal extends Modal {
	constructor(
		app: App,
		private readonly pluginName: string,
		private readonly memoryFolder: string,
	) {
		super(app);
	}

	override onOpen(): void {
		this.setTitle(this.pluginName);
		const { contentEl } = this;
		contentEl.addClass("causal-memory-welcome");
		contentEl.createEl("p", {
			text: "Your notes become a long-term memory for AI agents: links are causal edges, and every note gets a retention score that fades unless the note is used.",
		});
		contentEl.createEl("p", {
			text: `It writes only memory_* properties into frontmatter, and only in the "${this.memoryFolder}" folder unless you allow the whole vault in the settings. Note bodies and your other properties are never changed.`,
		});
		contentEl.createEl("p", {
			text: "A local MCP server on 127.0.0.1 lets Claude read and store memories. To connect Claude, open Settings → Causal Memory → MCP server and press copy command.",
		});
		const buttons = contentEl.createDiv({ cls: "modal-button-container" });
		buttons.createEl("button", { text: "Got it", cls: "mod-cta" }).addEventListener("click", () => this.close());
	}

	override onClose(): void {
		this.contentEl.empty();
	}
}
