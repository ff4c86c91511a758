import type { EdgeProvenance } from "../../core/graph/types";
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
	return parts.length > 0 ? parts.join("; ") : "ranked by retention";
}
