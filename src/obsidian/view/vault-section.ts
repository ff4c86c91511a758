import { emptyVaultHint } from "../../core/inspector/empty-vault-hint";
import { LIFECYCLE_STATUSES } from "../../core/model/lifecycle-status";
import type { AutomaticRecall } from "../../engine/inspector/automatic-recalls";
import type { VaultOverview } from "../../engine/inspector/vault-overview";
import type { MemoryActions } from "../memory-actions";
import { stackedBar } from "./svg-bars";
import { heading, noteLink, smallButton } from "./view-parts";
import { timeAgo, titleOf } from "./view-text";

const CORE_SHOWN = 10;

/** What the section shows beside the overview. */
export interface VaultSectionContext {
	/** The one line on MCP clients (clientStatusLine). */
	clients: string;
	/** The folder agents store memories in, named in the hint for an empty vault. */
	memoryFolder: string;
}

/**
 * "The vault": who uses the memory, statuses (or what to do while there are no notes), the last
 * pass, proposals, recent changes with undo, core memories, what agents stored.
 */
export function renderVaultSection(
	el: HTMLElement,
	overview: VaultOverview,
	actions: MemoryActions,
	now: number,
	context: VaultSectionContext,
): void {
	el.createDiv({ cls: "cmv-small cmv-clients", text: context.clients });
	if (overview.notes === 0) el.createDiv({ cls: "cmv-empty cmv-no-notes", text: emptyVaultHint(context.memoryFolder) });
	const counts = el.createDiv({ cls: "cmv-counts" });
	stackedBar(
		counts,
		LIFECYCLE_STATUSES.map((status) => ({ count: overview.byStatus[status], cls: `cmv-fill-${status}` })),
	);
	const legend = counts.createDiv({ cls: "cmv-legend" });
	legend.createSpan({
		cls: "cmv-legend-total",
		text: `${overview.notes} ${overview.notes === 1 ? "memory" : "memories"}`,
	});
	for (const status of LIFECYCLE_STATUSES) {
		const item = legend.createSpan({ cls: "cmv-legend-item", attr: { "data-status": status } });
		item.createSpan({ cls: ["cmv-dot", `cmv-fill-${status}`] });
		item.appendText(`${status} ${overview.byStatus[status]}`);
	}

	const pass = el.createDiv({ cls: "cmv-pass" });
	pass.createDiv({ cls: "cmv-small", text: passText(overview, now) });
	smallButton(pass, "Run a pass now", () => actions.runPass());

	if (overview.proposals.length > 0) {
		heading(el, "Proposed for core", overview.proposals.length);
		const list = el.createEl("ul", { cls: "cmv-list" });
		for (const proposal of overview.proposals) {
			const item = list.createEl("li", { cls: "cmv-proposal" });
			const text = item.createDiv();
			noteLink(text, proposal.path, titleOf(proposal.path), actions);
			text.createDiv({ cls: "cmv-small cmv-muted", text: `${proposal.reason} · ${timeAgo(proposal.at, now)}` });
			const buttons = item.createDiv({ cls: "cmv-buttons" });
			smallButton(buttons, "Accept", () => actions.resolveProposal(proposal.path, true), { cta: true });
			smallButton(buttons, "Decline", () => actions.resolveProposal(proposal.path, false));
		}
	}

	if (overview.recentChanges.length > 0) {
		heading(el, "Recent status changes");
		const list = el.createEl("ul", { cls: "cmv-list" });
		for (const change of overview.recentChanges) {
			const item = list.createEl("li", { cls: "cmv-change", attr: { "data-seq": String(change.seq) } });
			const text = item.createDiv();
			noteLink(text, change.path, titleOf(change.path), actions);
			text.createSpan({ text: ` ${change.what}` });
			text.createDiv({
				cls: "cmv-small cmv-muted",
				text: `${timeAgo(change.at, now)}${change.reason === "" ? "" : ` · ${change.reason}`}`,
			});
			if (change.undoProblem === null)
				smallButton(item.createDiv({ cls: "cmv-buttons" }), "Undo", () => actions.undo(change.seq, change.device));
		}
	}

	if (overview.core.length > 0) {
		heading(el, "Core memories", overview.core.length);
		const list = el.createEl("ul", { cls: "cmv-list" });
		for (const memory of overview.core.slice(0, CORE_SHOWN)) {
			const item = list.createEl("li");
			noteLink(item, memory.path, memory.title, actions);
			item.createDiv({ cls: "cmv-small cmv-muted", text: memory.why });
		}
		if (overview.core.length > CORE_SHOWN)
			list.createEl("li", { cls: "cmv-muted", text: `and ${overview.core.length - CORE_SHOWN} more` });
	}

	if (overview.recentlyStored.length > 0) {
		heading(el, "Stored by agents recently");
		const list = el.createEl("ul", { cls: "cmv-list" });
		for (const memory of overview.recentlyStored) {
			const item = list.createEl("li");
			noteLink(item, memory.path, memory.title, actions);
			item.createSpan({ cls: "cmv-muted cmv-small", text: ` ${timeAgo(memory.created, now)}` });
		}
	}

	if (overview.automaticRecalls.length > 0) {
		heading(el, "Shown to Claude automatically");
		const list = el.createEl("ul", { cls: "cmv-list" });
		for (const recall of overview.automaticRecalls) {
			const item = list.createEl("li", { cls: "cmv-shown" });
			item.createDiv({ cls: "cmv-small cmv-muted", text: `${SHOWN_LABEL[recall.event]} · ${timeAgo(recall.at, now)}` });
			if (recall.excerpt !== "") item.createDiv({ cls: "cmv-small", text: `“${recall.excerpt}”` });
			const memories = item.createDiv();
			recall.ids.forEach((id, i) => {
				if (i > 0) memories.appendText(", ");
				noteLink(memories, id, titleOf(id), actions);
			});
		}
	}
}

const SHOWN_LABEL: Record<AutomaticRecall["event"], string> = {
	SessionStart: "Session start",
	UserPromptSubmit: "Before a prompt",
	checkpoint: "Session note saved",
};

function passText(overview: VaultOverview, now: number): string {
	const { lastPass, lastPassAt } = overview;
	if (lastPassAt === null) return "No maintenance pass has run yet.";
	if (lastPass === null) return `Last maintenance pass ${timeAgo(lastPassAt, now)}.`;
	const changes = lastPass.transitions.map((t) => `${t.count} ${t.from} → ${t.to}`).join(", ") || "no status changes";
	const written = `${lastPass.written} ${lastPass.written === 1 ? "note" : "notes"} written${lastPass.failedWrites > 0 ? `, ${lastPass.failedWrites} failed` : ""}`;
	return `Last maintenance pass ${timeAgo(lastPass.at, now)}: ${lastPass.notes} notes in ${Math.round(lastPass.totalMs)} ms; ${changes}; ${written}.`;
}
