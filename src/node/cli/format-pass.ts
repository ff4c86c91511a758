import type { WritePreview } from "../../engine/maintenance/frontmatter-sync";
import type { PassReport } from "../../engine/maintenance/memory-maintenance";

export function formatPassReport(report: PassReport): string {
	const lines = [
		`${report.dryRun ? "Dry run: nothing was changed. " : ""}Maintenance pass over ${report.notes} notes in ${Math.round(report.totalMs)} ms (${report.workerMs.toFixed(1)} ms in the worker)`,
		"",
		`Status changes: ${report.changes.length}`,
		...report.changes.slice(0, 50).map((c) => `  ${c.from} -> ${c.to}  ${c.path}  (${c.reason})`),
	];
	if (report.changes.length > 50) lines.push(`  … and ${report.changes.length - 50} more`);
	if (report.proposals.length > 0) {
		lines.push("", `Proposed for core memory (approve in Obsidian): ${report.proposals.length}`);
		lines.push(...report.proposals.map((p) => `  ${p.path}  (${p.reason})`));
	}
	lines.push("", `memory_status ${report.dryRun ? "writes it would make" : "written"}: ${report.writes.written}`);
	for (const failure of report.writes.failed) lines.push(`  failed: ${failure.path}: ${failure.message}`);
	if (report.skippedInvalidYaml.length > 0) {
		lines.push(
			`Skipped (invalid YAML, fix the note to let its status be written): ${report.skippedInvalidYaml.join(", ")}`,
		);
	}
	return lines.join("\n");
}

export function formatPreview(preview: WritePreview): string {
	const counts = Object.entries(preview.byStatus).map(
		([status, n]) => `${n} → ${status === "active" ? "no memory_status (active)" : `memory_status: ${status}`}`,
	);
	return [
		`A whole-vault write would change the frontmatter of ${preview.notes} notes (${preview.outsideMemoryFolder} outside the memory folder):`,
		...counts.map((line) => `  ${line}`),
		...preview.examples.map((w) => `  e.g. ${w.path}: ${w.status ?? "remove memory_status"}`),
		...(preview.skippedInvalidYaml.length > 0
			? [`  ${preview.skippedInvalidYaml.length} notes with invalid YAML would be skipped`]
			: []),
		"Only memory_status changes; note bodies and other properties stay as they are, and modification times are kept.",
	].join("\n");
}
