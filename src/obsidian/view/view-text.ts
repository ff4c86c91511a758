import type { EdgeProvenance } from "../../core/graph/types";
import type { StatusExplanation } from "../../core/inspector/types";
import type { RecallWhy } from "../../core/recall/rank";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 min ago", "3 h ago", "2 days ago", or the date beyond 60 days. */
export function timeAgo(at: number, now: number): string {
	const ago = now - at;
	if (ago < MINUTE) return "just now";
	if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
	if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
	const days = Math.floor(ago / DAY);
	if (days <= 60) return days === 1 ? "yesterday" : `${days} days ago`;
	return new Date(at).toISOString().slice(0, 10);
}

/** A note's title from its path: the file name without `.md`. */
export function titleOf(path: string): string {
	return (path.split("/").pop() ?? path).replace(/\.md$/i, "");
}

/** Where an edge is written: "frontmatter caused_by", "body link", "auto-link", "MCP". */
export function provenanceText(provenance: readonly EdgeProvenance[]): string {
	const words: Record<EdgeProvenance["origin"], string> = {
		frontmatter: "property",
		inline_field: "inline field",
		wikilink: "body link",
		auto_link: "auto-link",
		mcp: "MCP",
	};
	return [
		...new Set(
			provenance.map((p) =>
				p.key !== undefined && p.origin !== "wikilink" ? `${words[p.origin]} ${p.key}` : words[p.origin],
			),
		),
	].join(", ");
}

/** One line on why recall returned a memory, from the hit's `why`. */
export function whyText(why: RecallWhy): string {
	const parts: string[] = [];
	if (why.injected) parts.push(`included because it is ${why.injected}`);
	if (why.terms && why.terms.length > 0) parts.push(`matches ${why.terms.join(", ")}`);
	if (why.similarity !== undefined) parts.push(`similarity ${why.similarity.toFixed(2)}`);
	if (why.path && why.path.length > 1) {
		const steps = why.path.map((path, i) => {
			const edge = i > 0 ? why.edges?.[i - 1] : undefined;
			const arrow = edge
				? ` ${edge.direction === "forward" ? "→" : "←"} ${edge.type} ${edge.direction === "forward" ? "→" : "←"} `
				: "";
			return `${arrow}${titleOf(path)}`;
		});
		parts.push(`reached through ${steps.join("")}`);
	}
	if (why.replaces && why.replaces.length > 0) parts.push(`replaces ${why.replaces.map(titleOf).join(", ")}`);
	if (why.consolidates && why.consolidates.length > 0)
		parts.push(`summary of ${why.consolidates.map(titleOf).join(", ")}`);
	return parts.length > 0 ? parts.join("; ") : "ranked by retention";
}

/**
 * The memory's status in a plain sentence, e.g. "Active. Turns dormant in about 40 days unless
 * you use it." (the numbers behind it go in the hover text).
 */
export function statusSentence(status: StatusExplanation, pinned: boolean): string {
	const { outlook } = status;
	switch (status.status) {
		case "core":
			return pinned ? "Core memory, pinned by you: it never fades." : "Core memory: it never fades.";
		case "pruned":
			return "Pruned: it has faded out. Using it makes it active again.";
		case "fading":
			return "Fading: left unused, it may be pruned. Using it makes it active again.";
		case "dormant":
			if (status.retentionCallsFor === "active")
				return "Dormant, but used again: the next maintenance pass makes it active.";
			return `Dormant. ${stepDown("Starts fading", outlook?.inDays ?? null)} Using it makes it active again.`;
		case "active":
			return `Active. ${stepDown("Turns dormant", outlook?.inDays ?? null)}`;
	}
}

/** "Turns dormant in about 40 days unless you use it.", "… at the next maintenance passes …", "Stays so for years …". */
function stepDown(verb: string, inDays: number | null): string {
	if (inDays === null) return "Stays so for years, even unused.";
	if (inDays === 0) return `${verb} at the next maintenance passes unless you use it.`;
	return `${verb} in about ${aboutDays(inDays)} unless you use it.`;
}

/** "a day", "12 days", "3 months", "2 years": rounded as a person would say it. */
function aboutDays(days: number): string {
	if (days <= 1) return "a day";
	if (days < 60) return `${days} days`;
	if (days < 730) return `${Math.round(days / 30)} months`;
	return `${Math.round(days / 365)} years`;
}
