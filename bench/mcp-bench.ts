/**
 * MCP throughput: `memory_recall` calls over HTTP (Streamable HTTP, bearer token, one session
 * per client) against the real engine on a synthetic vault, with 1 and 8 concurrent clients.
 * The clients run in a worker thread, as real clients run in their own processes, so the server
 * has the main thread to itself; on a 2-core machine they still share the CPU with it.
 * The first row times `engine.recall` alone, without HTTP, for comparison.
 *
 *   npm run bench -- mcp [--notes 10000] [--seed 1] [--calls 1000] [--clients 1,8] [--read-only] [--engine-only]
 */
import { mkdtemp, rm } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { readMemorySettings } from "../src/core/model/settings";
import { MemoryEngine } from "../src/engine/memory-engine";
import { generateToken, startMcpHttpServer } from "../src/mcp/http/mcp-http-server";
import { memoryMcpServerFactory } from "../src/mcp/memory-mcp-server";
import { FsStorage } from "../src/node/fs/fs-storage";
import { FsVault } from "../src/node/fs/fs-vault";
import { NODE_TIMERS } from "../src/node/node-timers";
import { createInThreadMaintenanceWorker } from "../src/workers/in-thread-host";
import { benchVault } from "./bench-vaults";
import { parseFlags } from "./flags";
import { percentile } from "./percentile";
import { createRng } from "./prng";
import { formatTable } from "./table";
import { printLine } from "../src/node/cli/terminal";

const TARGET_CALLS_PER_SECOND = 300;
const WARMUP_CALLS = 20;

interface ClientRun {
	url: string;
	token: string;
	clients: number;
	calls: number;
	queries: string[];
	readOnly: boolean;
}

interface ClientResult {
	latencies: number[];
	seconds: number;
}

/** Worker mode: `clients` SDK clients share `calls` memory_recall calls. */
async function runClients(run: ClientRun): Promise<ClientResult> {
	const connected = await Promise.all(
		Array.from({ length: run.clients }, async () => {
			const client = new Client({ name: "mcp-bench", version: "1" });
			await client.connect(
				new StreamableHTTPClientTransport(new URL(run.url), {
					requestInit: { headers: { Authorization: `Bearer ${run.token}` } },
				}),
			);
			return client;
		}),
	);
	let next = 0;
	const call = async (client: Client): Promise<number> => {
		const query = run.queries[next++ % run.queries.length];
		const started = performance.now();
		const result = await client.callTool({
			name: "memory_recall",
			arguments: { query, k: 10, read_only: run.readOnly },
		});
		if (result.isError) throw new Error(`memory_recall failed: ${JSON.stringify(result.content)}`);
		return performance.now() - started;
	};
	for (let i = 0; i < WARMUP_CALLS; i++) await call(connected[i % run.clients]);
	const latencies: number[] = [];
	let remaining = run.calls;
	const started = performance.now();
	await Promise.all(
		connected.map(async (client) => {
			while (remaining > 0) {
				remaining--;
				latencies.push(await call(client));
			}
		}),
	);
	const seconds = (performance.now() - started) / 1000;
	await Promise.all(connected.map((client) => client.close()));
	return { latencies, seconds };
}

function clientsInWorker(run: ClientRun): Promise<ClientResult> {
	return new Promise((resolve, reject) => {
		const worker = new Worker(new URL(import.meta.url), { workerData: run });
		worker.once("message", (result: ClientResult) => resolve(result));
		worker.once("error", reject);
	});
}

async function main(): Promise<void> {
	const flags = parseFlags();
	const notes = flags.number("notes", 10_000);
	const seed = flags.number("seed", 1);
	const calls = flags.number("calls", 1000);
	const readOnly = flags.has("read-only");
	const engineOnly = flags.has("engine-only");
	const concurrencies = (flags.text("clients") ?? "1,8").split(",").map(Number);
	const vault = await benchVault(notes, seed);
	const state = await mkdtemp(join(tmpdir(), "mcp-bench-"));
	const settings = readMemorySettings(null).settings;
	const engine = new MemoryEngine({
		vault: new FsVault(vault.dir),
		storage: new FsStorage(state, { sync: false }),
		worker: createInThreadMaintenanceWorker(),
		timers: NODE_TIMERS,
		clock: () => Date.now(),
		settings: () => settings,
		warn: (message) => console.error(message),
	});
	const report = await engine.start({ follow: false });
	const token = generateToken();
	const server = await startMcpHttpServer({
		createServer: memoryMcpServerFactory(engine, { version: "bench" }),
		port: 0,
		token,
	});
	const titles = engine.index.graph.notePaths().map((path) => path.replace(/^.*\//, "").replace(/\.md$/, ""));
	const rng = createRng(seed);
	const queries = Array.from({ length: 5000 }, () => rng.pick(titles).split(/\s+/).slice(0, 3).join(" "));

	const rows: (string | number)[][] = [];
	try {
		const direct: number[] = [];
		for (let i = 0; i < WARMUP_CALLS; i++) await engine.recall(queries[i], { k: 10, readOnly: true });
		for (let i = 0; i < (engineOnly ? calls : Math.min(calls, 500)); i++) {
			const started = performance.now();
			await engine.recall(queries[i % queries.length], { k: 10, readOnly });
			direct.push(performance.now() - started);
		}
		const directSeconds = direct.reduce((sum, ms) => sum + ms, 0) / 1000;
		rows.push([
			"engine.recall, no HTTP",
			direct.length,
			Math.round(direct.length / directSeconds),
			percentile(direct, 50).toFixed(1),
			percentile(direct, 95).toFixed(1),
			"",
		]);
		for (const clients of engineOnly ? [] : concurrencies) {
			const { latencies, seconds } = await clientsInWorker({
				url: server.url,
				token,
				clients,
				calls,
				queries,
				readOnly,
			});
			const perSecond = latencies.length / seconds;
			const verdict = perSecond >= TARGET_CALLS_PER_SECOND ? "met" : "MISSED";
			rows.push([
				`${clients} HTTP client${clients === 1 ? "" : "s"}`,
				latencies.length,
				Math.round(perSecond),
				percentile(latencies, 50).toFixed(1),
				percentile(latencies, 95).toFixed(1),
				clients === 8 ? `≥ ${TARGET_CALLS_PER_SECOND}: ${verdict}` : "",
			]);
		}
	} finally {
		await server.close();
		await engine.stop();
		await rm(state, { recursive: true, force: true });
	}
	printLine(
		`memory_recall, ${report.notes} notes (${readOnly ? "read_only" : "reactivating"}), ${cpus().length} cores, load ${loadavg()[0].toFixed(1)}`,
	);
	printLine(formatTable(["caller", "calls", "calls/s", "p50 ms", "p95 ms", "target"], rows));
}

if (isMainThread) await main();
else parentPort?.postMessage(await runClients(workerData as ClientRun));
