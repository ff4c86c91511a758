import type { MemoryCluster } from "../../core/consolidation/cluster-memories";
import { headlessEngine } from "../headless-engine";
import { readHeadlessSettings } from "../headless-settings";
import { progressBar } from "./progress-bar";
import { printLine } from "./terminal";

export interface ConsolidateOptions {
	vaultDir: string;
	/** 1-based number of the cluster (as listed) to draft or, with `write`, to consolidate. */
	cluster?: number;
	/** Consolidate the chosen cluster with its extractive summary. */
	write: boolean;
	/** Undo the latest consolidation instead. */
	undo: boolean;
	json: boolean;
}

/** How many clusters the listing shows. */
const LISTED = 20;

/**
 * Lists the clusters of memories about the same thing (a dry run: nothing is written), prints the
 * extractive summary of one (--cluster N), consolidates it (--cluster N --write), or undoes the
 * latest consolidation (--undo).
 */
export async function consolidateCommand(options: ConsolidateOptions): Promise<number> {
	const { settings, problems } = readHeadlessSettings(options.vaultDir);
	for (const problem of problems) console.error(`causal-memory: settings: ${problem}; using defaults for that group`);
	const engine = await headlessEngine(options.vaultDir, {
		program: "causal-memory consolidate",
		settings: () => settings,
	});
	const bar = progressBar(process.stderr, "Indexing");
	try {
		await engine.start({ follow: false, onProgress: bar.update });
		bar.done();
		if (options.undo) {
			const undone = await engine.undoConsolidation();
			if (options.json) printLine(JSON.stringify(undone, null, 2));
			else
				printLine(
					[
						`Undone: ${undone.trashed ?? "the summary (already gone)"} moved to the trash; ${undone.restored.length} members restored byte for byte.`,
						...undone.changedSince.map(
							(path) => `  ${path} was edited since: only its memory_consolidated_into was removed.`,
						),
					].join("\n"),
				);
			return 0;
		}
		const report = await engine.clusters({
			k: options.cluster === undefined ? LISTED : Math.max(LISTED, options.cluster),
		});
		if (options.cluster === undefined) {
			printLine(
				options.json ? JSON.stringify(report, null, 2) : formatClusters(report.clusters, report.total, report.compared),
			);
			return 0;
		}
		const cluster = report.clusters[options.cluster - 1];
		if (!cluster) {
			console.error(`causal-memory: there is no cluster ${options.cluster}; ${report.total} were found.`);
			return 1;
		}
		if (!options.write) {
			const draft = await engine.extractiveDraft(cluster.members, cluster.label);
			printLine(
				options.json
					? JSON.stringify(draft, null, 2)
					: `${draft.title} (not written; add --write to consolidate)\n\n${draft.summary}`,
			);
			return 0;
		}
		const result = await engine.consolidateExtractively(cluster.members, cluster.label);
		printLine(
			options.json
				? JSON.stringify(result, null, 2)
				: `Consolidated ${result.members.length} memories into ${result.nodeId}; undo with: causal-memory consolidate --undo --vault DIR`,
		);
		return 0;
	} finally {
		await engine.stop();
	}
}

function formatClusters(clusters: readonly MemoryCluster[], total: number, compared: number): string {
	if (clusters.length === 0) return `No clusters among the ${compared} memories compared: nothing to consolidate.`;
	return [
		`Clusters: ${total} among ${compared} memories (newest first${total > clusters.length ? `, the first ${clusters.length}` : ""}). Nothing was written.`,
		...clusters.flatMap((cluster, i) => [
			"",
			`${i + 1}. ${cluster.label.join(", ") || "(no shared cue)"}  (cohesion ${cluster.cohesion})`,
			...cluster.members.map((member) => `     ${member}`),
			`   why: ${cluster.why.join("; ")}`,
		]),
		"",
		"Print a cluster's extractive summary with --cluster N; consolidate it with --cluster N --write.",
	].join("\n");
}
