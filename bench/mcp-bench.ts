/**
 * MCP throughput: `memory_recall` calls over HTTP (Streamable HTTP, bearer token, one session
 * per client) against the real engine on a synthetic vault, with 1 and 8 concurrent clients.
 * Clients run in this process too, so on a 2-core machine the figures are a lower bound.
 *
 *   npm run bench -- mcp [--notes 10000] [--seed 1] [--calls 400] [--clients 1,8] [--read-only]
 */
import { mkdtemp, rm } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { readMemorySettings } from "../src/core/model/settings";
import { MemoryEngine } from "../src/engine/memory-engine";
import { generateToken, startMcpHttpServer } from "../src/mcp/http/mcp-http-server";
import { createMemoryMcpServer } from "../src/mcp/memory-mcp-server";
import { FsStorage } from "../src/node/fs-storage";
import { FsVault } from "../src/node/fs-vault";
import { NODE_TIMERS } from "../src/node/node-timers";
import { createInThreadMaintenanceWorker } from "../src/workers/in-thread-host";
import { benchVault } from "./bench-vaults";
import { parseFlags } from "./flags";
import { percentile } from "./percentile";
import { createRng } from "./prng";
import { formatTable } from "./table";

const TARGET_CALLS_PER_SECOND = 300;
const WARMUP_CALLS = 20;

async function connect(url: string, token: string): Promise<Client> {
	const client = new Client({ name: "mcp-bench", version: "1" });
	await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
	return client;
}

async function main(): Promise<void> {
	const flags = parseFlags();
	const notes = flags.number("notes", 10_000);
	const seed = flags.number("seed", 1);
	const calls = flags.number("calls", 400);
	const readOnly = flags.has("read-only");
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
	const server = await startMcpHttpServer({ createServer: () => createMemoryMcpServer(engine, { version: "bench" }), port: 0, token });
	const titles = engine.index.graph.notePaths().map((path) => path.replace(/^.*\//, "").replace(/\.md$/, ""));
	const rng = createRng(seed);
	const query = (): string => {
		const words = rng.pick(titles).split(/\s+/);
		return words.slice(0, 3).join(" ");
	};

	const rows: (string | number)[][] = [];
	try {
		const direct: number[] = [];
		for (let i = 0; i < WARMUP_CALLS; i++) await engine.recall(query(), { k: 10, readOnly: true });
		for (let i = 0; i < Math.min(calls, 300); i++) {
			const started = performance.now();
			await engine.recall(query(), { k: 10, readOnly });
			direct.push(performance.now() - started);
		}
		const directSeconds = direct.reduce((sum, ms) => sum + ms, 0) / 1000;
		rows.push(["engine.recall, no HTTP", direct.length, Math.round(direct.length / directSeconds), percentile(direct, 50).toFixed(1), percentile(direct, 95).toFixed(1), ""]);
		for (const clients of concurrencies) {
			const connected = await Promise.all(Array.from({ length: clients }, () => connect(server.url, token)));
			const call = async (client: Client): Promise<number> => {
				const started = performance.now();
				const result = await client.callTool({ name: "memory_recall", arguments: { query: query(), k: 10, read_only: readOnly } });
				if (result.isError) throw new Error(`memory_recall failed: ${JSON.stringify(result.content)}`);
				return performance.now() - started;
			};
			for (let i = 0; i < WARMUP_CALLS; i++) await call(connected[i % clients]);
			const latencies: number[] = [];
			let remaining = calls;
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
			const perSecond = latencies.length / seconds;
			rows.push([
				clients,
				latencies.length,
				Math.round(perSecond),
				percentile(latencies, 50).toFixed(1),
				percentile(latencies, 95).toFixed(1),
				clients === 8 ? (perSecond >= TARGET_CALLS_PER_SECOND ? `≥ ${TARGET_CALLS_PER_SECOND}: met` : `≥ ${TARGET_CALLS_PER_SECOND}: MISSED`) : "",
			]);
			await Promise.all(connected.map((client) => client.close()));
		}
	} finally {
		await server.close();
		await engine.stop();
		await rm(state, { recursive: true, force: true });
	}
	console.log(`memory_recall over HTTP, ${report.notes} notes (${readOnly ? "read_only" : "reactivating"}), ${cpus().length} cores, load ${loadavg()[0].toFixed(1)}`);
	console.log(formatTable(["clients", "calls", "calls/s", "p50 ms", "p95 ms", "target"], rows));
}

await main();
