/**
 * Store throughput: one client stores N short memories one after another (chat turns of 10–40
 * words, a session every 20 turns, each turn related_to the one before), into an empty vault,
 * through `engine.store` and through the real HTTP server (SDK client in a worker thread, one
 * session). The engine is the headless one `serve` runs (files fsynced, the watcher following
 * the vault, the maintenance worker thread). Prints stores/s, p50/p95 ms overall and over the
 * last tenth of the run (the rate at that size), stores/s and the process's CPU time per store
 * in each tenth, and where each thread's time goes (the main thread: engine and server; the
 * client's): CPU profiles sampled during the run, each sample given to the innermost store stage
 * on its stack (bench/store-profile.ts), in ms per store for each tenth; and how much of a store's
 * wall time is spent inside `engine.writer.store` and how much outside it (through HTTP: the MCP
 * SDK, the HTTP server, the client and the socket); and the CPU time per store of the main
 * thread, the client's and the other threads (V8's compiler and GC helpers, libuv's pool, the
 * maintenance worker), which says less about the machine's load than wall time does. `--runs 2`
 * repeats each run in the same process: a warm process from the second on.
 *
 * `--via http-raw` stores through a plain node:http client instead of the SDK's, to show what the
 * SDK client costs (agents use an SDK client: the target is measured with it).
 *
 *   npm run bench -- store [--memories 3000,10000] [--via engine,http,http-raw] [--runs N] [--seed 1] [--no-profile] [--top N] [--save-profile DIR]
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { Session, type Profiler } from "node:inspector/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { cpuUsage, hrtime } from "node:process";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { readMemorySettings } from "../src/core/model/settings";
import type { MemoryEngine } from "../src/engine/memory-engine";
import { generateToken, startMcpHttpServer } from "../src/mcp/http/mcp-http-server";
import { memoryMcpServerFactory } from "../src/mcp/memory-mcp-server";
import { headlessEngine } from "../src/node/headless-engine";
import { printLine } from "../src/node/cli/terminal";
import { parseFlags } from "./flags";
import { percentile } from "./percentile";
import { createRng } from "./prng";
import { threadCpuMs } from "./slice-meter";
import { CLIENT_STAGES, functionProfile, SERVER_STAGES, stagesByPart, type Stage } from "./store-profile";
import { RawMcpClient } from "./raw-mcp-client";
import { formatTable } from "./table";
import { commonWords, pseudoWords, zipfSampler } from "./vocabulary";

const TURNS_PER_SESSION = 20;
/** Sampling interval of the CPU profile, µs. */
const SAMPLE_US = 200;

interface Turn {
	content: string;
	session: string;
	/** Whether the turn is related_to the one before (not for the first turn of a session). */
	followsPrevious: boolean;
}

/** Chat turns: a speaker, then 10–40 words (Zipf over common and invented words), sometimes a number. */
function chatTurns(count: number, seed: number): Turn[] {
	const rng = createRng(seed);
	const word = zipfSampler(rng, [...commonWords(), ...pseudoWords(rng, 4000)], 1.05);
	const speakers = ["Ana", "Ben", "Chloe", "Dev"];
	return Array.from({ length: count }, (_, i) => {
		const words = Array.from({ length: rng.range(10, 40) }, word);
		if (rng.chance(0.3)) words.splice(rng.int(words.length), 0, String(rng.range(2, 500)));
		const text = words.join(" ");
		return {
			content: `${rng.pick(speakers)}: ${text.charAt(0).toUpperCase()}${text.slice(1)}.`,
			session: `session-${Math.floor(i / TURNS_PER_SESSION) + 1}`,
			followsPrevious: i % TURNS_PER_SESSION !== 0,
		};
	});
}

/** One store; returns the new memory's id. */
type StoreCall = (turn: Turn, previous: string | null) => Promise<string>;

interface StoreTimes {
	/** ms of each store. */
	latencies: number[];
	/** When the run started and each store ended, µs of `process.hrtime` (the CPU profiler's clock). */
	marks: number[];
	/** CPU time of the whole process (every thread) at the same moments, ms. */
	cpuMarks: number[];
}

/** CPU time of the process so far (all threads, also from a worker), ms. */
function processCpuMs(): number {
	const { user, system } = cpuUsage();
	return (user + system) / 1000;
}

/** Now on the clock of `process.hrtime` and of V8's CPU profiles, µs; the same in every thread. */
function monotonicMicros(): number {
	return Number(hrtime.bigint() / 1000n);
}

async function storeAll(turns: readonly Turn[], store: StoreCall): Promise<StoreTimes> {
	const latencies: number[] = [];
	const marks = [monotonicMicros()];
	const cpuMarks = [processCpuMs()];
	let previous: string | null = null;
	for (const turn of turns) {
		const started = performance.now();
		previous = await store(turn, turn.followsPrevious ? previous : null);
		latencies.push(performance.now() - started);
		marks.push(monotonicMicros());
		cpuMarks.push(processCpuMs());
	}
	return { latencies, marks, cpuMarks };
}

function engineStore(engine: MemoryEngine): StoreCall {
	return async (turn, previous) => {
		const result = await engine.writer.store({
			content: turn.content,
			sourceSession: turn.session,
			...(previous === null ? {} : { relatedTo: [previous] }),
		});
		return result.nodeId;
	};
}

const VIA_LABELS = {
	engine: "engine.store",
	http: "HTTP (SDK client)",
	"http-raw": "HTTP (raw client)",
} as const;

type Via = keyof typeof VIA_LABELS;

interface HttpRun {
	url: string;
	token: string;
	turns: Turn[];
	/** Also profile the client's thread. */
	profiled: boolean;
	/** The plain node:http client instead of the SDK's (for comparison). */
	raw: boolean;
}

interface HttpTimes extends StoreTimes {
	/** The client thread's CPU profile, when asked for. */
	clientProfile: Profiler.Profile | null;
	/** CPU time of the client's thread over the stores, ms (Linux; null elsewhere). */
	clientCpuMs: number | null;
}

/** Worker mode: one client (the SDK's, or the raw one) stores every turn through memory_store. */
async function storeOverHttp(run: HttpRun): Promise<HttpTimes> {
	const client = run.raw
		? new RawMcpClient(new URL(run.url), run.token)
		: new Client({ name: "store-bench", version: "1" });
	if (client instanceof RawMcpClient) await client.connect();
	else
		await client.connect(
			new StreamableHTTPClientTransport(new URL(run.url), {
				requestInit: { headers: { Authorization: `Bearer ${run.token}` } },
			}),
		);
	const profiler = run.profiled ? await startProfiler() : null;
	const cpuBefore = threadCpuMs();
	const times = await storeAll(run.turns, async (turn, previous) => {
		const args = {
			content: turn.content,
			source_session: turn.session,
			...(previous === null ? {} : { related_to: [previous] }),
		};
		const result =
			client instanceof RawMcpClient
				? await client.callTool("memory_store", args)
				: await client.callTool({ name: "memory_store", arguments: args });
		const out = result.structuredContent as { node_id?: string } | undefined;
		if (result.isError || typeof out?.node_id !== "string")
			throw new Error(`memory_store failed: ${JSON.stringify(result.content)}`);
		return out.node_id;
	});
	const cpuAfter = threadCpuMs();
	const clientProfile = profiler ? await stopProfiler(profiler) : null;
	await client.close();
	return {
		...times,
		clientProfile,
		clientCpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
	};
}

function httpInWorker(run: HttpRun): Promise<HttpTimes> {
	return new Promise((resolve, reject) => {
		// Every POST adds an abort listener to the transport's one AbortSignal, which goes only when
		// the request is garbage collected, and fetch caps the signal at 1,500: past that Node warns
		// on every store, and printing the warnings through this thread cost the server time.
		const worker = new Worker(new URL(import.meta.url), { workerData: run, stderr: true });
		worker.stderr.resume();
		worker.once("message", (times: HttpTimes) => resolve(times));
		worker.once("error", reject);
	});
}

async function startProfiler(): Promise<Session> {
	const session = new Session();
	session.connect();
	await session.post("Profiler.enable");
	await session.post("Profiler.setSamplingInterval", { interval: SAMPLE_US });
	await session.post("Profiler.start");
	return session;
}

async function stopProfiler(session: Session): Promise<Profiler.Profile> {
	try {
		return (await session.post("Profiler.stop")).profile;
	} finally {
		session.disconnect();
	}
}

interface RunResult extends StoreTimes {
	/** The main thread's profile (engine and server), and the HTTP client's. */
	profiles: { server: Profiler.Profile; client: Profiler.Profile | null } | null;
	load: number;
	/** CPU time of the whole process (server, engine, client worker, maintenance worker), ms. */
	cpuMs: number;
	/** Wall time spent inside `engine.writer.store`, ms, over the run. */
	writerMs: number;
	/** CPU time of the main thread (engine, HTTP server; the client too through engine.store) and of the HTTP client's thread, ms (Linux). */
	mainCpuMs: number | null;
	clientCpuMs: number | null;
}

/** Times every `engine.writer.store` call from here on; returns the total so far, ms. */
function timeWriterStores(engine: MemoryEngine): () => number {
	const writer = engine.writer;
	const store = writer.store.bind(writer);
	let total = 0;
	writer.store = async (input) => {
		const started = performance.now();
		try {
			return await store(input);
		} finally {
			total += performance.now() - started;
		}
	};
	return () => total;
}

async function runOnce(count: number, via: Via, seed: number, profiled: boolean, follow: boolean): Promise<RunResult> {
	const turns = chatTurns(count, seed);
	const dir = await mkdtemp(join(tmpdir(), "store-bench-"));
	const settings = readMemorySettings(null).settings;
	const engine = await headlessEngine(dir, { program: "store-bench", settings: () => settings });
	await engine.start({ follow });
	const inWriter = timeWriterStores(engine);
	const token = generateToken();
	const server =
		via !== "engine"
			? await startMcpHttpServer({
					createServer: memoryMcpServerFactory(engine, { version: "bench" }),
					port: 0,
					token,
				})
			: null;
	let profiler = profiled ? await startProfiler() : null;
	try {
		const cpuBefore = cpuUsage();
		const mainBefore = threadCpuMs();
		const times = server
			? await httpInWorker({ url: server.url, token, turns, profiled, raw: via === "http-raw" })
			: { ...(await storeAll(turns, engineStore(engine))), clientProfile: null, clientCpuMs: null };
		const mainAfter = threadCpuMs();
		const cpu = cpuUsage(cpuBefore);
		const load = loadavg()[0];
		const serverProfile = profiler ? await stopProfiler(profiler) : null;
		profiler = null;
		return {
			latencies: times.latencies,
			marks: times.marks,
			cpuMarks: times.cpuMarks,
			profiles: serverProfile ? { server: serverProfile, client: times.clientProfile } : null,
			load,
			cpuMs: (cpu.user + cpu.system) / 1000,
			writerMs: inWriter(),
			mainCpuMs: mainBefore === null || mainAfter === null ? null : mainAfter - mainBefore,
			clientCpuMs: times.clientCpuMs,
		};
	} finally {
		if (profiler) await stopProfiler(profiler);
		await server?.close();
		await engine.stop();
		await rm(dir, { recursive: true, force: true });
	}
}

async function main(): Promise<void> {
	const flags = parseFlags();
	const sizes = (flags.text("memories") ?? "3000,10000").split(",").map(Number);
	const vias = (flags.text("via") ?? "engine,http").split(",") as Via[];
	const unknown = vias.filter((via) => !(via in VIA_LABELS));
	if (unknown.length > 0)
		throw new Error(`--via: unknown ${unknown.join(", ")}; use ${Object.keys(VIA_LABELS).join(", ")}`);
	const seed = flags.number("seed", 1);
	const runs = flags.number("runs", 1);
	const profiled = !flags.has("no-profile");
	const top = flags.number("top", 0);
	const follow = !flags.has("no-follow");
	const saveTo = flags.text("save-profile");
	printLine(`memory_store, one client, sequential, into an empty vault; ${cpus().length} cores`);
	const rows: (string | number)[][] = [];
	const tenthRows: (string | number)[][] = [];
	const splitRows: (string | number)[][] = [];
	const threadRows: (string | number)[][] = [];
	const reports: string[] = [];
	for (const count of sizes) {
		for (const via of vias) {
			for (let run = 1; run <= runs; run++) {
				const name = `${count} via ${via}${runs > 1 ? `, run ${run}` : ""}`;
				const loadBefore = loadavg()[0];
				const result = await runOnce(count, via, seed, profiled, follow);
				const { latencies } = result;
				const seconds = latencies.reduce((sum, ms) => sum + ms, 0) / 1000;
				const tail = latencies.slice(Math.floor(latencies.length * 0.9));
				const tailSeconds = tail.reduce((sum, ms) => sum + ms, 0) / 1000;
				const label = VIA_LABELS[via];
				rows.push([
					count,
					runs > 1 ? `${label}, run ${run}` : label,
					Math.round(count / seconds),
					percentile(latencies, 50).toFixed(1),
					percentile(latencies, 95).toFixed(1),
					Math.round(tail.length / tailSeconds),
					percentile(tail, 50).toFixed(1),
					percentile(tail, 95).toFixed(1),
					(result.cpuMs / count).toFixed(2),
					`${loadBefore.toFixed(1)} → ${result.load.toFixed(1)}`,
				]);
				const meanMs = (1000 * seconds) / count;
				const writerMs = result.writerMs / count;
				splitRows.push([
					count,
					rows[rows.length - 1][1],
					meanMs.toFixed(2),
					writerMs.toFixed(2),
					(meanMs - writerMs).toFixed(2),
				]);
				const perStore = (ms: number | null) => (ms === null ? "—" : (ms / count).toFixed(2));
				const others = result.mainCpuMs === null ? null : result.cpuMs - result.mainCpuMs - (result.clientCpuMs ?? 0);
				threadRows.push([
					count,
					rows[rows.length - 1][1],
					(result.cpuMs / count).toFixed(2),
					perStore(result.mainCpuMs),
					via === "engine" ? "(main)" : perStore(result.clientCpuMs),
					perStore(others),
				]);
				const runName = runs > 1 ? `${via} ${run}` : via;
				tenthRows.push([count, runName, "stores/s", ...tenths(latencies).map((rate) => Math.round(rate))]);
				tenthRows.push([count, runName, "cpu ms / store", ...cpuTenths(result.cpuMarks).map((ms) => ms.toFixed(2))]);
				if (result.profiles) {
					reports.push(profileReport(name, result, top));
					if (saveTo !== undefined) {
						const file = `store-${count}-${via}${runs > 1 ? `-${run}` : ""}`;
						await writeFile(join(saveTo, `${file}.cpuprofile`), JSON.stringify(result.profiles.server));
						if (result.profiles.client)
							await writeFile(join(saveTo, `${file}-client.cpuprofile`), JSON.stringify(result.profiles.client));
					}
				}
				printLine(formatTable(HEADERS, rows.slice(-1)));
			}
		}
	}
	printLine("");
	printLine(formatTable(HEADERS, rows));
	printLine(
		"\nBy tenth of the run (1 = the first tenth, into the emptiest vault): stores/s, and CPU time of the whole process (every thread) per store",
	);
	printLine(formatTable(["memories", "via", "", ...TENTHS], tenthRows));
	printLine(
		"\nWhere a store's wall time goes (ms per store): in engine.writer.store, and outside it (through HTTP: the MCP SDK and HTTP server, the client, the socket)",
	);
	printLine(formatTable(["memories", "via", "store", "in writer.store", "outside"], splitRows));
	printLine(
		"\nCPU ms per store by thread (Linux, 10 ms ticks): the main thread (engine, HTTP server), the client's, and the others (V8's compiler and GC helpers, libuv's pool running the file system calls and fsyncs, the maintenance worker)",
	);
	printLine(formatTable(["memories", "via", "process", "main", "client", "other threads"], threadRows));
	for (const report of reports) printLine(report);
}

const TENTHS = Array.from({ length: 10 }, (_, i) => String(i + 1));

/** Where each thread's time goes, ms per store, in each tenth of the run and over all of it. */
function profileReport(run: string, result: RunResult, top: number): string {
	const count = result.latencies.length;
	const cut = (i: number) => Math.floor((count * i) / 10);
	const bounds = Array.from({ length: 11 }, (_, i) => result.marks[cut(i)]);
	const stores = Array.from({ length: 10 }, (_, i) => cut(i + 1) - cut(i));
	const lines: string[] = [];
	const threads: [string, Profiler.Profile | null, Stage[]][] = [
		["main thread (engine, HTTP server)", result.profiles?.server ?? null, SERVER_STAGES],
		["client thread (MCP SDK client)", result.profiles?.client ?? null, CLIENT_STAGES],
	];
	for (const [thread, profile, stages] of threads) {
		if (!profile) continue;
		const byTenth = stagesByPart(profile, stages, bounds, stores);
		const all = stagesByPart(profile, stages, [bounds[0], bounds[10]], [count]);
		const overall = new Map(all.map(([stage, ms]) => [stage, ms[0]]));
		const total = [...overall.values()].reduce((sum, ms) => sum + ms, 0);
		const rows = byTenth.map(([stage, ms]) => [
			stage,
			...ms.map((value) => value.toFixed(2)),
			(overall.get(stage) ?? 0).toFixed(2),
			`${((100 * (overall.get(stage) ?? 0)) / total).toFixed(1)} %`,
		]);
		const sums = TENTHS.map((_, i) => byTenth.reduce((sum, [, ms]) => sum + ms[i], 0).toFixed(2));
		rows.push(["all (wall time of the thread)", ...sums, total.toFixed(2), "100 %"]);
		lines.push(`\nWhere the ${thread}'s time goes, ${run} (CPU profile, ms per store, by tenth of the run)`);
		lines.push(formatTable(["stage", ...TENTHS, "all", "share"], rows));
		if (top > 0) {
			lines.push(`\nMost costly functions of the ${thread}, ${run} (self time, ms per store)`);
			lines.push(
				formatTable(
					["function", "ms / store"],
					functionProfile(profile, count, top).map(([name, ms]) => [name, ms.toFixed(2)]),
				),
			);
		}
	}
	return lines.join("\n");
}

const HEADERS = [
	"memories",
	"via",
	"stores/s",
	"p50 ms",
	"p95 ms",
	"last 10 %: stores/s",
	"p50 ms",
	"p95 ms",
	"cpu ms / store",
	"load (1 min) start → end",
];

/** Process CPU ms per store in each tenth of the run, from the CPU time at the start and after each store. */
function cpuTenths(cpuMarks: readonly number[]): number[] {
	const count = cpuMarks.length - 1;
	const cut = (i: number) => Math.floor((count * i) / 10);
	return Array.from({ length: 10 }, (_, i) => (cpuMarks[cut(i + 1)] - cpuMarks[cut(i)]) / (cut(i + 1) - cut(i)));
}

/** Stores per second in each tenth of the run, in order. */
function tenths(latencies: readonly number[]): number[] {
	return Array.from({ length: 10 }, (_, i) => {
		const part = latencies.slice(
			Math.floor((latencies.length * i) / 10),
			Math.floor((latencies.length * (i + 1)) / 10),
		);
		return (1000 * part.length) / part.reduce((sum, ms) => sum + ms, 0);
	});
}

if (isMainThread) await main();
else parentPort?.postMessage(await storeOverHttp(workerData as HttpRun));
