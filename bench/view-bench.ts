/**
 * What one render of the memory view costs in data: `vaultOverview` (one walk over the notes,
 * the tail of the history, core memories, proposals) and `noteOverview` (explain plus the
 * chain's edges) for random notes, on the engine over a synthetic vault after two passes.
 * The view re-renders at most every 300 ms, so a render's data should stay well under that.
 *
 *   npm run bench -- view [--notes 10000] [--renders 50] [--seed 1]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readMemorySettings } from "../src/core/model/settings";
import { noteOverview } from "../src/engine/inspector/note-overview";
import { vaultOverview } from "../src/engine/inspector/vault-overview";
import { MemoryEngine } from "../src/engine/memory-engine";
import { FsStorage } from "../src/node/fs/fs-storage";
import { FsVault } from "../src/node/fs/fs-vault";
import { NODE_TIMERS } from "../src/node/node-timers";
import { createThreadMaintenanceWorker } from "../src/node/thread-worker-host";
import { benchVault } from "./bench-vaults";
import { parseFlags } from "./flags";
import { percentile } from "./percentile";
import { createRng } from "./prng";
import { formatTable } from "./table";
import { printLine } from "../src/node/cli/terminal";

const DAY = 86_400_000;

const flags = parseFlags();
const notes = flags.number("notes", 10_000);
const renders = flags.number("renders", 50);
const seed = flags.number("seed", 1);

const vault = await benchVault(notes, seed);
const state = mkdtempSync(join(tmpdir(), "view-bench-"));
const { settings } = readMemorySettings(null);
let now = Date.now();
const engine = new MemoryEngine({
	vault: new FsVault(vault.dir),
	storage: new FsStorage(state),
	worker: createThreadMaintenanceWorker(),
	timers: NODE_TIMERS,
	clock: () => now,
	settings: () => settings,
	warn: () => undefined,
});
try {
	await engine.start({ follow: false });
	// Two passes a month apart: statuses change, so the history has entries to list.
	await engine.maintenance.runPass();
	now += 30 * DAY;
	await engine.maintenance.runPass();
	now += 30 * DAY;
	await engine.maintenance.runPass();

	const paths = engine.index.graph.notePaths();
	const rng = createRng(seed);
	const vaultMs: number[] = [];
	const noteMs: number[] = [];
	let chainSteps = 0;
	for (let i = 0; i < renders; i++) {
		let started = performance.now();
		vaultOverview(engine);
		vaultMs.push(performance.now() - started);
		const path = paths[Math.floor(rng.next() * paths.length)];
		started = performance.now();
		const overview = noteOverview(engine, path);
		noteMs.push(performance.now() - started);
		chainSteps += overview.upstream.length + overview.downstream.length;
	}
	const row = (what: string, ms: number[]) => [
		what,
		renders,
		percentile(ms, 50).toFixed(1),
		percentile(ms, 95).toFixed(1),
		Math.max(...ms).toFixed(1),
	];
	printLine(
		`Memory view data over ${engine.index.graph.order} notes, ${engine.index.graph.graph.size} links; ${engine.activity.history().length} history entries; ${(chainSteps / renders).toFixed(1)} chain steps per note on average`,
	);
	printLine(
		formatTable(
			["part", "renders", "p50 ms", "p95 ms", "max ms"],
			[row("vault overview", vaultMs), row("note overview", noteMs)],
		),
	);
} finally {
	await engine.stop();
	rmSync(state, { recursive: true, force: true });
}
