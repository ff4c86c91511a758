/**
 * Store throughput: one client stores N short memories one after another (chat turns of 10–40
 * words, a session every 20 turns, each turn related_to the one before), into an empty vault,
 * through `engine.store` and through the real HTTP server (SDK client in a worker thread, one
 * session). The engine is the headless one `serve` runs (files fsynced, the watcher following
 * the vault, the maintenance worker thread). Prints stores/s, p50/p95 ms overall and over the
 * last tenth of the run (the rate at that size), and where the main thread's time goes: a CPU
 * profile sampled during the run, each sample given to the innermost store stage on its stack.
 *
 *   npm run bench -- store [--memories 3000,10000] [--via engine,http] [--seed 1] [--no-profile] [--top N] [--save-profile DIR]
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { Session, type Profiler } from "node:inspector/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { cpuUsage } from "node:process";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { readMemorySettings } from "../src/core/model/settings";
import type { MemoryEngine } from "../src/engine/memory-engine";
import { generateToken, startMcpHttpServer } from "../src/mcp/http/mcp-http-server";
import { memoryMcpServerFactory } from "../src/mcp/memory-mcp-server";
import { headlessEngine } from "../src/node/headless-engine";
import { printLine } from "../src/node/terminal";
import { parseFlags } from "./flags";
import { percentile } from "./percentile";
import { createRng } from "./prng";
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

async function storeAll(turns: readonly Turn[], store: StoreCall): Promise<number[]> {
	const latencies: number[] = [];
	let previous: string | null = null;
	for (const turn of turns) {
		const started = performance.now();
		previous = await store(turn, turn.followsPrevious ? previous : null);
		latencies.push(performance.now() - started);
	}
	return latencies;
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

interface HttpRun {
	url: string;
	token: string;
	turns: Turn[];
}

/** Worker mode: one SDK client stores every turn through memory_store. */
async function storeOverHttp(run: HttpRun): Promise<number[]> {
	const client = new Client({ name: "store-bench", version: "1" });
	await client.connect(
		new StreamableHTTPClientTransport(new URL(run.url), {
			requestInit: { headers: { Authorization: `Bearer ${run.token}` } },
		}),
	);
	const latencies = await storeAll(run.turns, async (turn, previous) => {
		const result = await client.callTool({
			name: "memory_store",
			arguments: {
				content: turn.content,
				source_session: turn.session,
				...(previous === null ? {} : { related_to: [previous] }),
			},
		});
		const out = result.structuredContent as { node_id?: string } | undefined;
		if (result.isError || typeof out?.node_id !== "string")
			throw new Error(`memory_store failed: ${JSON.stringify(result.content)}`);
		return out.node_id;
	});
	await client.close();
	return latencies;
}

function httpInWorker(run: HttpRun): Promise<number[]> {
	return new Promise((resolve, reject) => {
		// Every POST adds an abort listener to the transport's one AbortSignal, which goes only when
		// the request is garbage collected, and fetch caps the signal at 1,500: past that Node warns
		// on every store, and printing the warnings through this thread cost the server time.
		const worker = new Worker(new URL(import.meta.url), { workerData: run, stderr: true });
		worker.stderr.resume();
		worker.once("message", (latencies: number[]) => resolve(latencies));
		worker.once("error", reject);
	});
}

/**
 * Store stages and the functions that belong to them; a sample counts for the stage of the
 * innermost listed function on its stack (so a tokenizer called while indexing counts as
 * indexing, and the same tokenizer called by the similarity search counts there).
 */
const STAGES: [stage: string, functions: string[]][] = [
	["title", ["titleFromContent", "fileNameFor"]],
	["duplicate check", ["findDuplicate", "exactDuplicateCandidates"]],
	["conflict scan", ["possibleConflicts", "conflictProfile"]],
	["auto-link choice", ["chooseAutoLinks", "autoLinkView", "autoLinksInto"]],
	[
		"similarity (search, read, compare)",
		["findSimilarMemories", "vectorSimilar", "keywordQuery", "termSimilarity", "contentTermReader", "bodyText"],
	],
	["note text", ["noteText", "composeNote", "wikilinkTo"]],
	["input checks", ["checkLinks", "checkContent", "checkTags", "checkLabel"]],
	["file write (name, create, fsync)", ["createFile", "createNote", "nameInUse"]],
	[
		"indexing (read, parse, graph, keywords)",
		["applyNow", "applyCreated", "loadInput", "noteLoaded", "setNote", "parseNote", "load", "keywordDocument"],
	],
	["activity log", ["appendBatch", "onIndexChange", "record"]],
	["file watcher", ["watchVault", "schedule", "checkNow", "fileSeen", "readFolder", "rescan", "reconcileNow"]],
	[
		"MCP + HTTP",
		["handleRequest", "runTool", "registerTool", "safeParseAsync", "storeOut", "responseViaResponseObject"],
	],
];

const SPECIAL_NODES: Record<string, string> = {
	"(idle)": "idle (waiting for I/O or the client)",
	"(garbage collector)": "garbage collection",
	"(program)": "runtime (program)",
};

/** ms per store by stage, from a CPU profile of the store loop. */
function stageProfile(profile: Profiler.Profile, stores: number): [string, number][] {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const parent = new Map<number, number>();
	for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
	const stageOf = new Map<string, string>();
	for (const [stage, functions] of STAGES) for (const name of functions) stageOf.set(name, stage);
	const nodeStage = new Map<number, string>();
	const classify = (id: number): string => {
		let stage = nodeStage.get(id);
		if (stage !== undefined) return stage;
		const name = byId.get(id)?.callFrame.functionName ?? "";
		stage = SPECIAL_NODES[name] ?? stageOf.get(name);
		if (stage === undefined) {
			const up = parent.get(id);
			stage = up === undefined ? "other (runtime, HTTP, SDK)" : classify(up);
		}
		nodeStage.set(id, stage);
		return stage;
	};
	const totals = new Map<string, number>();
	const samples = profile.samples ?? [];
	const deltas = profile.timeDeltas ?? [];
	for (let i = 0; i < samples.length; i++) {
		const stage = classify(samples[i]);
		totals.set(stage, (totals.get(stage) ?? 0) + (deltas[i] ?? 0) / 1000);
	}
	return [...totals.entries()]
		.map(([stage, ms]) => [stage, ms / stores] as [string, number])
		.sort((a, b) => b[1] - a[1]);
}

/** ms per store by function (self time, with its file), the `top` most costly: what a stage is made of. */
function functionProfile(profile: Profiler.Profile, stores: number, top: number): [string, number][] {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const totals = new Map<string, number>();
	const samples = profile.samples ?? [];
	const deltas = profile.timeDeltas ?? [];
	for (let i = 0; i < samples.length; i++) {
		const frame = byId.get(samples[i])?.callFrame;
		const file = frame?.url.replace(/^.*\/(node_modules\/)?/, "") ?? "";
		const name = `${frame?.functionName || "(anonymous)"} ${file}:${(frame?.lineNumber ?? 0) + 1}`;
		totals.set(name, (totals.get(name) ?? 0) + (deltas[i] ?? 0) / 1000);
	}
	return [...totals.entries()]
		.map(([name, ms]) => [name, ms / stores] as [string, number])
		.sort((a, b) => b[1] - a[1])
		.slice(0, top);
}

interface RunResult {
	latencies: number[];
	profile: Profiler.Profile | null;
	load: number;
	/** CPU time of the whole process (server, engine, client worker, maintenance worker), ms. */
	cpuMs: number;
}

async function runOnce(
	count: number,
	via: "engine" | "http",
	seed: number,
	profiled: boolean,
	follow: boolean,
): Promise<RunResult> {
	const turns = chatTurns(count, seed);
	const dir = await mkdtemp(join(tmpdir(), "store-bench-"));
	const settings = readMemorySettings(null).settings;
	const engine = await headlessEngine(dir, { program: "store-bench", settings: () => settings });
	await engine.start({ follow });
	const token = generateToken();
	const server =
		via === "http"
			? await startMcpHttpServer({
					createServer: memoryMcpServerFactory(engine, { version: "bench" }),
					port: 0,
					token,
				})
			: null;
	const session = new Session();
	session.connect();
	try {
		if (profiled) {
			await session.post("Profiler.enable");
			await session.post("Profiler.setSamplingInterval", { interval: SAMPLE_US });
			await session.post("Profiler.start");
		}
		const cpuBefore = cpuUsage();
		const latencies = server
			? await httpInWorker({ url: server.url, token, turns })
			: await storeAll(turns, engineStore(engine));
		const cpu = cpuUsage(cpuBefore);
		const load = loadavg()[0];
		const profile = profiled ? (await session.post("Profiler.stop")).profile : null;
		return { latencies, profile, load, cpuMs: (cpu.user + cpu.system) / 1000 };
	} finally {
		session.disconnect();
		await server?.close();
		await engine.stop();
		await rm(dir, { recursive: true, force: true });
	}
}

async function main(): Promise<void> {
	const flags = parseFlags();
	const sizes = (flags.text("memories") ?? "3000,10000").split(",").map(Number);
	const vias = (flags.text("via") ?? "engine,http").split(",") as ("engine" | "http")[];
	const seed = flags.number("seed", 1);
	const profiled = !flags.has("no-profile");
	const top = flags.number("top", 0);
	const follow = !flags.has("no-follow");
	const saveTo = flags.text("save-profile");
	printLine(`memory_store, one client, sequential, into an empty vault; ${cpus().length} cores`);
	const rows: (string | number)[][] = [];
	const tenthRows: (string | number)[][] = [];
	const profiles: [string, [string, number][]][] = [];
	const functions: [string, [string, number][]][] = [];
	for (const count of sizes) {
		for (const via of vias) {
			const loadBefore = loadavg()[0];
			const { latencies, profile, load, cpuMs } = await runOnce(count, via, seed, profiled, follow);
			const seconds = latencies.reduce((sum, ms) => sum + ms, 0) / 1000;
			const tail = latencies.slice(Math.floor(latencies.length * 0.9));
			const tailSeconds = tail.reduce((sum, ms) => sum + ms, 0) / 1000;
			rows.push([
				count,
				via === "http" ? "HTTP (SDK client)" : "engine.store",
				Math.round(count / seconds),
				percentile(latencies, 50).toFixed(1),
				percentile(latencies, 95).toFixed(1),
				Math.round(tail.length / tailSeconds),
				percentile(tail, 50).toFixed(1),
				percentile(tail, 95).toFixed(1),
				(cpuMs / count).toFixed(2),
				`${loadBefore.toFixed(1)} → ${load.toFixed(1)}`,
			]);
			tenthRows.push([count, via, ...tenths(latencies).map((rate) => Math.round(rate))]);
			if (profile) {
				profiles.push([`${count} via ${via}`, stageProfile(profile, count)]);
				if (top > 0) functions.push([`${count} via ${via}`, functionProfile(profile, count, top)]);
				if (saveTo !== undefined)
					await writeFile(join(saveTo, `store-${count}-${via}.cpuprofile`), JSON.stringify(profile));
			}
			printLine(formatTable(HEADERS, rows.slice(-1)));
		}
	}
	printLine("");
	printLine(formatTable(HEADERS, rows));
	printLine("\nstores/s by tenth of the run (1 = the first tenth, into the emptiest vault)");
	printLine(formatTable(["memories", "via", ...Array.from({ length: 10 }, (_, i) => String(i + 1))], tenthRows));
	for (const [run, profile] of profiles) {
		const total = profile.reduce((sum, [, ms]) => sum + ms, 0);
		printLine(`\nWhere the main thread's time goes, ${run} (CPU profile, ms per store)`);
		printLine(
			formatTable(
				["stage", "ms / store", "share"],
				profile.map(([stage, ms]) => [stage, ms.toFixed(2), `${((100 * ms) / total).toFixed(1)} %`]),
			),
		);
	}
	for (const [run, profile] of functions) {
		printLine(`\nMost costly functions, ${run} (self time, ms per store)`);
		printLine(
			formatTable(
				["function", "ms / store"],
				profile.map(([name, ms]) => [name, ms.toFixed(2)]),
			),
		);
	}
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
