import type { GraphSummary } from "../../core/graph/summary";
import { EDGE_TYPES } from "../../core/model/edge-types";
import type { IndexReport } from "../../engine/index/vault-index";

const LIST_LIMIT = 10;

function list(items: string[]): string[] {
	const shown = items.slice(0, LIST_LIMIT).map((item) => `    ${item}`);
	if (items.length > LIST_LIMIT) shown.push(`    … and ${items.length - LIST_LIMIT} more`);
	return shown;
}

export function formatIndexSummary(vault: string, summary: GraphSummary, report: IndexReport): string {
	const lines = [
		`Vault: ${vault}`,
		`Indexed ${summary.notes} notes and ${summary.edges} edges in ${Math.round(report.ms)} ms`,
		"",
		"Edges by type:",
		...EDGE_TYPES.map((type) => `  ${type.padEnd(13)} ${summary.edgesByType[type]}`),
	];
	const keys = Object.entries(summary.edgesByKey).sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
	if (keys.length > 0) {
		lines.push("", "Edges from link properties and inline fields:");
		lines.push(...keys.map(([key, count]) => `  ${key.padEnd(13)} ${count}`));
	}
	lines.push("", `Orphans (no supportive link): ${summary.orphans.length}`, ...list(summary.orphans));
	lines.push(
		"",
		`Dangling links (target note does not exist): ${summary.dangling.length}`,
		...list(summary.dangling.map((d) => `${d.source} -> ${d.linkpath} (${d.type})`)),
	);
	lines.push(
		"",
		"Top hubs (weighted supportive degree):",
		...summary.topHubs.map((hub) => `  ${hub.weightedDegree.toFixed(1).padStart(6)}  ${hub.path}`),
	);
	if (report.warnings.length > 0) {
		lines.push(
			"",
			`Warnings: ${report.warnings.length}`,
			...list(report.warnings.map((w) => `${w.path}: ${w.message}`)),
		);
	}
	return lines.join("\n");
}
