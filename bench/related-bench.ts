/**
 * The "Related memories" list at scale, for random notes of a synthetic vault: compute (the
 * engine's suggestions for a note not yet cached: cues, keyword search, neighbours of neighbours,
 * ranking, in TimeSlicer slices), the longest turn of the event loop while it runs (what the
 * computation holds the UI thread at once), and the render of the view's section from the cached
 * list (happy-dom, fake obsidian module). Wall times also hold what the machine's load takes
 * away; "CPU" is the process's (`process.cpuUsage`, µs: the main thread's plus what V8's helper
 * threads and the maintenance worker did meanwhile), and for a turn or a render the lower of the
 * two, an upper bound of the main thread's CPU (Node 20 has no per-thread counter finer than the
 * scheduler's ticks).
 *
 *   npm run bench -- related [--notes 10000] [--samples 50] [--renders 20] [--seed 1]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setImmediate } from "node:timers";
import { Window } from "happy-dom";
import { readMemorySettings } from "../src/core/model/settings";
import { MemoryEngine } from "../src/engine/memory-engine";
import type { MemoryActions } from "../src/obsidian/memory-actions";
import { FsStorage } from "../src/node/fs/fs-storage";
import { FsVault } from "../src/node/fs/fs-vault";
import { NODE_TIMERS } from "../src/node/node-timers";
import { printLine } from "../src/node/cli/terminal";
import { createThreadMaintenanceWorker } from "../src/node/thread-worker-host";
import { globalObject } from "../tests/fakes/global-object";
import { benchVault } from "./bench-vaults";
import { parseFlags } from "./flags";
import { percentile } from "./percentile";
import { createRng } from "./prng";
import { collectGarbage } from "./rss-sampler";
import { formatTable } from "./table";

const flags = parseFlags();
const notes = flags.number("notes", 10_000);
const samples = flags.number("samples", 50);
const renders = flags.number("renders", 20);
const seed = flags.number("seed", 1);

// A DOM for the section, then the fake obsidian module (bench/run.mjs maps "obsidian" to it), which installs Obsidian's DOM helpers.
const window = new Window();
for (const name of ["window", "document", "Node", "HTMLElement", "Event"])
	globalObject[name] = name === "window" ? window : (window as unknown as Record<string, unknown>)[name];
const { renderRelatedSection } = await import("../src/obsidian/view/related-section");

/** Process CPU time, ms. */
const cpuNow = (): number => {
	const { user, system } = process.cpuUsage();
	return (user + system) / 1000;
};

const vault = await benchVault(notes, seed);
const state = mkdtempSync(join(tmpdir(), "related-bench-"));
const { settings } = readMemorySettings(null);
const engine = new MemoryEngine({
	vault: new FsVault(vault.dir),
	storage: new FsStorage(state),
	worker: createThreadMaintenanceWorker(),
	timers: NODE_TIMERS,
	clock: () => Date.now(),
	settings: () => settings,
	warn: () => undefined,
});

interface Turns {
	wall: number;
	cpu: number;
	/** The longest turn of the event loop while `work` ran, by wall time and by CPU (bounded by its wall time). */
	longestCpu: number;
	longestWall: number;
	turns: number;
}

/** Runs `work`, timing each turn of the event loop with a setImmediate ticker. */
async function turnsOf(work: () => Promise<unknown>): Promise<Turns> {
	let longestCpu = 0;
	let longestWall = 0;
	let turns = 0;
	let lastCpu = cpuNow();
	let lastWall = performance.now();
	let running = true;
	const turn = (): void => {
		const cpu = cpuNow();
		const wall = performance.now();
		longestCpu = Math.max(longestCpu, Math.min(cpu - lastCpu, wall - lastWall));
		longestWall = Math.max(longestWall, wall - lastWall);
		lastCpu = cpu;
		lastWall = wall;
		turns++;
	};
	const tick = (): void => {
		turn();
		if (running) setImmediate(tick);
	};
	setImmediate(tick);
	const startCpu = cpuNow();
	const startWall = performance.now();
	await work();
	const cpu = cpuNow() - startCpu;
	const wall = performance.now() - startWall;
	running = false;
	turn();
	return { wall, cpu, longestCpu, longestWall, turns };
}

try {
	await engine.start({ follow: false });
	const loadBefore = loadavg()[0];
	const actions = { engine: () => engine, openNote: () => Promise.resolve() } as unknown as MemoryActions;
	const paths = engine.index.graph.notePaths();
	const rng = createRng(seed);
	const computes: Turns[] = [];
	const renderCpu: number[] = [];
	const renderWall: number[] = [];
	let listed = 0;
	for (let i = 0; i < samples; i++) {
		const path = paths[Math.floor(rng.next() * paths.length)];
		computes.push(await turnsOf(() => engine.relatedMemories(path)));
		// The computation's garbage is collected first: a collection it leaves due is not the render's.
		collectGarbage();
		for (let r = 0; r < renders; r++) {
			const el = createDiv();
			window.document.body.appendChild(el as never);
			const cpu = cpuNow();
			const wall = performance.now();
			renderRelatedSection(el, path, actions);
			const cpuMs = cpuNow() - cpu;
			const wallMs = performance.now() - wall;
			renderCpu.push(Math.min(cpuMs, wallMs));
			renderWall.push(wallMs);
			if (r === 0) listed += el.querySelectorAll("li").length;
			el.remove();
		}
	}
	const loadAfter = loadavg()[0];
	const row = (what: string, ms: number[]) => [
		what,
		ms.length,
		percentile(ms, 50).toFixed(1),
		percentile(ms, 95).toFixed(1),
		Math.max(...ms).toFixed(1),
	];
	printLine(
		`Related memories over ${engine.index.graph.order} notes, ${engine.index.graph.graph.size} links; ${(listed / samples).toFixed(1)} suggestions per note on average; load ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after (1-minute average, 2 cores)`,
	);
	printLine(
		formatTable(
			["part", "runs", "p50 ms", "p95 ms", "max ms"],
			[
				row(
					"compute, wall (uncached)",
					computes.map((run) => run.wall),
				),
				row(
					"compute, process CPU",
					computes.map((run) => run.cpu),
				),
				row(
					"longest event-loop turn, wall",
					computes.map((run) => run.longestWall),
				),
				row(
					"longest event-loop turn, CPU",
					computes.map((run) => run.longestCpu),
				),
				row("render (cached list), wall", renderWall),
				row("render (cached list), CPU", renderCpu),
			],
		),
	);
	printLine(
		`Event-loop turns per compute: p50 ${percentile(
			computes.map((run) => run.turns),
			50,
		)}, max ${Math.max(...computes.map((run) => run.turns))}.`,
	);
} finally {
	await engine.stop();
	rmSync(state, { recursive: true, force: true });
	await window.happyDOM.close();
}
