import { EDGE_TYPES } from "../core/model/edge-types";
import type { GraphSummary } from "../core/graph/summary";
import type { IndexWarning } from "../engine/index/vault-index";

function count(n: number, singular: string, plural: string): string {
	return `${n} ${n === 1 ? singular : plural}`;
}

/** The "Show memory index summary" notice: sizes, links by type, orphans, dangling links, problems. */
export function formatSummary(summary: GraphSummary, warnings: readonly IndexWarning[]): string {
	const byType = EDGE_TYPES.filter((type) => summary.edgesByType[type] > 0).map(
		(type) => `${type.replace(/_/g, " ")} ${summary.edgesByType[type]}`,
	);
	const skipped = warnings.filter((warning) => warning.skipped).length;
	const lines = [
		`Memory index: ${count(summary.notes, "note", "notes")}, ${count(summary.edges, "link", "links")}`,
		`Links by type: ${byType.length > 0 ? byType.join(", ") : "none"}`,
		`Orphans: ${summary.orphans.length} · Dangling links: ${summary.dangling.length}`,
	];
	if (warnings.length > 0) lines.push(`Notes with problems: ${warnings.length} (${skipped} skipped)`);
	return lines.join("\n");
}
