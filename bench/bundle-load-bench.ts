/*
 * What loading main.js costs before the plugin does anything: the text compiled in a function
 * wrapper as Obsidian evaluates it, and the wrapper run (compile + top-level code), and the heap it keeps afterwards (after a
 * full GC, the plugin class held). Measured in headless Chromium (Obsidian's renderer) and in
 * Node, each run in a fresh page or process.
 * With --modules: which parts main.js is made of (bytes) and whose top-level code costs what when
 * it is evaluated (a traced build, fresh Node processes).
 *   npm run bench -- bundle-load [--main main.js,other.js] [--runs 5] [--no-chromium] [--modules]
 */
import esbuild from "esbuild";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { runInThisContext } from "node:vm";
import { chromium, type Page } from "playwright-core";
import type { BundleLoadPage } from "./browser/load-entry";
import { loadPluginBundle, pageScript, wrapPluginSource, type PluginWrapper } from "./browser/load-plugin-bundle";
import { startPageServer } from "./browser/page-server";
import { findChromium } from "./browser/run-browser-embedding";
import { parseFlags } from "./flags";
import { reportToParent, runInFreshProcess } from "./fresh-process";
import { percentile } from "./percentile";
import { bundleSizeRows, buildTracedBundle, moduleCostRows, moduleMillis } from "./module-costs";
import { formatTable } from "./table";
import { printLine } from "../src/node/cli/terminal";

const MB = 1e6;
const CHROMIUM_FLAGS = [
	"--no-sandbox",
	"--disable-gpu",
	"--no-first-run",
	"--disable-background-networking",
	"--disable-component-update",
	"--disable-sync",
];

interface LoadSample {
	readMs: number;
	evalMs: number;
	heapMB: number;
}

const flags = parseFlags();
const child = flags.text("child");
const childModules = flags.text("child-modules");
if (child !== undefined) reportToParent(loadInThisProcess(child));
else if (childModules !== undefined) reportToParent(moduleMillis(childModules));
else await main();

/** One Node measurement: this fresh process reads and evaluates the file, then keeps the plugin class. */
function loadInThisProcess(file: string): LoadSample {
	const kept: unknown[] = [];
	collectGarbage();
	const heapBefore = process.memoryUsage().heapUsed;
	const started = performance.now();
	let source = readFileSync(file, "utf8");
	const read = performance.now();
	const wrapper = runInThisContext(wrapPluginSource(source), { filename: "main.js" }) as PluginWrapper;
	// Node's global object, as the `global` Obsidian's renderer has.
	loadPluginBundle(wrapper, runInThisContext("this") as object, (plugin) => kept.push(plugin));
	const evaluated = performance.now();
	source = "";
	collectGarbage();
	const heapMB = (process.memoryUsage().heapUsed - heapBefore) / MB;
	return { readMs: read - started, evalMs: evaluated - read, heapMB: kept.length === 1 ? heapMB : Number.NaN };
}

/** bench/run.mjs starts benches with --expose-gc. */
function collectGarbage(): void {
	const collect = runInThisContext("typeof gc === 'function' ? gc : undefined") as (() => void) | undefined;
	collect?.();
}

async function main(): Promise<void> {
	const files = (flags.text("main") ?? "main.js").split(",");
	const runs = flags.number("runs", 5);
	const rows: (string | number)[][] = [];
	for (const file of files) {
		const node: LoadSample[] = [];
		for (let run = 0; run < runs; run++) node.push(await runInFreshProcess<LoadSample>(["--child", file]));
		rows.push(row(file, "node", node));
	}
	const chromiumPath = findChromium();
	if (!flags.has("no-chromium")) {
		if (chromiumPath === null)
			throw new Error(
				"No Chromium at /usr/bin/chromium (apt-get install -y chromium, or set CHROMIUM_PATH); --no-chromium measures Node only",
			);
		for (const file of files) rows.push(row(file, "chromium", await inChromium(chromiumPath, file, runs)));
	}
	printLine(
		`main.js evaluated as Obsidian does, median of ${runs} fresh runs; heap kept after a full GC with the plugin class held`,
	);
	printLine(
		"eval ms: compiling the wrapped text and running its top-level code (Chromium: from the end of the script's download)\n",
	);
	printLine(formatTable(["file", "MB", "where", "read ms", "eval ms", "eval max", "heap kept MB"], rows));
	if (flags.has("modules")) await printModuleCosts(runs);
}

async function printModuleCosts(runs: number): Promise<void> {
	printLine("\nmain.js (release build) by bytes, esbuild's metafile\n");
	printLine(formatTable(["part", "KB"], await bundleSizeRows()));
	const traced = buildTracedBundle();
	const samples: Record<string, number>[] = [];
	for (let run = 0; run < runs; run++)
		samples.push(await runInFreshProcess<Record<string, number>>(["--child-modules", traced]));
	printLine(`\ntop-level code run while main.js is evaluated, median of ${runs} fresh Node runs (traced build)\n`);
	printLine(formatTable(["modules", "ms"], moduleCostRows(samples)));
}

function row(file: string, where: string, samples: LoadSample[]): (string | number)[] {
	const median = (pick: (sample: LoadSample) => number): number => percentile(samples.map(pick), 50);
	return [
		file,
		Number((statSync(file).size / MB).toFixed(2)),
		where,
		where === "node" ? Number(median((s) => s.readMs).toFixed(1)) : "-",
		Number(median((s) => s.evalMs).toFixed(1)),
		Number(
			percentile(
				samples.map((s) => s.evalMs),
				100,
			).toFixed(1),
		),
		Number(median((s) => s.heapMB).toFixed(2)),
	];
}

/**
 * Two fresh pages per run. Time: main.js added as a script, as the browser compiles a file.
 * Heap: main.js' text evaluated from a string (over the DevTools protocol), as Obsidian's
 * window.eval does: a script from the network keeps its source outside the JS heap, a string
 * does not. The heap is read over the protocol after forced collections.
 */
async function inChromium(executablePath: string, file: string, runs: number): Promise<LoadSample[]> {
	const entryScript = await bundlePageScript();
	const script = pageScript(readFileSync(file, "utf8"));
	const server = await startPageServer({
		entryScript,
		mainJs: script,
		modelFolder: join(process.cwd(), ".tmp", "no-model"),
	});
	const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_FLAGS });
	const freshPage = async (): Promise<{ page: Page; close(): Promise<void>; heapUsed(): Promise<number> }> => {
		const context = await browser.newContext();
		const page = await context.newPage();
		await page.goto(`${server.origin}/`);
		await page.waitForFunction(() => "bundleLoadPage" in window);
		const cdp = await context.newCDPSession(page);
		const heapUsed = async (): Promise<number> => {
			await cdp.send("HeapProfiler.collectGarbage");
			return (await cdp.send("Runtime.getHeapUsage")).usedSize;
		};
		return { page, heapUsed, close: () => context.close() };
	};
	try {
		const samples: LoadSample[] = [];
		for (let run = 0; run < runs; run++) {
			const timed = await freshPage();
			const url = `${server.origin}/main.js`;
			await timed.page.addScriptTag({ url });
			const evalMs = await timed.page.evaluate(
				(address) => (window as unknown as { bundleLoadPage: BundleLoadPage }).bundleLoadPage.evaluate(address),
				url,
			);
			await timed.close();

			const weighed = await freshPage();
			const before = await weighed.heapUsed();
			await weighed.page.evaluate(script);
			await weighed.page.evaluate(() => (window as unknown as { bundleLoadPage: BundleLoadPage }).bundleLoadPage.run());
			samples.push({ readMs: Number.NaN, evalMs, heapMB: ((await weighed.heapUsed()) - before) / MB });
			await weighed.close();
		}
		return samples;
	} finally {
		await browser.close();
		await server.close();
	}
}

async function bundlePageScript(): Promise<string> {
	const result = await esbuild.build({
		entryPoints: [join(process.cwd(), "bench", "browser", "load-entry.ts")],
		bundle: true,
		write: false,
		format: "iife",
		platform: "browser",
		target: "es2022",
		logLevel: "silent",
	});
	return result.outputFiles[0].text;
}
