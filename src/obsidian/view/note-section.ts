import { formatScore } from "../../core/lifecycle/format";
import type { ChainLink, LinkedNote, NoteOverview } from "../../engine/inspector/note-overview";
import type { MemoryActions } from "../memory-actions";
import { sparkline, valueBar } from "./svg-bars";
import { heading, noteLink, smallButton, statusPill } from "./view-parts";
import { renderRelatedSection } from "./related-section";
import { provenanceText, timeAgo, titleOf } from "./view-text";

const FORCE_LABELS = { relevance: "Relevance", connectivity: "Connectivity", reactivation: "Reactivation" } as const;
const HISTORY_SHOWN = 5;

/** "This note": status, forces, use, causal chain, replacements and conflicts of the active note. */
export function renderNoteSection(el: HTMLElement, overview: NoteOverview, actions: MemoryActions, now: number): void {
	const e = overview.explanation;
	const head = el.createDiv({ cls: "cmv-note-head" });
	noteLink(head.createDiv({ cls: "cmv-note-title" }), e.path, e.title, actions);
	smallButton(head, e.pinned ? "Unpin" : "Pin", () => actions.setPinned(e.path, !e.pinned)).setTooltip(
		e.pinned
			? "Remove memory_pinned: the note ages like any other"
			: "Set memory_pinned: true: the note becomes core and never fades",
	);

	const status = el.createDiv({ cls: "cmv-status-line" });
	statusPill(status, e.status.status);
	if (e.pinned) status.createSpan({ cls: "cmv-tag", text: "pinned" });
	if (e.category !== null) status.createSpan({ cls: "cmv-tag", text: e.category });
	status.createSpan({
		cls: "cmv-retention",
		text: `retention ${formatScore(e.scores.retention)}`,
		attr: { "data-value": String(e.scores.retention) },
	});
	if (e.status.since !== null) status.createSpan({ cls: "cmv-muted", text: `since ${timeAgo(e.status.since, now)}` });
	el.createDiv({ cls: "cmv-why", text: e.status.why });

	if (overview.proposal) {
		const proposal = el.createDiv({ cls: "cmv-callout" });
		proposal.createDiv({ text: `Proposed for core memory: ${overview.proposal.reason}.` });
		const buttons = proposal.createDiv({ cls: "cmv-buttons" });
		smallButton(buttons, "Accept", () => actions.resolveProposal(e.path, true), { cta: true });
		smallButton(buttons, "Decline", () => actions.resolveProposal(e.path, false));
	}

	const forces = el.createDiv({ cls: "cmv-forces" });
	for (const force of overview.forces) {
		const row = forces.createDiv({ cls: "cmv-force", attr: { "data-force": force.name } });
		const top = row.createDiv({ cls: "cmv-force-top" });
		top.createSpan({ cls: "cmv-force-name", text: FORCE_LABELS[force.name] });
		valueBar(top, force.value, `cmv-fill-${force.name}`);
		top.createSpan({
			cls: "cmv-force-value",
			text: formatScore(force.value),
			attr: { "data-value": String(force.value) },
		});
		row.createDiv({ cls: "cmv-small", text: force.detail });
		row.createDiv({ cls: "cmv-small cmv-muted", text: force.mover });
	}

	const use = el.createDiv({ cls: "cmv-use" });
	sparkline(use, overview.recallsPerWeek, `Recalls per week over the last ${overview.recallsPerWeek.length} weeks`);
	const recalls = e.scores.reactivation.recalls;
	const parts = [`${recalls} ${recalls === 1 ? "recall" : "recalls"}`];
	if (e.scores.reactivation.lastRecall !== null) parts.push(`last ${timeAgo(e.scores.reactivation.lastRecall, now)}`);
	parts.push(overview.lastOpened === null ? "never opened" : `opened ${timeAgo(overview.lastOpened, now)}`);
	use.createSpan({ cls: "cmv-small", text: parts.join(" · ") });

	chainList(el, "Causes and evidence", overview.upstream, actions);
	chainList(el, "What it led to", overview.downstream, actions);
	if (e.chainTruncated) el.createDiv({ cls: "cmv-small cmv-muted", text: "The chain is longer than shown." });
	linkedList(el, "Supersedes", overview.supersedes, actions);
	linkedList(el, "Superseded by", overview.supersededBy, actions);
	linkedList(el, "Possible conflicts", overview.conflicts, actions);

	const history = e.history.slice(-HISTORY_SHOWN).reverse();
	if (history.length > 0) {
		heading(el, "Status history", e.history.length);
		const list = el.createEl("ul", { cls: "cmv-list" });
		for (const entry of history) {
			const item = list.createEl("li", { cls: entry.undoneAt === null ? "" : "cmv-undone" });
			item.createSpan({
				text: entry.kind === "transition" ? `${entry.from} → ${entry.to}` : `pruned (${entry.action})`,
			});
			item.createSpan({ cls: "cmv-muted", text: ` ${timeAgo(entry.at, now)}` });
			if (entry.reason !== undefined) item.createDiv({ cls: "cmv-small cmv-muted", text: entry.reason });
		}
	}
	renderRelatedSection(el, e.path, actions);
}

function chainList(el: HTMLElement, title: string, links: ChainLink[], actions: MemoryActions): void {
	if (links.length === 0) return;
	heading(el, title, links.length);
	const list = el.createEl("ul", { cls: "cmv-list cmv-chain" });
	for (const link of links) {
		const item = list.createEl("li", { cls: `cmv-depth-${Math.min(link.depth, 3)}` });
		noteLink(item, link.path, link.title, actions);
		for (const edge of link.edges) {
			item.createSpan({ cls: ["cmv-edge", `cmv-edge-${edge.type}`], text: edge.type });
			item.createSpan({
				cls: "cmv-small cmv-muted",
				text: ` ${provenanceText(edge.provenance)} of ${titleOf(edge.source)}`,
			});
		}
		if (link.depth > 1) item.createSpan({ cls: "cmv-muted cmv-small", text: ` ${link.depth} hops` });
	}
}

function linkedList(el: HTMLElement, title: string, notes: LinkedNote[], actions: MemoryActions): void {
	if (notes.length === 0) return;
	heading(el, title, notes.length);
	const list = el.createEl("ul", { cls: "cmv-list" });
	for (const note of notes) noteLink(list.createEl("li"), note.path, note.title, actions);
}
