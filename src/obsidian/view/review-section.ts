import { reasonText } from "../../core/review/beliefs-in-question";
import type { MemoryEngine } from "../../engine/memory-engine";
import type {
	AtRiskMemory,
	BeliefInQuestion,
	MemoryCluster,
	RelationshipProposal,
	ReviewQueues,
} from "../../engine/review/memory-review";
import type { MemoryActions } from "../memory-actions";
import { ReviewActions } from "./review-actions";
import { heading, noteLink, smallButton } from "./view-parts";
import { titleOf } from "./view-text";

/** Items listed per queue; the count says how many there are. */
const SHOWN = 10;
/** Newer memories offered to supersede a belief, one button each. */
const SUPERSEDERS_SHOWN = 2;

/** One queue of the Review section: its heading, how many items it has, and how one item is shown. */
interface ReviewQueue<T> {
	title: string;
	cls: string;
	items: (queues: ReviewQueues) => readonly T[];
	render: (item: HTMLElement, entry: T, review: ReviewActions) => void;
}

/** Member titles named per cluster; the rest are counted. */
const MEMBERS_NAMED = 4;

const CLUSTERS: ReviewQueue<MemoryCluster> = {
	title: "Clusters to consolidate",
	cls: "cmv-cluster",
	items: (queues) => queues.clusters,
	render: (item, cluster, review) => {
		const text = item.createDiv();
		text.createDiv({ cls: "cmv-cluster-label", text: clusterLabel(cluster) });
		const members = text.createDiv({ cls: "cmv-small", text: `${cluster.members.length} memories: ` });
		cluster.members.slice(0, MEMBERS_NAMED).forEach((path, i) => {
			if (i > 0) members.appendText(", ");
			noteLink(members, path, titleOf(path), review.actions);
		});
		const more = cluster.members.length - MEMBERS_NAMED;
		if (more > 0) members.appendText(` and ${more} more`);
		text.createDiv({ cls: "cmv-small cmv-muted", text: cluster.why.join("; ") });
		const buttons = item.createDiv({ cls: "cmv-buttons" });
		smallButton(buttons, "Consolidate", () => review.consolidate(cluster), { cta: true }).setTooltip(
			"Write a summary of their key sentences, each cited, and open it to edit",
		);
		smallButton(buttons, "Dismiss", () => review.dismiss(cluster));
	},
};

const AT_RISK: ReviewQueue<AtRiskMemory> = {
	title: "At risk of fading",
	cls: "cmv-at-risk",
	items: (queues) => queues.atRisk,
	render: (item, entry, review) => {
		const text = item.createDiv();
		noteLink(text, entry.path, titleOf(entry.path), review.actions);
		text.createDiv({ cls: "cmv-small cmv-muted", text: `${entry.status}, ${fadesText(entry.days)} unless used` });
		const buttons = item.createDiv({ cls: "cmv-buttons" });
		smallButton(buttons, "Keep", () => review.keep(entry.path), { cta: true });
		smallButton(buttons, "Pin", () => review.pin(entry.path));
		smallButton(buttons, "Let go", () => review.letGo(entry.path));
	},
};

const BELIEFS: ReviewQueue<BeliefInQuestion> = {
	title: "Beliefs in question",
	cls: "cmv-belief",
	items: (queues) => queues.beliefs,
	render: (item, entry, review) => {
		const text = item.createDiv();
		noteLink(text, entry.path, titleOf(entry.path), review.actions);
		const why = entry.reasons.map((reason) => reasonText(reason, titleOf)).join("; ");
		text.createDiv({ cls: "cmv-small cmv-muted", text: why });
		const buttons = item.createDiv({ cls: "cmv-buttons" });
		smallButton(buttons, "Still true", () => review.stillTrue(entry.path), { cta: true });
		smallButton(buttons, "Amend", () => review.actions.openNote(entry.path));
		const newer = entry.newer.slice(0, SUPERSEDERS_SHOWN);
		for (const by of newer)
			smallButton(buttons, newer.length === 1 ? "Supersede" : `Supersede by ${titleOf(by)}`, () =>
				review.supersede(entry.path, by),
			).setTooltip(`${titleOf(by)} supersedes ${titleOf(entry.path)}`);
	},
};

const RELATIONSHIPS: ReviewQueue<RelationshipProposal> = {
	title: "Proposed links",
	cls: "cmv-relationship",
	items: (queues) => queues.relationships,
	render: (item, entry, review) => {
		const text = item.createDiv();
		noteLink(text, entry.source, titleOf(entry.source), review.actions);
		text.createSpan({ text: ` ${entry.type === "caused_by" ? "caused by" : "related to"} ` });
		noteLink(text, entry.target, titleOf(entry.target), review.actions);
		text.createDiv({ cls: "cmv-small cmv-muted", text: `Rare cues in common: ${cuesText(entry.cues)}` });
		const buttons = item.createDiv({ cls: "cmv-buttons" });
		smallButton(buttons, "Link", () => review.accept(entry.source, entry.target), { cta: true });
		smallButton(buttons, "Decline", () => review.decline(entry.source, entry.target));
	},
};

/** The queues in the order shown. */
const QUEUES = [CLUSTERS, AT_RISK, BELIEFS, RELATIONSHIPS] as const;

/** How many items wait in all queues: the badge's number. */
export function reviewTotal(queues: ReviewQueues): number {
	return QUEUES.reduce((total, queue) => total + queue.items(queues).length, 0);
}

/** "Review": each queue's items with their one-click actions, or a line saying nothing waits. */
export function renderReviewSection(parent: HTMLElement, engine: MemoryEngine, actions: MemoryActions): void {
	// Starts a search for clusters when the index changed since the last (off the render, in time slices).
	engine.review.clusterQueue();
	const queues = engine.review.queues();
	const el = parent.createDiv({ cls: "cmv-review" });
	heading(el, "Review", reviewTotal(queues));
	const review = new ReviewActions(actions);
	let shown = 0;
	for (const queue of QUEUES as readonly ReviewQueue<unknown>[]) {
		const items = queue.items(queues);
		if (items.length === 0) continue;
		shown++;
		el.createDiv({ cls: "cmv-small cmv-review-queue", text: `${queue.title} (${items.length})` });
		const list = el.createEl("ul", { cls: "cmv-list" });
		for (const entry of items.slice(0, SHOWN))
			queue.render(list.createEl("li", { cls: ["cmv-review-item", queue.cls] }), entry, review);
		if (items.length > SHOWN)
			list.createEl("li", { cls: "cmv-small cmv-muted", text: `and ${items.length - SHOWN} more` });
	}
	// The clusters are found in the background (MemoryReview.clusterQueue); the view re-renders when they are.
	if (!queues.clustersReady) el.createDiv({ cls: "cmv-small cmv-muted", text: "Looking for clusters…" });
	else if (shown === 0) el.createDiv({ cls: "cmv-small cmv-muted", text: "Nothing to review." });
}

function fadesText(days: number): string {
	if (days === 0) return "turns fading at the next pass";
	const whole = Math.max(1, Math.round(days));
	return `turns fading in ${whole} ${whole === 1 ? "day" : "days"}`;
}

/** The first cues, without a word of a phrase listed before it ("kestrel bridg", not also "kestrel"). */
function cuesText(cues: readonly string[]): string {
	const listed: string[] = [];
	for (const cue of cues) {
		if (listed.length === 3) break;
		if (!listed.some((phrase) => phrase.split(" ").includes(cue))) listed.push(cue);
	}
	return listed.join(", ");
}

/** What the cluster is about: its shared cues, or the newest member's title when they share none. */
function clusterLabel(cluster: MemoryCluster): string {
	return cluster.label.length > 0 ? cluster.label.join(", ") : titleOf(cluster.members[0]);
}
