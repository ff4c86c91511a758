import { formatScore } from "../../core/lifecycle/format";
import type { ChainLink, NeighbourFamily, NeighbourGroup, NoteOverview } from "../../engine/inspector/note-overview";
import type { MemoryActions } from "../memory-actions";
import { sparkline, valueBar } from "./svg-bars";
import { heading, noteLink, smallButton, statusPill } from "./view-parts";
import { provenanceText, statusSentence, timeAgo, titleOf } from "./view-text";
import { renderRelatedSection } from "./related-section";

const FORCE_LABELS = { relevance: "Relevance", connectivity: "Connectivity", reactivation: "Reactivation" } as const;
const FAMILY_TITLES: Readonly<Record<NeighbourFamily, string>> = {
	causes: "Causes and evidence",
	consequences: "What it led to",
	contradictions: "Contradictions",
	other: "Other links",
};
const HISTORY_SHOWN = 5;

/** One part of the note section; draws itself (or nothing) at the end of `el`. */
type NoteBlock = (el: HTMLElement, overview: NoteOverview, actions: MemoryActions, now: number) => void;

/** The note section's blocks, top to bottom: a new part of the section is one more entry here. */
const NOTE_BLOCKS: readonly NoteBlock[] = [
	headBlock,
	statusBlock,
	proposalBlock,
	forcesBlock,
	useBlock,
	neighboursBlock,
	relatedBlock,
	chainBlock,
	historyBlock,
];

/** "This note": status, forces, use, links, causal chain and history of the active note. */
export function renderNoteSection(el: HTMLElement, overview: NoteOverview, actions: MemoryActions, now: number): void {
	for (const block of NOTE_BLOCKS) block(el, overview, actions, now);
}

function headBlock(el: HTMLElement, overview: NoteOverview, actions: MemoryActions): void {
	const e = overview.explanation;
	const head = el.createDiv({ cls: "cmv-note-head" });
	noteLink(head.createDiv({ cls: "cmv-note-title" }), e.path, e.title, actions);
	const buttons = head.createDiv({ cls: "cmv-buttons" });
	smallButton(buttons, e.pinned ? "Unpin" : "Pin", () => actions.setPinned(e.path, !e.pinned)).setTooltip(
		e.pinned
			? "Remove memory_pinned: the note ages like any other"
			: "Set memory_pinned: true: the note becomes core and never fades",
	);
	smallButton(buttons, "Add link", () => actions.addLink(e.path)).setTooltip(
		"Link this note to another with a causal type, written in its properties",
	);
}

function statusBlock(el: HTMLElement, overview: NoteOverview, _actions: MemoryActions, now: number): void {
	const e = overview.explanation;
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
	el.createDiv({ cls: "cmv-why", text: statusSentence(e.status, e.pinned), attr: { title: e.status.why } });
}

function proposalBlock(el: HTMLElement, overview: NoteOverview, actions: MemoryActions): void {
	if (!overview.proposal) return;
	const path = overview.explanation.path;
	const proposal = el.createDiv({ cls: "cmv-callout" });
	proposal.createDiv({ text: `Proposed for core memory: ${overview.proposal.reason}.` });
	const buttons = proposal.createDiv({ cls: "cmv-buttons" });
	smallButton(buttons, "Accept", () => actions.resolveProposal(path, true), { cta: true });
	smallButton(buttons, "Decline", () => actions.resolveProposal(path, false));
}

function forcesBlock(el: HTMLElement, overview: NoteOverview): void {
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
}

function useBlock(el: HTMLElement, overview: NoteOverview, _actions: MemoryActions, now: number): void {
	const e = overview.explanation;
	const use = el.createDiv({ cls: "cmv-use" });
	sparkline(use, overview.recallsPerWeek, `Recalls per week over the last ${overview.recallsPerWeek.length} weeks`);
	const recalls = e.scores.reactivation.recalls;
	const parts = [`${recalls} ${recalls === 1 ? "recall" : "recalls"}`];
	if (e.scores.reactivation.lastRecall !== null) parts.push(`last ${timeAgo(e.scores.reactivation.lastRecall, now)}`);
	parts.push(overview.lastOpened === null ? "never opened" : `opened ${timeAgo(overview.lastOpened, now)}`);
	use.createSpan({ cls: "cmv-small", text: parts.join(" · ") });
}

/** The direct neighbours by family and relation ("Caused by Deploy"), each note a link. */
function neighboursBlock(el: HTMLElement, overview: NoteOverview, actions: MemoryActions): void {
	const { neighbours } = overview;
	const path = overview.explanation.path;
	const block = el.createDiv({ cls: "cmv-neighbours" });
	const top = block.createDiv({ cls: "cmv-block-head" });
	heading(
		top,
		"Links",
		neighbours.reduce((sum, group) => sum + group.notes.length + group.more, 0),
	);
	if (neighbours.some((group) => group.side === "out" && group.notes.length > 0))
		smallButton(top, "Remove link", () => actions.removeLink(path)).setTooltip(
			"Remove a typed link from this note's properties",
		);
	if (neighbours.length === 0) {
		block.createDiv({
			cls: "cmv-small cmv-muted",
			text: "No links yet. Causal links keep a memory connected: add one with the button above.",
		});
		return;
	}
	let family: NeighbourFamily | null = null;
	let list: HTMLElement | null = null;
	for (const group of neighbours) {
		if (group.family !== family || !list) {
			family = group.family;
			block.createDiv({ cls: "cmv-subheading", text: FAMILY_TITLES[family] });
			list = block.createEl("ul", { cls: "cmv-list cmv-relations" });
		}
		relationItem(list, group, actions);
	}
}

/** Related memories not linked yet (computed off the render, cached per note). */
function relatedBlock(el: HTMLElement, overview: NoteOverview, actions: MemoryActions): void {
	renderRelatedSection(el, overview.explanation.path, actions);
}

function relationItem(list: HTMLElement, group: NeighbourGroup, actions: MemoryActions): void {
	const item = list.createEl("li", { attr: { "data-relation": group.relation } });
	item.createSpan({ cls: ["cmv-edge", `cmv-edge-${group.type}`], text: group.relation });
	group.notes.forEach((note, i) => {
		item.appendText(i === 0 ? " " : ", ");
		noteLink(item, note.path, note.title, actions);
	});
	if (group.more > 0) item.createSpan({ cls: "cmv-muted", text: ` and ${group.more} more` });
}

/** The causal chain beyond the direct neighbours (two hops and more), each step with where its link is written. */
function chainBlock(el: HTMLElement, overview: NoteOverview, actions: MemoryActions): void {
	chainList(el, "Further causes and evidence", overview.upstream, actions);
	chainList(el, "Further consequences", overview.downstream, actions);
	if (overview.explanation.chainTruncated)
		el.createDiv({ cls: "cmv-small cmv-muted", text: "The chain is longer than shown." });
}

function chainList(el: HTMLElement, title: string, links: ChainLink[], actions: MemoryActions): void {
	const further = links.filter((link) => link.depth > 1);
	if (further.length === 0) return;
	heading(el, title, further.length);
	const list = el.createEl("ul", { cls: "cmv-list cmv-chain" });
	for (const link of further) {
		const item = list.createEl("li", { cls: `cmv-depth-${Math.min(link.depth, 3)}` });
		noteLink(item, link.path, link.title, actions);
		for (const edge of link.edges) {
			item.createSpan({ cls: ["cmv-edge", `cmv-edge-${edge.type}`], text: edge.type });
			item.createSpan({
				cls: "cmv-small cmv-muted",
				text: ` ${provenanceText(edge.provenance)} of ${titleOf(edge.source)}`,
			});
		}
		item.createSpan({ cls: "cmv-muted cmv-small", text: ` ${link.depth} hops` });
	}
}

function historyBlock(el: HTMLElement, overview: NoteOverview, _actions: MemoryActions, now: number): void {
	const { history: all } = overview.explanation;
	const history = all.slice(-HISTORY_SHOWN).reverse();
	if (history.length === 0) return;
	heading(el, "Status history", all.length);
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
