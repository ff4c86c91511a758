import { cpus, loadavg } from "node:os";
import { DEFAULT_SCORING_SETTINGS } from "../src/core/model/scoring-settings";
import { buildMaintenanceColumns, maintenanceRequest } from "../src/engine/maintenance/maintenance-columns";
import { applyPassResult, type PassOutcome } from "../src/engine/maintenance/pass-outcome";
import { NODE_TIMERS } from "../src/node/node-timers";
import { createThreadMaintenanceWorker } from "../src/node/thread-worker-host";
import { runPass } from "../src/core/maintenance/maintenance-pass";
import type { MaintenanceWorker } from "../src/core/maintenance/maintenance-worker-port";
import { parseFlags } from "./flags";
import { reportToParent, runInFreshProcess } from "./fresh-process";
import { percentile } from "./percentile";
import { collectGarbage } from "./rss-sampler";
import { cpuPerRunMs, startSliceMeter, threadCpuMs } from "./slice-meter";
import { startStallMonitor } from "./stall-monitor";
import { syntheticMemory } from "./synthetic-graph";
import { formatTable, type Cell } from "./table";
import { printLine } from "../src/node/cli/terminal";

/** `npm run bench -- maintenance [--notes N] [--passes P] [--seed S]` */

const DEFAULT_SIZES = [10_000, 100_000];
const PASS_INTERVAL_MS = 10 * 60 * 1000;
const NOW = Date.UTC(2025, 6, 1);

interface PassTiming {
	columnsMs: number;
	/** Longest stretch of the column build between two yields: main-thread CPU time (10 ms ticks), and wall time. */
	sliceCpuMs: number;
	sliceWallMs: number;
	/** Main-thread CPU time to decode the reply's non-transferred part (the reasons): the message event's own stall. */
	decodeMs: number;
	/** postMessage to reply on the main thread: transfer, the pass, the reply's deserialisation. */
	roundTripMs: number;
	workerMs: number;
	/** The same pass run on the bench's thread afterwards, by CPU time: the worker's cost without the machine's load. */
	passCpuMs: number;
	applyMs: number;
	totalMs: number;
	/** Longest main-thread stall by the work itself: the longest slice (CPU), the reply's decoding or the apply. */
	stallCpuMs: number;
	/** Latest a 5 ms main-thread timer fired during the pass (includes time the OS ran other processes). */
	stallWallMs: number;
	changes: number;
}

interface SizeResult {
	notes: number;
	edges: number;
	graphSeconds: number;
	passes: PassTiming[];
}

async function timedPass(
	worker: MaintenanceWorker,
	synthetic: ReturnType<typeof syntheticMemory>,
	now: number,
	previous: PassOutcome | null,
) {
	collectGarbage();
	const monitor = startStallMonitor();
	const started = performance.now();
	const sources = { activityOf: synthetic.activityOf, stateOf: synthetic.stateOf, previous: previous ?? undefined };
	const slices = startSliceMeter(NODE_TIMERS);
	const columns = await buildMaintenanceColumns(synthetic.memory, now, sources, { timers: slices.timers });
	const slice = slices.stop();
	const built = performance.now();
	const request = maintenanceRequest(columns, DEFAULT_SCORING_SETTINGS, now);
	// A copy to time the same pass on this thread by CPU time, afterwards; a few ms, not counted.
	const copy = structuredClone(request);
	const sent = performance.now();
	const response = await worker.run(request);
	const answered = performance.now();
	const outcome = applyPassResult(columns, response, now);
	const applied = performance.now();
	// One more tick, so a stall at the very end of the pass is seen.
	await new Promise((resolve) => setImmediate(resolve));
	const stallWallMs = monitor.stop();
	// What the message event decodes on this thread: everything but the transferred buffers.
	const decodeMs = cpuPerRunMs(() =>
		structuredClone({ reasons: [response.changes.reasons, response.proposals.reasons], stats: response.stats }),
	);
	const applyMs = cpuPerRunMs(() => applyPassResult(columns, response, now));
	const cpuBefore = threadCpuMs();
	runPass(copy);
	const cpuAfter = threadCpuMs();
	const timing: PassTiming = {
		columnsMs: built - started,
		sliceCpuMs: slice.cpuMs ?? Number.NaN,
		sliceWallMs: slice.wallMs,
		decodeMs,
		roundTripMs: answered - sent,
		workerMs: response.workerMs,
		passCpuMs: cpuBefore === null || cpuAfter === null ? Number.NaN : cpuAfter - cpuBefore,
		applyMs,
		totalMs: applied - started - (sent - built),
		stallCpuMs: Math.max(slice.cpuMs ?? slice.wallMs, decodeMs, applyMs),
		stallWallMs,
		changes: outcome.changes.length,
	};
	return { outcome, timing };
}

/** Child mode: build the graph for `notes`, then `passes` passes 10 minutes apart through the worker thread. */
async function measure(notes: number, passes: number, seed: number): Promise<SizeResult> {
	const graphStarted = performance.now();
	const synthetic = syntheticMemory(notes, seed, NOW);
	const graphSeconds = (performance.now() - graphStarted) / 1000;
	const worker = createThreadMaintenanceWorker();
	try {
		const timings: PassTiming[] = [];
		let previous: PassOutcome | null = null;
		for (let pass = 0; pass < passes; pass++) {
			const { outcome, timing } = await timedPass(worker, synthetic, NOW + pass * PASS_INTERVAL_MS, previous);
			timings.push(timing);
			previous = outcome;
		}
		return { notes: synthetic.memory.order, edges: synthetic.memory.graph.size, graphSeconds, passes: timings };
	} finally {
		worker.terminate();
	}
}

const round = (ms: number): number => Number(ms.toFixed(1));

function rows(result: SizeResult): Cell[][] {
	const [first, ...rest] = result.passes;
	const label = `${result.notes / 1000}k`;
	const row = (name: string, pick: (timing: PassTiming) => number, timings: PassTiming[], p: number): Cell[] => [
		label,
		name,
		...(
			[
				"columnsMs",
				"sliceCpuMs",
				"sliceWallMs",
				"roundTripMs",
				"workerMs",
				"passCpuMs",
				"decodeMs",
				"applyMs",
				"totalMs",
				"stallCpuMs",
				"stallWallMs",
			] as const
		).map((key) =>
			round(
				percentile(
					timings.map((t) => t[key]),
					p,
				),
			),
		),
		Math.round(percentile(timings.map(pick), p)),
	];
	const table = [row("first pass", (t) => t.changes, [first], 100)];
	if (rest.length > 0) {
		table.push(row(`next ${rest.length}: median`, (t) => t.changes, rest, 50));
		table.push(row(`next ${rest.length}: max`, (t) => t.changes, rest, 100));
	}
	return table;
}

async function main(): Promise<void> {
	const flags = parseFlags();
	const seed = flags.number("seed", 1);
	const passes = flags.number("passes", 6);
	const child = flags.number("measure", 0);
	if (child > 0) return reportToParent(await measure(child, passes, seed));

	const sizes = flags.has("notes") ? [flags.number("notes", 0)] : DEFAULT_SIZES;
	printLine(
		`maintenance bench: node ${process.version}, ${cpus()[0]?.model ?? "unknown CPU"} x${cpus().length}, seed ${seed}`,
	);
	printLine(
		"Each size runs in a fresh process; passes 10 minutes apart (simulated), each carrying the lifecycle state of the one before.",
	);
	printLine("Targets: worker ≤ 300 ms at 100k notes; no main-thread stall over 50 ms.\n");

	const results: SizeResult[] = [];
	for (const notes of sizes) {
		results.push(
			await runInFreshProcess<SizeResult>([
				"--measure",
				String(notes),
				"--passes",
				String(passes),
				"--seed",
				String(seed),
			]),
		);
	}
	printLine(
		formatTable(
			["vault", "notes", "edges", "graph build s"],
			results.map((r) => [`${r.notes / 1000}k`, r.notes, r.edges, round(r.graphSeconds)]),
		),
	);
	printLine("\nFull maintenance pass through the worker thread (ms)\n");
	printLine(
		formatTable(
			[
				"vault",
				"pass",
				"columns",
				"slice cpu",
				"slice wall",
				"round trip",
				"in worker",
				"pass cpu",
				"decode",
				"apply",
				"total",
				"stall",
				"stall wall",
				"changes",
			],
			results.flatMap(rows),
		),
	);
	printLine(
		[
			"",
			"columns: building the request on the main thread, yielding every 8 ms; slice cpu / wall: the longest stretch",
			"  between two yields, as main-thread CPU time (10 ms ticks) and as wall time;",
			"round trip: postMessage to reply, including the time in the worker; in worker: the pass as the worker timed it (wall);",
			"pass cpu: the same pass on the main thread afterwards, by CPU time (what the worker costs without the machine's load);",
			"decode: decoding the reply's non-transferred part (the reasons) on the main thread; apply: naming the changes (CPU);",
			"stall: the longest main-thread stretch of work (slice cpu, decode or apply); stall wall: the latest a 5 ms",
			"  main-thread timer fired during the pass, which also counts the time the OS ran other processes",
			`  (load average at the end: ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs).`,
		].join("\n"),
	);
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? (error.stack ?? error.message) : error);
	process.exitCode = 1;
});
