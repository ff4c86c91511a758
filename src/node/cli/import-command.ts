import { promises as fs } from "node:fs";
import { dirname, join } from "node:path";
import {
	IMPORT_MARK,
	IMPORT_SOURCE,
	parseMemoryJsonl,
	planImport,
	type LineProblem,
} from "../../core/import/memory-jsonl";
import type { EdgeType } from "../../core/model/edge-types";
import { locateFrontmatter } from "../../core/parse/frontmatter";
import { writeFileAtomic } from "../fs/atomic-write";
import { readHeadlessSettings } from "../headless-settings";
import { printError, printLine } from "./terminal";

export interface ImportOptions {
	/** `memory-jsonl`: the only format so far. */
	format: string;
	file: string;
	vaultDir: string;
	dryRun: boolean;
	json: boolean;
}

export interface ImportSummary {
	entities: number;
	relations: number;
	links: Partial<Record<EdgeType, number>>;
	created: string[];
	updated: string[];
	unchanged: string[];
	/** Notes of the same name this import did not write (their frontmatter lacks memory_imported_from): left as they are. */
	conflicts: string[];
	/** Malformed lines and relations that name no entity, by line number: skipped. */
	skipped: LineProblem[];
	dryRun: boolean;
}

/**
 * `causal-memory import memory-jsonl FILE --vault DIR [--dry-run]`: one note per entity of the MCP
 * reference memory server's file in the memory folder, relations as typed links
 * (docs/import.md). Every note is planned before any is written, and each is written whole
 * (temp file, then rename). A re-run writes only what changed; a note of the same name that this
 * import did not write is never touched.
 */
export async function importCommand(options: ImportOptions): Promise<number> {
	if (options.format !== "memory-jsonl")
		throw new Error(`unknown import format "${options.format}"; the one supported is memory-jsonl`);
	const text = await fs.readFile(options.file, "utf8");
	const graph = parseMemoryJsonl(text);
	const { settings } = readHeadlessSettings(options.vaultDir);
	const plan = planImport(graph, settings.maintenance.memoryFolder);
	const summary: ImportSummary = {
		entities: graph.entities.length,
		relations: graph.relations.length,
		links: plan.links,
		created: [],
		updated: [],
		unchanged: [],
		conflicts: [],
		skipped: [...graph.problems, ...plan.skipped].sort((a, b) => a.line - b.line),
		dryRun: options.dryRun,
	};
	for (const note of plan.notes) {
		const absolute = join(options.vaultDir, note.path);
		const existing = await fs.readFile(absolute, "utf8").catch((error: NodeJS.ErrnoException) => {
			if (error.code === "ENOENT") return null;
			throw error;
		});
		if (existing === note.text) {
			summary.unchanged.push(note.path);
			continue;
		}
		if (existing !== null && !writtenByImport(existing)) {
			summary.conflicts.push(note.path);
			continue;
		}
		(existing === null ? summary.created : summary.updated).push(note.path);
		if (options.dryRun) continue;
		await fs.mkdir(dirname(absolute), { recursive: true });
		await writeFileAtomic(absolute, note.text);
	}
	printSummary(summary, options);
	return 0;
}

function writtenByImport(text: string): boolean {
	const frontmatter = locateFrontmatter(text)?.yaml ?? "";
	return new RegExp(`^${IMPORT_MARK}:\\s*["']?${IMPORT_SOURCE}["']?\\s*$`, "m").test(frontmatter);
}

function printSummary(summary: ImportSummary, options: ImportOptions): void {
	for (const path of summary.conflicts)
		printError(`causal-memory: ${path} exists and was not written by an import: left as it is`);
	for (const problem of summary.skipped) printError(`causal-memory: line ${problem.line}: ${problem.message}; skipped`);
	if (options.json) {
		printLine(JSON.stringify(summary, null, 2));
		return;
	}
	const links = Object.entries(summary.links)
		.map(([type, count]) => `${count} ${type}`)
		.join(", ");
	const verb = summary.dryRun ? "would create" : "created";
	printLine(
		`${options.file}: ${summary.entities} entities, ${summary.relations} relations${links === "" ? "" : ` (links: ${links})`}`,
	);
	printLine(
		`${summary.dryRun ? "Dry run, nothing written: " : ""}${verb} ${summary.created.length}, ${summary.dryRun ? "would update" : "updated"} ${summary.updated.length}, unchanged ${summary.unchanged.length}, left alone ${summary.conflicts.length}`,
	);
}
