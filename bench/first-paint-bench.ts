/*
 * How soon the memory view shows something after the plugin is enabled in an open vault (issue 31
 * asks for ≤ 200 ms at 10k notes): the built main.js evaluated with the fake `obsidian` module
 * (happy-dom for the view) over a copy of the synthetic vault, the layout already ready as when a
 * user turns the plugin on. The view is opened a task after `onload`, behind the index build the
 * layout-ready callback starts, as a click on the ribbon would be; its first render is timed
 * from the start of main.js' evaluation. Then, as the issue also asks that the MCP server still
 * listens within 2 s of layout ready, when the plugin's server answers on its port (layout is ready
 * before the plugin loads, so this counts from the start of main.js' evaluation too). Each run in a
 * fresh process over a fresh copy.
 *   npm run bench -- first-paint [--main main.js] [--notes 10000] [--runs 5]
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { setTimeout } from "node:timers";
import { dirname, join } from "node:path";
import { Window } from "happy-dom";
import { globalObject } from "../tests/fakes/global-object";
import { benchVault } from "./bench-vaults";
import { parseFlags } from "./flags";
import { reportToParent, runInFreshProcess } from "./fresh-process";
import { percentile } from "./percentile";
import { formatTable } from "./table";
import { printLine } from "../src/node/cli/terminal";
import { freePort } from "../tests/obsidian/ports";

interface PaintSample {
	evalMs: number;
	onloadDoneMs: number;
	firstPaintMs: number;
	text: string;
	mcpListeningMs: number;
}

const flags = parseFlags();
const child = flags.text("child");
if (child !== undefined) reportToParent(await firstPaintInThisProcess(child, flags.text("vault") ?? ""));
else await main();

async function firstPaintInThisProcess(file: string, vault: string): Promise<PaintSample> {
	// A DOM for the view, then the fake obsidian module (bench/run.mjs maps "obsidian" to it), which installs Obsidian's DOM helpers.
	const window = new Window();
	for (const name of ["window", "document", "Node", "HTMLElement", "Event"])
		globalObject[name] = name === "window" ? window : (window as unknown as Record<string, unknown>)[name];
	const { App } = await import("../tests/fakes/obsidian");
	const { DATA_JSON, loadBundle, manifest } = await import("../tests/plugin/load-bundle");
	const port = await freePort();
	const dir = mkdtempSync(join(tmpdir(), "first-paint-"));
	try {
		cpSync(vault, dir, { recursive: true });
		mkdirSync(dirname(join(dir, DATA_JSON)), { recursive: true });
		// A free port, not the default one, beside other engineers' runs.
		writeFileSync(join(dir, DATA_JSON), JSON.stringify({ mcp: { port }, welcomed: true }));
		const app = new App(dir);
		app.vault.fireLoadEvents();
		app.workspace.triggerLayoutReady();
		const started = performance.now();
		const PluginClass = loadBundle(file);
		const evalMs = performance.now() - started;
		const plugin = new PluginClass(app, manifest());
		plugin.load();
		await plugin.whenLoaded();
		const onloadDoneMs = performance.now() - started;
		const leaf = app.workspace.getRightLeaf(false);
		if (leaf === null) throw new Error("the fake workspace gave no leaf");
		const firstPaintMs = await new Promise<number>((resolve, reject) => {
			setTimeout(() => {
				leaf
					.setViewState({ type: "causal-memory-view", active: true })
					.then(() => resolve(performance.now() - started), reject);
			}, 0);
		});
		const text = leaf.view?.containerEl.querySelector(".cmv-note")?.textContent ?? "";
		while (["off", "starting"].includes(plugin.mcp?.state.kind ?? "off")) await new Promise((r) => setTimeout(r, 2));
		if (plugin.mcp?.state.kind !== "running")
			throw new Error(`the MCP server did not start: ${plugin.mcp?.state.kind}`);
		const mcpListeningMs = performance.now() - started;
		plugin.unload();
		await plugin.stopped;
		return { evalMs, onloadDoneMs, firstPaintMs, text, mcpListeningMs };
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

async function main(): Promise<void> {
	const file = flags.text("main") ?? "main.js";
	const notes = flags.number("notes", 10_000);
	const runs = flags.number("runs", 5);
	const vault = await benchVault(notes, flags.number("seed", 1));
	const samples: PaintSample[] = [];
	for (let run = 0; run < runs; run++)
		samples.push(await runInFreshProcess<PaintSample>(["--child", file, "--vault", vault.dir]));
	const median = (pick: (sample: PaintSample) => number): string => percentile(samples.map(pick), 50).toFixed(1);
	const worst = (pick: (sample: PaintSample) => number): string => Math.max(...samples.map(pick)).toFixed(1);
	printLine(`From the start of main.js' evaluation, ${notes} notes, median of ${runs} fresh processes\n`);
	printLine(
		formatTable(
			[
				"file",
				"notes",
				"eval ms",
				"onload done ms",
				"first paint ms",
				"first paint max ms",
				"MCP listening ms",
				"MCP listening max ms",
				"the view showed",
			],
			[
				[
					file,
					notes,
					median((s) => s.evalMs),
					median((s) => s.onloadDoneMs),
					median((s) => s.firstPaintMs),
					worst((s) => s.firstPaintMs),
					median((s) => s.mcpListeningMs),
					worst((s) => s.mcpListeningMs),
					samples[0]?.text ?? "",
				],
			],
		),
	);
}
