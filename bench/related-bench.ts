/**
 * The "Related memories" list at scale: compute (the engine's suggestions for a note not yet
 * cached: cues, keyword search, neighbours of neighbours, ranking) and render (the view's section
 * drawn from the cached list, in happy-dom with the fake obsidian module), for random notes of a
 * synthetic vault. The render is what the view's 300 ms re-render pays; compute runs beside it
 * in steps that yield to the event loop (the longest step is printed as well).
 *
 *   npm run bench -- related [--notes 10000] [--samples 50] [--seed 1]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setImmediate } from "node:timers";
import { Window } from "happy-dom";
import { readMemorySettings } from "../src/core/model/settings";
import { MemoryEngine } from "../src/engine/memory-engine";
import type { MemoryActions } from "../src/obsidian/memory-actions";
import { FsStorage } from "../src/node/fs-storage";
import { FsVault } from "../src/node/fs-vault";
import { NODE_TIMERS } from "../src/node/node-timers";
import { printLine } from "../src/node/terminal";
import { createThreadMaintenanceWorker } from "../src/node/thread-worker-host";
import { globalObject } from "../tests/fakes/global-object";
import { benchVault } from "./bench-vaults";
import { parseFlags } from "./flags";
import { percentile } from "./percentile";
import { createRng } from "./prng";
import { formatTable } from "./table";

const flags = parseFlags();
const notes = flags.number("notes", 10_000);
const samples = flags.number("samples", 50);
const seed = flags.number("seed", 1);

// A DOM for the section, then the fake obsidian module (bench/run.mjs maps "obsidian" to it), which installs Obsidian's DOM helpers.
const window = new Window();
for (const name of ["window", "document", "Node", "HTMLElement", "Event"])
	globalObject[name] = name === "window" ? window : (window as unknown as Record<string, unknown>)[name];
const { renderRelatedSection } = await import("../src/obsidian/view/related-section");

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

/** The longest time the event loop was held while `work` ran: what a compute step costs the UI. */
async function longestStep(work: () => Promise<unknown>): Promise<{ total: number; longest: number }> {
	let longest = 0;
	let last = performance.now();
	let running = true;
	const tick = (): void => {
		const now = performance.now();
		longest = Math.max(longest, now - last);
		last = now;
		if (running) setImmediate(tick);
	};
	setImmediate(tick);
	const started = performance.now();
	await work();
	const total = performance.now() - started;
	running = false;
	longest = Math.max(longest, performance.now() - last);
	return { total, longest };
}

try {
	await engine.start({ follow: false });
	const actions = { engine: () => engine, openNote: () => Promise.resolve() } as unknown as MemoryActions;
	const paths = engine.index.graph.notePaths();
	const rng = createRng(seed);
	const computeMs: number[] = [];
	const stepMs: number[] = [];
	const renderMs: number[] = [];
	let listed = 0;
	for (let i = 0; i < samples; i++) {
		const path = paths[Math.floor(rng.next() * paths.length)];
		const { total, longest } = await longestStep(() => engine.relatedMemories(path));
		computeMs.push(total);
		stepMs.push(longest);
		const el = createDiv();
		window.document.body.appendChild(el as never);
		const started = performance.now();
		renderRelatedSection(el, path, actions);
		renderMs.push(performance.now() - started);
		listed += el.querySelectorAll("li").length;
		el.remove();
	}
	const row = (what: string, ms: number[]) => [
		what,
		samples,
		percentile(ms, 50).toFixed(1),
		percentile(ms, 95).toFixed(1),
		Math.max(...ms).toFixed(1),
	];
	printLine(
		`Related memories over ${engine.index.graph.order} notes, ${engine.index.graph.graph.size} links; ${(listed / samples).toFixed(1)} suggestions per note on average`,
	);
	printLine(
		formatTable(
			["part", "notes", "p50 ms", "p95 ms", "max ms"],
			[
				row("compute (uncached)", computeMs),
				row("longest compute step", stepMs),
				row("render (cached list)", renderMs),
			],
		),
	);
} finally {
	await engine.stop();
	rmSync(state, { recursive: true, force: true });
	await window.happyDOM.close();
}
