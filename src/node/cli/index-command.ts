import { summarizeGraph } from "../../core/graph/summary";
import { MemoryEngine } from "../../engine/memory-engine";
import { formatIndexSummary } from "./format-summary";
import { FsVault } from "../fs/fs-vault";
import { readHeadlessSettings } from "../headless-settings";
import { progressBar } from "./progress-bar";
import { printLine } from "./terminal";

export interface IndexOptions {
	vaultDir: string;
	exclude: string[];
	/** `key=type` pairs that map a property to an edge type for this run, e.g. `up=derived_from`. */
	edgeKeys: Record<string, string>;
	json: boolean;
}

/** Indexes a vault and prints a summary of its memory graph; never writes to the vault. */
export async function indexCommand(options: IndexOptions): Promise<number> {
	const { settings, problems } = readHeadlessSettings(options.vaultDir);
	for (const problem of problems) console.error(`causal-memory: settings: ${problem}; using defaults for that group`);
	const bar = progressBar(process.stderr, "Indexing");
	const { graph, report } = await MemoryEngine.readGraph(
		new FsVault(options.vaultDir),
		{
			...settings.index,
			excludedFolders: [...settings.index.excludedFolders, ...options.exclude],
			edgeKeys: { ...settings.index.edgeKeys, ...options.edgeKeys } as typeof settings.index.edgeKeys,
		},
		bar.update,
	);
	bar.done();
	const summary = summarizeGraph(graph);
	if (options.json) {
		printLine(
			JSON.stringify(
				{ vault: options.vaultDir, ms: Math.round(report.ms), ...summary, warnings: report.warnings },
				null,
				2,
			),
		);
	} else {
		printLine(formatIndexSummary(options.vaultDir, summary, report));
	}
	return 0;
}
