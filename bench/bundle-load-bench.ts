/*
 * What loading main.js costs before the plugin does anything: the text compiled from a string in
 * a function wrapper as Obsidian evaluates it (compile), the wrapper run (its top-level code), and
 * the heap it keeps afterwards (after a full GC, the plugin class held). Measured in headless
 * Chromium (Obsidian's renderer) and in Node, each run in a fresh page or process.
 * With --modules: which parts main.js is made of (bytes) and whose top-level code costs what when
 * it is evaluated (a traced build, fresh Node processes).
 * With --profile: a Chromium CPU profile of one evaluation, its self time by module and by function.
 *   npm run bench -- bundle-load [--main main.js,other.js] [--runs 5] [--no-chromium] [--modules] [--profile]
 */
import esbuild from "esbuild";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { runInThisContext } from "node:vm";
import { chromium, type CDPSession, type Page } from "playwright-core";
import type { BundleLoadPage, EvalTimes } from "./browser/load-entry";
import { loadPluginBundle, pageScript, wrapPluginSource, type PluginWrapper } from "./browser/load-plugin-bundle";
import { startPageServer } from "./browser/page-server";
import { findChromium } from "./browser/run-browser-embedding";
import { parseFlags } from "./flags";
import { reportToParent, runInFreshProcess } from "./fresh-process";
import { percentile } from "./percentile";
import { bundleSizeRows, buildTracedBundle, moduleCostRows, moduleMillis } from "./module-costs";
import { buildProfiledBundle, lineGroups, profileRows } from "./bundle-profile";
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

interface LoadSample extends EvalTimes {
	readMs: number;
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
	const global = runInThisContext("this") as object;
	const wrapper = runInThisContext(wrapPluginSource(source), { filename: "main.js" }) as PluginWrapper;
	const compiled = performance.now();
	// Node's global object, as the `global` Obsidian's renderer has.
	loadPluginBundle(wrapper, global, (plugin) => kept.push(plugin));
	const ran = performance.now();
	source = "";
	collectGarbage();
	const heapMB = (process.memoryUsage().heapUsed - heapBefore) / MB;
	return {
		readMs: read - started,
		compileMs: compiled - read,
		runMs: ran - compiled,
		heapMB: kept.length === 1 ? heapMB : Number.NaN,
	};
}

/** bench/run.mjs starts benches with --expose-gc. */
function collectGarbage(): void {
	const collect = runInThisContext("typeof gc === 'function' ? gc : undefined") as (() => void) | undefined;
	collect?.();
}

async function main(): Promise<void> {
	const files = (flags.text("main") ?? "main.js").split(",");
	const runs = flags.number("runs", 5);
	// The files take turns run by run, so a change of the machine's load falls on each alike.
	const node = files.map((): LoadSample[] => []);
	for (let run = 0; run < runs; run++)
		for (const [i, file] of files.entries()) node[i].push(await runInFreshProcess<LoadSample>(["--child", file]));
	const rows: (string | number)[][] = files.map((file, i) => row(file, "node", node[i]));
	const chromiumPath = findChromium();
	if (!flags.has("no-chromium")) {
		if (chromiumPath === null)
			throw new Error(
				"No Chromium at /usr/bin/chromium (apt-get install -y chromium, or set CHROMIUM_PATH); --no-chromium measures Node only",
			);
		const inPages = await inChromium(chromiumPath, files, runs);
		rows.push(...files.map((file, i) => row(file, "chromium", inPages[i])));
	}
	printLine(
		`main.js evaluated as Obsidian does, median of ${runs} fresh runs; heap kept after a full GC with the plugin class held`,
	);
	printLine(
		"compile ms: the wrapped text compiled from a string; run ms: its top-level code; eval ms: both (median and max)\n",
	);
	printLine(
		formatTable(
			["file", "MB", "where", "read ms", "compile ms", "run ms", "eval ms", "eval max", "heap kept MB"],
			rows,
		),
	);
	if (flags.has("modules")) await printModuleCosts(runs);
	if (flags.has("profile")) {
		if (chromiumPath === null) throw new Error("--profile needs Chromium");
		await printProfile(chromiumPath);
	}
}

/** One evaluation in Chromium under the CPU profiler: where its time goes, by module and by function. */
async function printProfile(executablePath: string): Promise<void> {
	const file = await buildProfiledBundle();
	const script = pageScript(readFileSync(file, "utf8"));
	const session = await openPages(executablePath);
	try {
		const { page, cdp } = await session.freshPage();
		await cdp.send("Profiler.enable");
		await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
		await page.evaluate((text) => (window as unknown as PageWindow).bundleLoadPage.hold(text), script);
		await cdp.send("Profiler.start");
		const times = await page.evaluate(() => (window as unknown as PageWindow).bundleLoadPage.evaluate());
		const { profile } = await cdp.send("Profiler.stop");
		const { byGroup, byFunction } = profileRows(profile, "main.js", lineGroups(script));
		printLine(
			`\nChromium CPU profile of one evaluation (release build, whitespace kept): compile ${times.compileMs.toFixed(1)} ms, run ${times.runMs.toFixed(1)} ms; self time\n`,
		);
		printLine(formatTable(["module", "self ms"], byGroup));
		printLine("");
		printLine(formatTable(["function @line", "module", "self ms"], byFunction));
	} finally {
		await session.close();
	}
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
	const evalMs = (s: LoadSample): number => s.compileMs + s.runMs;
	return [
		file,
		Number((statSync(file).size / MB).toFixed(2)),
		where,
		where === "node" ? Number(median((s) => s.readMs).toFixed(1)) : "-",
		Number(median((s) => s.compileMs).toFixed(1)),
		Number(median((s) => s.runMs).toFixed(1)),
		Number(median(evalMs).toFixed(1)),
		Number(percentile(samples.map(evalMs), 100).toFixed(1)),
		Number(median((s) => s.heapMB).toFixed(2)),
	];
}

/** The page's API (bench/browser/load-entry.ts); spelled out in each callback, which runs in the page. */
interface PageWindow {
	bundleLoadPage: BundleLoadPage;
}

interface Pages {
	freshPage(): Promise<{ page: Page; cdp: CDPSession; close(): Promise<void>; heapUsed(): Promise<number> }>;
	close(): Promise<void>;
}

/** A headless Chromium and the bench's page server; each page in a fresh browser context. */
async function openPages(executablePath: string): Promise<Pages> {
	const server = await startPageServer({
		entryScript: await bundlePageScript(),
		// Each page is handed main.js' text (BundleLoadPage.hold), not served it.
		mainJs: "",
		modelFolder: join(process.cwd(), ".tmp", "no-model"),
	});
	const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_FLAGS });
	return {
		async freshPage() {
			const context = await browser.newContext();
			const page = await context.newPage();
			await page.goto(`${server.origin}/`);
			await page.waitForFunction(() => "bundleLoadPage" in window);
			const cdp = await context.newCDPSession(page);
			const heapUsed = async (): Promise<number> => {
				await cdp.send("HeapProfiler.collectGarbage");
				return (await cdp.send("Runtime.getHeapUsage")).usedSize;
			};
			return { page, cdp, heapUsed, close: () => context.close() };
		},
		async close() {
			await browser.close();
			await server.close();
		},
	};
}

/**
 * Two fresh pages per run, the files taking turns. Time: main.js' page script compiled from a string and run (as
 * Obsidian's window.eval does). Heap: the same text evaluated over the DevTools protocol, read
 * after forced collections before and after; a page of its own, so the timed run's held text is
 * not counted.
 */
async function inChromium(executablePath: string, files: string[], runs: number): Promise<LoadSample[][]> {
	const scripts = files.map((file) => pageScript(readFileSync(file, "utf8")));
	const pages = await openPages(executablePath);
	try {
		const samples = files.map((): LoadSample[] => []);
		for (let run = 0; run < runs; run++)
			for (const [i, script] of scripts.entries()) samples[i].push(await inFreshPages(pages, script));
		return samples;
	} finally {
		await pages.close();
	}
}

/** One run: the timed evaluation in a fresh page, the heap it keeps in another. */
async function inFreshPages(pages: Pages, script: string): Promise<LoadSample> {
	const timed = await pages.freshPage();
	await timed.page.evaluate((text) => (window as unknown as PageWindow).bundleLoadPage.hold(text), script);
	const times = await timed.page.evaluate(() => (window as unknown as PageWindow).bundleLoadPage.evaluate());
	await timed.close();

	const weighed = await pages.freshPage();
	const before = await weighed.heapUsed();
	await weighed.page.evaluate(script);
	await weighed.page.evaluate(() => (window as unknown as PageWindow).bundleLoadPage.run());
	const heapMB = ((await weighed.heapUsed()) - before) / MB;
	await weighed.close();
	return { readMs: Number.NaN, ...times, heapMB };
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
