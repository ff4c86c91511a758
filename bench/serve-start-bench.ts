/**
 * Headless `serve` while it indexes (issue 11): starts the built `causal-memory serve`
 * (dist/cli.cjs; run `npm run build` first) on a copy of the synthetic vault, measures when it
 * listens (its banner) and when every tool is ready, and meanwhile fires one MCP request every
 * ~100 ms from this process, in turn: initialize (a new session), tools/list, memory_recall,
 * memory_stats and a list_core_memories that must be refused as "still indexing". Prints the
 * latency of each kind (p50, p95, max) over the requests answered during indexing. Target:
 * listening within 2 s, every answer within 100 ms. Writes are not probed: they wait for the
 * index (issue 29.2), so their answer comes when indexing ends.
 *
 *   npm run bench -- serve-start [--notes 10000] [--seed 1] [--every 100]
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ListToolsResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { READY_LINE } from "../src/node/cli/serve-command";
import { printLine } from "../src/node/cli/terminal";
import { benchVault } from "./bench-vaults";
import { parseFlags } from "./flags";
import { percentile } from "./percentile";
import { formatTable, type Cell } from "./table";

const CLI = join("dist", "cli.cjs");
const KINDS = ["initialize", "tools/list", "memory_recall", "memory_stats", "list_core_memories"] as const;
type Kind = (typeof KINDS)[number];
/** Every answer during indexing should come within this, ms (issue 11). */
const BUDGET_MS = 100;

interface Sample {
	kind: Kind;
	ms: number;
	/** What came back: "ok", "partial" (recall from the notes read so far), "refused" (still indexing) or an error. */
	outcome: string;
}

interface ServeRun {
	url: string;
	token: string;
	listenMs: number;
	ready: Promise<number>;
	stop: () => Promise<void>;
}

/** Spawns `serve` on `vault`; resolves once its banner (printed after it listens) is out. */
async function startServe(vault: string): Promise<ServeRun> {
	const started = performance.now();
	const child = spawn(process.execPath, [CLI, "serve", "--vault", vault, "--port", "0"], {
		stdio: ["ignore", "pipe", "pipe"],
	});
	let stdout = "";
	let stderr = "";
	const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
	const ready = new Promise<number>((resolve, reject) => {
		child.stderr.on("data", (chunk: Buffer) => {
			stderr += chunk.toString();
			if (stderr.includes(READY_LINE)) resolve(performance.now() - started);
		});
		void exited.then(() => reject(new Error(`serve exited before it was ready:\n${stderr}`)));
	});
	const banner = await new Promise<string>((resolve, reject) => {
		child.stdout.on("data", (chunk: Buffer) => {
			stdout += chunk.toString();
			if (stdout.includes("Press Ctrl+C to stop.")) resolve(stdout);
		});
		void exited.then(() => reject(new Error(`serve exited before it listened:\n${stderr}`)));
	});
	const listenMs = performance.now() - started;
	const url = /MCP URL: (\S+)/.exec(banner)?.[1];
	const token = /Token: (\S+)/.exec(banner)?.[1];
	if (url === undefined || token === undefined) throw new Error(`no URL or token in the banner:\n${banner}`);
	ready.catch(() => undefined);
	return {
		url,
		token,
		listenMs,
		ready,
		stop: async () => {
			if (child.exitCode === null) child.kill("SIGTERM");
			await exited;
		},
	};
}

function connect(url: string, token: string): { client: Client; connected: Promise<void> } {
	const client = new Client({ name: "serve-start-bench", version: "1" });
	const transport = new StreamableHTTPClientTransport(new URL(url), {
		requestInit: { headers: { Authorization: `Bearer ${token}` } },
	});
	return { client, connected: client.connect(transport) };
}

function toolOutcome(result: Record<string, unknown>): string {
	const text = JSON.stringify(result.content ?? "");
	if (result.isError === true) return /still indexing/.test(text) ? "refused" : `error ${text.slice(0, 120)}`;
	return /partial/.test(text) ? "partial" : "ok";
}

/** One request of the given kind on `client` (initialize opens a session of its own); its latency. */
async function request(kind: Kind, client: Client, url: string, token: string): Promise<Sample> {
	const started = performance.now();
	let outcome = "ok";
	if (kind === "initialize") {
		const fresh = connect(url, token);
		await fresh.connected;
		const ms = performance.now() - started;
		await fresh.client.close();
		return { kind, ms, outcome };
	}
	// Not client.listTools(): it compiles a validator per tool, tens of ms of this process's CPU.
	if (kind === "tools/list") await client.request({ method: "tools/list", params: {} }, ListToolsResultSchema);
	else if (kind === "memory_recall")
		outcome = toolOutcome(await client.callTool({ name: kind, arguments: { query: "sync conflict decision" } }));
	else outcome = toolOutcome(await client.callTool({ name: kind, arguments: {} }));
	return { kind, ms: performance.now() - started, outcome };
}

/** Fires a request every `everyMs` (not waiting for the previous one) until `until` settles. */
async function probe(run: ServeRun, everyMs: number): Promise<{ samples: Sample[]; failures: string[] }> {
	const main = connect(run.url, run.token);
	await main.connected;
	const samples: Sample[] = [];
	const failures: string[] = [];
	const inFlight: Promise<void>[] = [];
	let indexing = true;
	void run.ready.finally(() => (indexing = false));
	for (let i = 0; indexing; i++) {
		const kind = KINDS[i % KINDS.length];
		inFlight.push(
			request(kind, main.client, run.url, run.token).then(
				(sample) => {
					if (indexing) samples.push(sample);
				},
				(error: unknown) => {
					if (indexing) failures.push(`${kind}: ${error instanceof Error ? error.message : String(error)}`);
				},
			),
		);
		await Promise.race([sleep(everyMs), run.ready.catch(() => undefined)]);
	}
	await Promise.all(inFlight);
	await main.client.close();
	return { samples, failures };
}

const round = (ms: number): number => Math.round(ms);

async function main(): Promise<void> {
	const flags = parseFlags();
	const notes = flags.number("notes", 10_000);
	const seed = flags.number("seed", 1);
	const everyMs = flags.number("every", 100);
	if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first`);
	printLine(
		`serve-start bench: node ${process.version}, ${cpus()[0]?.model ?? "unknown CPU"} x${cpus().length}, ${notes} notes, seed ${seed}, a request every ${everyMs} ms`,
	);
	const source = await benchVault(notes, seed);
	// serve writes its state (and maintenance its properties) into the vault: it gets a copy.
	const copyDir = await mkdtemp(join(tmpdir(), "serve-start-bench-"));
	const vault = join(copyDir, "vault");
	try {
		await cp(source.dir, vault, { recursive: true });
		const load = loadavg()[0].toFixed(1);
		const run = await startServe(vault);
		let result: Awaited<ReturnType<typeof probe>>;
		let readyMs: number;
		try {
			result = await probe(run, everyMs);
			readyMs = await run.ready;
		} finally {
			await run.stop();
		}
		const rows: Cell[][] = [];
		for (const kind of [...KINDS, "all"] as const) {
			const samples = result.samples.filter((sample) => kind === "all" || sample.kind === kind);
			if (samples.length === 0) continue;
			const ms = samples.map((sample) => sample.ms);
			const outcomes = new Map<string, number>();
			for (const sample of samples) outcomes.set(sample.outcome, (outcomes.get(sample.outcome) ?? 0) + 1);
			rows.push([
				kind,
				samples.length,
				round(percentile(ms, 50)),
				round(percentile(ms, 95)),
				round(Math.max(...ms)),
				ms.filter((value) => value > BUDGET_MS).length,
				[...outcomes].map(([outcome, count]) => `${outcome} ${count}`).join(", "),
			]);
		}
		printLine(
			`listening after ${round(run.listenMs)} ms, every tool ready after ${round(readyMs)} ms (load ${load} at start, ${loadavg()[0].toFixed(1)} at the end)\n`,
		);
		printLine(
			formatTable(["request", "answered", "p50 ms", "p95 ms", "max ms", `over ${BUDGET_MS} ms`, "outcomes"], rows),
		);
		for (const failure of result.failures.slice(0, 10)) printLine(`failed: ${failure}`);
		if (result.failures.length > 0) process.exitCode = 1;
	} finally {
		await rm(copyDir, { recursive: true, force: true });
	}
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? (error.stack ?? error.message) : error);
	process.exitCode = 1;
});
