import type { CoreProposal } from "../../core/lifecycle/decide-transition";
import { resolveMemoryId } from "../../core/graph/memory-ids";
import { headlessEngine } from "../headless-engine";
import { readHeadlessSettings } from "../headless-settings";
import { progressBar } from "./progress-bar";
import { printLine } from "./terminal";

export interface ProposalsOptions {
	vaultDir: string;
	/** A memory id (path or link text) whose open proposal to accept (promote to core) … */
	accept?: string;
	/** … or to decline (it is not proposed again). At most one of the two. */
	decline?: string;
	json: boolean;
}

/**
 * Lists the open core proposals (made by maintenance passes for approval categories), or accepts
 * or declines one; the same store the plugin's memory view uses. Listing writes nothing.
 */
export async function proposalsCommand(options: ProposalsOptions): Promise<number> {
	const { settings, problems } = readHeadlessSettings(options.vaultDir);
	for (const problem of problems) console.error(`causal-memory: settings: ${problem}; using defaults for that group`);
	const engine = await headlessEngine(options.vaultDir, {
		program: "causal-memory proposals",
		settings: () => settings,
		readOnly: options.accept === undefined && options.decline === undefined,
	});
	const bar = progressBar(process.stderr, "Indexing");
	try {
		await engine.start({ follow: false, onProgress: bar.update });
		bar.done();
		const id = options.accept ?? options.decline;
		if (id === undefined) {
			const proposals = engine.maintenance.proposals().sort((a, b) => a.at - b.at);
			printLine(options.json ? JSON.stringify({ proposals }, null, 2) : formatProposals(proposals));
			return 0;
		}
		const accept = options.accept !== undefined;
		const path = resolveMemoryId(engine.index.graph, id, accept ? "--accept" : "--decline");
		await engine.maintenance.resolveProposal(path, accept);
		const status = engine.maintenance.statusOf(path);
		if (options.json) printLine(JSON.stringify({ path, accepted: accept, status }, null, 2));
		else
			printLine(
				accept ? `Accepted: ${path} is core now.` : `Declined: ${path} stays ${status} and is not proposed again.`,
			);
		return 0;
	} finally {
		await engine.stop();
	}
}

function formatProposals(proposals: CoreProposal[]): string {
	if (proposals.length === 0)
		return "No open core proposals. Maintenance passes propose memories of the approval categories (scoring.core.approvalCategories).";
	return [
		`Open core proposals: ${proposals.length}`,
		...proposals.map((p) => `  ${p.path}  ${new Date(p.at).toISOString().slice(0, 10)}  (${p.reason})`),
		"Accept one with --accept ID or decline it with --decline ID (ID: its path or link text).",
	].join("\n");
}
