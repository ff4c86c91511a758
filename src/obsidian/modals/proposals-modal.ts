import { Modal, type App } from "obsidian";
import type { MemoryActions } from "../memory-actions";
import { noteLink, smallButton } from "../view/view-parts";
import { timeAgo, titleOf } from "../view/view-text";

/** The open core proposals, each to accept (it becomes core) or decline (it is not proposed again). */
export class ProposalsModal extends Modal {
	constructor(
		app: App,
		private readonly actions: MemoryActions,
	) {
		super(app);
	}

	override onOpen(): void {
		this.setTitle("Review core proposals");
		this.contentEl.addClass("cmv-modal");
		this.render();
	}

	override onClose(): void {
		this.contentEl.empty();
	}

	private render(): void {
		const el = this.contentEl;
		el.empty();
		const engine = this.actions.engine();
		const proposals = engine?.maintenance.proposals().sort((a, b) => a.at - b.at) ?? [];
		if (!engine || proposals.length === 0) {
			el.createEl("p", {
				text: engine ? "No open core proposals." : "The memory index is still being built; try again in a moment.",
			});
			return;
		}
		el.createEl("p", {
			cls: "cmv-muted",
			text: "Memories of the approval categories wait for your word before they become core (never fading).",
		});
		const list = el.createEl("ul", { cls: "cmv-list" });
		const now = engine.now();
		for (const proposal of proposals) {
			const item = list.createEl("li", { cls: "cmv-proposal" });
			const text = item.createDiv();
			noteLink(text, proposal.path, titleOf(proposal.path), this.actions);
			text.createDiv({ cls: "cmv-small cmv-muted", text: `${proposal.reason} · ${timeAgo(proposal.at, now)}` });
			const buttons = item.createDiv({ cls: "cmv-buttons" });
			const resolve = async (accept: boolean): Promise<void> => {
				await this.actions.resolveProposal(proposal.path, accept);
				this.render();
			};
			smallButton(buttons, "Accept", () => resolve(true), { cta: true });
			smallButton(buttons, "Decline", () => resolve(false));
		}
	}
}
