/**
 * What the review queues cost: over a synthetic vault, CPU time of the first call after a note
 * changed (all three queues computed again: at risk, beliefs in question, relationship
 * proposals) and of a call answered from the cache, with the queue lengths.
 *
 *   npm run bench -- review [--notes 10000] [--seed 1]
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { printLine } from "../src/node/cli/terminal";
import { benchVault } from "./bench-vaults";
import { fsBenchEngine } from "./fs-bench-engine";
import { parseFlags } from "./flags";
import { formatTable } from "./table";

function cpuMs(work: () => void): number {
	const started = process.cpuUsage();
	work();
	const used = process.cpuUsage(started);
	return (used.user + used.system) / 1000;
}

async function main(): Promise<void> {
	const flags = parseFlags();
	const notes = flags.number("notes", 10_000);
	const seed = flags.number("seed", 1);
	const { dir } = await benchVault(notes, seed);
	const state = await mkdtemp(join(tmpdir(), "review-bench-"));
	const engine = fsBenchEngine(dir, state, { clock: () => Date.UTC(2026, 0, 1) });
	try {
		await engine.start({ follow: false });
		const review = engine.review;
		// The first call of all also builds what recall builds lazily (the graph caches).
		let queues = review.queues();
		// A changed index invalidates the cached queues: the next call computes all three again.
		await engine.index.apply({ type: "modify", path: engine.index.graph.notePaths()[0] ?? "" });
		const fromScratch = cpuMs(() => (queues = review.queues()));
		const cached = cpuMs(() => (queues = review.queues()));
		printLine(
			formatTable(
				["notes", "after a change ms", "cached ms", "at risk", "beliefs", "relationships"],
				[
					[
						notes,
						fromScratch.toFixed(0),
						cached.toFixed(2),
						queues.atRisk.length,
						queues.beliefs.length,
						queues.relationships.length,
					],
				],
			),
		);
	} finally {
		await engine.stop();
		await rm(state, { recursive: true, force: true });
	}
}

await main();
