import { Modal, Setting, type App, type ButtonComponent } from "obsidian";
import { connectedClientsText, onClientStatusChange, type ClientStatusSource } from "../client-status-text";
import type { SemanticRecallState, SemanticRecallSwitch } from "../embedding-service";
import { semanticRecallStatusText } from "./semantic-recall-text";

/** What the welcome's buttons do: the MCP server's own actions and the model's command. */
export interface WelcomeActions {
	mcp: ClientStatusSource & {
		/** Copies the Claude Code line (`claude mcp add … --scope user`), as the MCP section does. */
		copyConnectionLine(): Promise<void>;
		/** The "Add the memory server to the Claude desktop app" command. */
		addToClaudeDesktop(): void;
	};
	/** Semantic recall: its state, shown live, and the "Turn on semantic recall" command (progress in a notice too, which outlasts the dialog). */
	semanticRecall: SemanticRecallSwitch;
}

/** What the welcome tells of the vault it opens on. */
export interface WelcomeVault {
	pluginName: string;
	memoryFolder: string;
	/** The model folder of the settings ("" when the model is downloaded). */
	localModelFolder: string;
}

/**
 * The product names keep their capitals ("Claude Code"); the sentence-case rule, which knows
 * "Claude" but not "Claude Code", checks only text written into the UI calls themselves.
 */
const LABELS = {
	connectClaudeCode: "Connect Claude Code",
	copyClaudeCode: "Copy the Claude Code line",
	semanticRecall: "Turn on semantic recall (downloads ≈ 23 MB once)",
};

/**
 * Shown once, on the first run: what the plugin does, the three things a new user wants (connect
 * Claude Code, connect the Claude desktop app, turn on semantic recall), each one click, whether
 * a client has connected (updated live), and what the plugin writes.
 */
export class WelcomeModal extends Modal {
	private readonly stopListening: (() => void)[] = [];

	constructor(
		app: App,
		private readonly vault: WelcomeVault,
		private readonly actions: WelcomeActions,
	) {
		super(app);
	}

	override onOpen(): void {
		this.setTitle(this.vault.pluginName);
		const { contentEl } = this;
		const { mcp } = this.actions;
		contentEl.addClass("causal-memory-welcome");
		contentEl.createEl("p", {
			text: "Your notes become a long-term memory for Claude: links are causal edges, and every note gets a retention score that fades unless the note is used.",
		});

		const copy = new Setting(contentEl)
			.setName(LABELS.connectClaudeCode)
			.setDesc("Copies the line to paste into a terminal; it registers this vault's memory for every folder.")
			.addButton((button) =>
				button
					.setButtonText(LABELS.copyClaudeCode)
					.setCta()
					.onClick(() => void mcp.copyConnectionLine()),
			);
		const desktop = new Setting(contentEl)
			.setName("Connect the Claude desktop app")
			.setDesc("Adds the server to its configuration; you see what is written first.")
			.addButton((button) =>
				button.setButtonText("Add to the Claude desktop app").onClick(() => mcp.addToClaudeDesktop()),
			);
		this.semanticRecallRow(contentEl);

		const clients = contentEl.createEl("p", { cls: "causal-memory-welcome-clients" });
		const draw = (): void => {
			// Both connections need the server's URL: their buttons wait for it to run.
			const running = mcp.state.kind === "running";
			copy.setDisabled(!running);
			desktop.setDisabled(!running);
			clients.setText(
				connectedClientsText(mcp.clients(), Date.now()) ??
					(running
						? "No client has connected yet — copy the line above into Claude Code."
						: "No client has connected yet; the memory server is not running yet."),
			);
		};
		draw();
		this.stopListening.push(onClientStatusChange(mcp, draw));

		contentEl.createEl("p", {
			cls: "causal-memory-welcome-writes",
			text: `What it writes: frontmatter keys only (memory_status when a memory's status changes, the links and memories Claude stores), in the "${this.vault.memoryFolder}" folder unless you allow more in the settings. Note bodies and your other properties are never changed. Nothing leaves this computer: the server listens on 127.0.0.1 only, and the one download is the model above, when you ask for it.`,
		});
		const buttons = contentEl.createDiv({ cls: "modal-button-container" });
		buttons.createEl("button", { text: "Done" }).addEventListener("click", () => this.close());
	}

	/** One click turns it on; then the row follows the download and the loading to "On", or says why it failed and offers a retry. */
	private semanticRecallRow(contentEl: HTMLElement): void {
		const { semanticRecall } = this.actions;
		const row = new Setting(contentEl)
			.setName("Semantic recall")
			.setDesc("Finds memories by meaning, not only by shared words. The model runs on this computer.");
		const status = row.descEl.createDiv({ cls: "causal-memory-model-status" });
		let button: ButtonComponent | undefined;
		row.addButton((component) => {
			button = component.onClick(() => void semanticRecall.turnOnWithNotice());
		});
		const draw = (state: SemanticRecallState): void => {
			status.setText(semanticRecallStatusText(state, this.vault.localModelFolder));
			status.toggleClass("mod-warning", state.kind === "failed");
			button?.setButtonText(state.kind === "failed" ? "Retry" : LABELS.semanticRecall);
			button?.buttonEl.toggle(state.kind === "off" || state.kind === "failed");
		};
		draw(semanticRecall.state());
		this.stopListening.push(semanticRecall.onChange(draw));
	}

	override onClose(): void {
		for (const stop of this.stopListening.splice(0)) stop();
		this.contentEl.empty();
	}
}
