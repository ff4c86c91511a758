import { Modal, type App } from "obsidian";
import type { MemoryActions } from "../memory-actions";
import { smallButton } from "../view/view-parts";

/**
 * "Delete memory?": what the removal would orphan, a warning for a pinned (core) memory, and
 * "Move to trash" (the user's trash setting, restorable) or "Cancel".
 */
export class DeleteMemoryModal extends Modal {
	constructor(
		app: App,
		private readonly actions: MemoryActions,
		private readonly path: string,
	) {
		super(app);
	}

	override onOpen(): void {
		const el = this.contentEl;
		el.addClass("cmv-modal");
		const engine = this.actions.engine(true);
		const node = engine?.index.graph.node(this.path);
		if (!engine || !node) {
			this.close();
			return;
		}
		this.setTitle(`Delete ${node.title}?`);
		el.createEl("p", { cls: "cmv-impact", text: engine.inspector.removal(this.path).text });
		if (node.memory.pinned)
			el.createEl("p", {
				cls: "cmv-callout cmv-pinned-warning",
				text: "This is a pinned core memory: it never fades, and the agent relies on it.",
			});
		el.createEl("p", { cls: "cmv-muted", text: "The note goes to the trash; you can restore it from there." });
		const buttons = el.createDiv({ cls: "cmv-buttons" });
		const trash = smallButton(buttons, "Move to trash", async () => {
			this.close();
			await this.actions.deleteMemory(this.path);
		});
		// setDestructive() needs app 1.13; the class it sets before then works in every version.
		trash.buttonEl.addClass("mod-warning");
		smallButton(buttons, "Cancel", () => this.close());
	}

	override onClose(): void {
		this.contentEl.empty();
	}
}
