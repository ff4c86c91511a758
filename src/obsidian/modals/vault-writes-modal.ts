import { ButtonComponent, Modal, type App } from "obsidian";
import type { WritePreview } from "../../engine/maintenance/frontmatter-sync";

/**
 * Asks before maintenance may write `memory_status` into notes outside the memory folder, with
 * what the first whole-vault pass would change. Only "Allow" changes anything.
 */
export class VaultWritesModal extends Modal {
	constructor(
		app: App,
		private readonly preview: WritePreview,
		private readonly onAllow: () => unknown,
	) {
		super(app);
	}

	override onOpen(): void {
		const { preview } = this;
		this.setTitle("Allow memory status writes in the whole vault?");
		const el = this.contentEl;
		el.empty();
		el.addClass("cmv-modal");
		el.createEl("p", {
			text:
				`The first pass would set memory_status on ${preview.notes} ${preview.notes === 1 ? "note" : "notes"}, ` +
				`${preview.outsideMemoryFolder} of them outside the memory folder.`,
		});
		const counts = el.createEl("ul", { cls: "cmv-list" });
		for (const [status, n] of Object.entries(preview.byStatus)) {
			counts.createEl("li", {
				text: status === "active" ? `${n} lose memory_status (active again)` : `${n} get memory_status: ${status}`,
			});
		}
		if (preview.examples.length > 0) {
			el.createDiv({ cls: "cmv-heading", text: "For example" });
			const examples = el.createEl("ul", { cls: "cmv-list cmv-examples" });
			for (const write of preview.examples)
				examples.createEl("li", { text: `${write.path}: ${write.status ?? "remove memory_status"}` });
		}
		if (preview.skippedInvalidYaml.length > 0) {
			el.createEl("p", {
				cls: "cmv-muted",
				text: `${preview.skippedInvalidYaml.length} notes with invalid YAML are left alone.`,
			});
		}
		el.createEl("p", {
			cls: "cmv-muted",
			text: "Only that property changes: note bodies and other properties stay as they are, and each note written gets a new modification time, as after any edit. Every change can be undone from the memory view.",
		});
		const buttons = el.createDiv({ cls: "modal-button-container" });
		new ButtonComponent(buttons).setButtonText("Cancel").onClick(() => this.close());
		new ButtonComponent(buttons)
			.setButtonText("Allow and run a pass")
			.setCta()
			.onClick(() => {
				this.close();
				void this.onAllow();
			});
	}

	override onClose(): void {
		this.contentEl.empty();
	}
}
