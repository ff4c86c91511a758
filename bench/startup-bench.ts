import { cpus, loadavg } from "node:os";
import { readdir, rm, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { clearInterval, setInterval, setTimeout, setImmediate } from "node:timers";
import { readMemorySettings } from "../src/core/model/settings";
import { MemoryEngine } from "../src/engine/memory-engine";
import { FsCacheStore } from "../src/node/fs/fs-cache-store";
import { FsStorage } from "../src/node/fs/fs-storage";
import { FsVault } from "../src/node/fs/fs-vault";
import { NODE_TIMERS } from "../src/node/node-timers";
import { createThreadMaintenanceWorker } from "../src/node/thread-worker-host";
import { printError, printLine } from "../src/node/cli/terminal";
import { benchVault, VAULT_CACHE } from "./bench-vaults";
import { parseFlags } from "./flags";
import { reportToParent, runInFreshProcess } from "./fresh-process";
import { collectGarbage, resetPeakRss, startRssSampler } from "./rss-sampler";
import { startLongTaskTrace, type LongTask } from "./long-task-trace";
import { threadCpuMs } from "./slice-meter";
import { startStallMonitor } from "./stall-monitor";
import { formatTable, type Cell } from "./table";

/** `npm run bench -- startup [--notes N] [--seed S] [--phases cold,warm,rebuild] [--trace]` */

const DEFAULT_SIZES = [10_000, 100_000];
const PHASES = ["cold", "warm", "rebuild"] as const;
type Phase = (typeof PHASES)[number];
const MB = 1024 * 1024;
/** How often a recall probe is issued while the engine starts, ms. */
const PROBE_MS = 250;
const PROBE_QUERY = "sync conflict decision";
/** With --trace, how many of each phase's longest tasks are listed. */
const TRACE_ROWS = 12;

interface Measured {
	wallMs: number;
	/** Main-thread CPU time the phase took (10 ms ticks): its cost whatever else the machine runs. */
	cpuMs: number | null;
	/** Latest a 5 ms timer fired (wall): includes the time the OS gave other processes. */
	longestWallMs: number;
	/** Most main-thread CPU time between two firings of the 5 ms timer (10 ms ticks): what the code itself blocks. */
	longestCpuMs: number | null;
}

interface PhaseResult extends Measured {
	phase: Phase | "stop";
	notes: number;
	/** Start only: first recall probe answered with results, and first answered complete (not partial), ms after start. */
	firstAnswerMs: number | null;
	readyMs: number | null;
	/** Start only: slowest recall probe during start, ms. */
	slowestProbeMs: number | null;
	heapMb: number;
	peakRssMb: number;
	cacheMb: number;
}

interface PhaseReport {
	results: PhaseResult[];
	/** With --trace: every main-thread task over 50 ms and what ran in it, and where RSS peaked. */
	trace?: Awaited<ReturnType<Awaited<ReturnType<typeof startLongTaskTrace>>["stop"]>>;
}

/** Longest main-thread task by CPU time: the thread's CPU time read at each firing of a 5 ms timer. */
function startCpuStallMonitor(tickMs = 5): { stop(): number | null } {
	let last = threadCpuMs();
	if (last === null) return { stop: () => null };
	let longest = 0;
	const read = (): void => {
		const now = threadCpuMs() ?? 0;
		longest = Math.max(longest, now - (last ?? now));
		last = now;
	};
	const timer = setInterval(read, tickMs);
	return {
		stop: () => {
			clearInterval(timer);
			read();
			return longest;
		},
	};
}

async function measure<T>(work: () => Promise<T>): Promise<{ value: T } & Measured> {
	const wall = startStallMonitor();
	const cpu = startCpuStallMonitor();
	const started = performance.now();
	const cpuStart = threadCpuMs();
	const value = await work();
	const wallMs = performance.now() - started;
	const cpuEnd = threadCpuMs();
	await new Promise((done) => setImmediate(done));
	const cpuMs = cpuStart === null || cpuEnd === null ? null : cpuEnd - cpuStart;
	return { value, wallMs, cpuMs, longestWallMs: wall.stop(), longestCpuMs: cpu.stop() };
}

/** Issues a read-only recall every PROBE_MS until stopped: when it first answers, when complete, the slowest. */
function startRecallProbe(engine: MemoryEngine, started: number) {
	let firstAnswerMs: number | null = null;
	let readyMs: number | null = null;
	let slowestMs = 0;
	let running = true;
	const loop = async (): Promise<void> => {
		while (running) {
			const issued = performance.now();
			try {
				const result = await engine.recall(PROBE_QUERY, { readOnly: true, mode: "keyword+graph" });
				const partial = (result as { partial?: boolean }).partial === true;
				if (result.results.length > 0) {
					firstAnswerMs ??= performance.now() - started;
					if (!partial) readyMs ??= performance.now() - started;
				}
			} catch {
				// Not started far enough to answer: counts as no answer.
			}
			slowestMs = Math.max(slowestMs, performance.now() - issued);
			if (readyMs !== null) return;
			await new Promise((done) => setTimeout(done, PROBE_MS));
		}
	};
	const done = loop();
	return {
		stop: async () => {
			running = false;
			await done;
			return { firstAnswerMs, readyMs, slowestProbeMs: slowestMs };
		},
	};
}

async function folderBytes(dir: string): Promise<number> {
	let total = 0;
	for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
		const path = join(dir, entry.name);
		total += entry.isDirectory() ? await folderBytes(path) : (await stat(path)).size;
	}
	return total;
}

function newEngine(vaultDir: string, stateDir: string): MemoryEngine {
	const { settings } = readMemorySettings({});
	return new MemoryEngine({
		vault: new FsVault(vaultDir),
		storage: new FsStorage(stateDir, { sync: false }),
		caches: new FsCacheStore(join(stateDir, "caches")),
		worker: createThreadMaintenanceWorker(),
		timers: NODE_TIMERS,
		clock: () => Date.now(),
		settings: () => settings,
		warn: () => {},
	});
}

/** Child mode: one phase in this fresh process. "cold" wipes the state folder and measures stop too. */
async function measurePhase(phase: Phase, vaultDir: string, stateDir: string, trace: boolean): Promise<PhaseReport> {
	if (phase === "cold") await rm(stateDir, { recursive: true, force: true });
	const tracer = trace ? await startLongTaskTrace() : null;
	tracer?.mark(phase);
	const forceGc = () => (tracer ? tracer.skip(collectGarbage) : collectGarbage());
	const report = async (results: PhaseResult[]): Promise<PhaseReport> => ({ results, trace: await tracer?.stop() });
	const engine = newEngine(vaultDir, stateDir);
	forceGc();
	let rss = startRssSampler();
	const results: PhaseResult[] = [];
	const finish = async (
		name: PhaseResult["phase"],
		measured: Measured,
		probe?: Awaited<ReturnType<ReturnType<typeof startRecallProbe>["stop"]>>,
	) => {
		forceGc();
		results.push({
			phase: name,
			notes: engine.index.graph.order,
			...measured,
			firstAnswerMs: probe?.firstAnswerMs ?? null,
			readyMs: probe?.readyMs ?? null,
			slowestProbeMs: probe?.slowestProbeMs ?? null,
			heapMb: process.memoryUsage().heapUsed / MB,
			peakRssMb: rss.stop() / MB,
			cacheMb: (await folderBytes(stateDir)) / MB,
		});
	};
	if (phase === "rebuild") {
		await engine.start({ follow: false });
		forceGc();
		// The rebuild's own peak, not the start's before it.
		rss.stop();
		if (!resetPeakRss())
			printError("note: the kernel's peak RSS could not be reset; the rebuild's includes the start's");
		rss = startRssSampler();
		const rebuilt = await measure(() => engine.rebuild());
		await finish("rebuild", rebuilt);
		tracer?.mark("rebuild's stop");
		await engine.stop();
		return report(results);
	}
	const started = performance.now();
	const probe = startRecallProbe(engine, started);
	const start = await measure(() => engine.start({ follow: false }));
	const probed = await probe.stop();
	await finish(phase, start, probed);
	tracer?.mark("stop");
	if (phase === "cold") {
		forceGc();
		const stopped = await measure(() => engine.stop());
		await finish("stop", stopped);
	} else {
		await engine.stop();
	}
	return report(results);
}

const round = (value: number | null): Cell => (value === null ? "—" : Math.round(value));

async function main(): Promise<void> {
	const flags = parseFlags();
	const seed = flags.number("seed", 1);
	const phaseFlag = flags.text("measure");
	if (phaseFlag !== undefined) {
		const vaultDir = flags.text("vault") ?? "";
		const stateDir = flags.text("state") ?? "";
		return reportToParent(await measurePhase(phaseFlag as Phase, vaultDir, stateDir, flags.has("trace")));
	}
	const sizes = flags.has("notes") ? [flags.number("notes", 0)] : DEFAULT_SIZES;
	const phases = (flags.text("phases")?.split(",") ?? [...PHASES]) as Phase[];
	for (const phase of phases)
		if (!PHASES.includes(phase)) throw new Error(`--phases: unknown phase "${phase}"; use ${PHASES.join(", ")}`);
	if (phases.includes("warm") && !phases.includes("cold"))
		printLine("note: warm without cold uses the caches the last cold run left");
	printLine(
		`startup bench: node ${process.version}, ${cpus()[0]?.model ?? "unknown CPU"} x${cpus().length}, seed ${seed}`,
	);
	printLine(
		"MemoryEngine.start over the synthetic vault with Node's fs adapters (as serve uses them, without following), each phase in a fresh process.\n" +
			"longest task: wall = latest a 5 ms timer fired (counts other processes' time on a loaded machine); cpu = most main-thread CPU between two firings (10 ms ticks).\n",
	);
	const rows: Cell[][] = [];
	const traced: Cell[][] = [];
	const peaks: Cell[][] = [];
	for (const notes of sizes) {
		const vault = await benchVault(notes, seed);
		if (vault.generatedSeconds > 0) printLine(`generated ${vault.dir} in ${vault.generatedSeconds.toFixed(1)} s`);
		const stateDir = resolve(VAULT_CACHE, `${notes}-${seed}-startup-state`);
		for (const phase of phases) {
			const load = loadavg()[0].toFixed(1);
			const { results, trace } = await runInFreshProcess<PhaseReport>([
				"--measure",
				phase,
				"--vault",
				vault.dir,
				"--state",
				stateDir,
				...(flags.has("trace") ? ["--trace"] : []),
			]);
			const vaultName = `${notes / 1000}k`;
			if (trace) {
				traced.push(...longestTasks(trace.tasks).map((task) => longTaskRow(vaultName, task)));
				const peak = trace.peakRss;
				peaks.push([vaultName, peak.label, Math.round(peak.mb), peak.collections, peak.within, peak.top]);
			}
			for (const result of results) {
				rows.push([
					`${notes / 1000}k`,
					result.phase,
					result.notes,
					round(result.wallMs),
					round(result.cpuMs),
					round(result.firstAnswerMs),
					round(result.readyMs),
					round(result.slowestProbeMs),
					round(result.longestWallMs),
					round(result.longestCpuMs),
					round(result.heapMb),
					round(result.peakRssMb),
					Number(result.cacheMb.toFixed(1)),
					load,
				]);
			}
		}
	}
	printLine(
		formatTable(
			[
				"vault",
				"phase",
				"notes",
				"wall ms",
				"cpu ms",
				"first answer ms",
				"ready ms",
				"slowest recall ms",
				"longest task wall ms",
				"longest task cpu ms",
				"heap MB",
				"peak RSS MB",
				"cache MB",
				"load",
			],
			rows,
		),
	);
	if (!flags.has("trace")) return;
	printLine(
		`\nMain-thread tasks over 50 ms (wall), the ${TRACE_ROWS} longest of each phase by CPU: what ran in them (V8's sampling profiler, 1 ms), collections from perf_hooks\n`,
	);
	printLine(
		formatTable(
			["vault", "phase", "at ms", "ms", "cpu ms", "gc ms", "collections", "within", "most samples (ms)"],
			traced,
		),
	);
	printLine("\nWhere RSS peaked (sampled every 20 ms; what ran in the 200 ms before)\n");
	printLine(formatTable(["vault", "phase", "peak RSS MB", "collections", "within", "most samples (ms)"], peaks));
}

/** The TRACE_ROWS longest tasks of each phase by CPU time (then wall), in the order they ran. */
function longestTasks(tasks: LongTask[]): LongTask[] {
	const kept = new Set<LongTask>();
	for (const label of new Set(tasks.map((task) => task.label)))
		tasks
			.filter((task) => task.label === label)
			.sort((a, b) => (b.cpuMs ?? 0) - (a.cpuMs ?? 0) || b.ms - a.ms)
			.slice(0, TRACE_ROWS)
			.forEach((task) => kept.add(task));
	return tasks.filter((task) => kept.has(task));
}

function longTaskRow(vault: string, task: LongTask): Cell[] {
	return [vault, task.label, task.atMs, task.ms, round(task.cpuMs), task.gcMs, task.collections, task.within, task.top];
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? (error.stack ?? error.message) : error);
	process.exitCode = 1;
});
