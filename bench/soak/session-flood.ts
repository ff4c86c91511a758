import { Agent } from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { percentile } from "../percentile";
import { openAbandonedSession } from "./abandoned-session";
import type { ServeChild } from "./serve-child";
import { clearInterval, setInterval, setTimeout } from "node:timers";

export interface FloodOptions {
	/** Sessions opened with `initialize` and never closed. */
	sessions: number;
	/** Initialize requests in flight at once. */
	concurrency: number;
	/** The flood stops after this long even if not all sessions were opened. */
	maxSeconds: number;
	/** Pause between two calls of the normal client. */
	probeIntervalMs: number;
}

export interface FloodReport {
	opened: number;
	/** Initialize requests answered with anything but 200 (e.g. 503 when every session was busy). */
	refused: number;
	/** Initialize requests that failed at the socket. */
	failed: number;
	seconds: number;
	peakRss: number;
	finalRss: number | undefined;
	probeCalls: number;
	probeFailures: number;
	probeLatencies: number[];
	alive: boolean;
}

const PROBE_QUERIES = [
	"sync outage",
	"certificate",
	"clock skew",
	"small reviewable PRs",
	"background network",
	"plain markdown files",
];

export function connectMcpClient(url: string, token: string, name: string): Promise<Client> {
	const client = new Client({ name, version: "1" });
	return client
		.connect(
			new StreamableHTTPClientTransport(new URL(url), {
				requestInit: { headers: { Authorization: `Bearer ${token}` } },
			}),
		)
		.then(() => client);
}

/**
 * Opens `sessions` sessions that are never closed (as clients that crash or never DELETE do) while
 * a normal client keeps calling memory_recall, and samples the server's RSS throughout.
 */
export async function floodAbandonedSessions(server: ServeChild, options: FloodOptions): Promise<FloodReport> {
	const { port } = new URL(server.url);
	const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
	let peakRss = server.rssBytes() ?? 0;
	const sampler = setInterval(() => (peakRss = Math.max(peakRss, server.rssBytes() ?? 0)), 250);
	const deadline = performance.now() + options.maxSeconds * 1000;
	let flooding = true;

	const probe = runProbe(server, options.probeIntervalMs, () => flooding);
	const started = performance.now();
	let next = 0;
	let opened = 0;
	let refused = 0;
	let failed = 0;
	await Promise.all(
		Array.from({ length: options.concurrency }, async () => {
			while (next < options.sessions && performance.now() < deadline) {
				next++;
				const status = await openAbandonedSession(agent, Number(port), server.token).catch(() => 0);
				if (status === 200) opened++;
				else if (status === 0) failed++;
				else refused++;
			}
		}),
	);
	const seconds = (performance.now() - started) / 1000;
	flooding = false;
	const probed = await probe;
	clearInterval(sampler);
	agent.destroy();
	return {
		opened,
		refused,
		failed,
		seconds,
		peakRss: Math.max(peakRss, server.rssBytes() ?? 0),
		finalRss: server.rssBytes(),
		...probed,
		alive: server.alive(),
	};
}

/** The normal client: one session, memory_recall every `intervalMs` while `running()`, then one last call. */
async function runProbe(
	server: ServeChild,
	intervalMs: number,
	running: () => boolean,
): Promise<Pick<FloodReport, "probeCalls" | "probeFailures" | "probeLatencies">> {
	const latencies: number[] = [];
	let failures = 0;
	let client = await connectMcpClient(server.url, server.token, "soak-probe");
	const call = async (query: string) => {
		const started = performance.now();
		try {
			const result = await client.callTool({ name: "memory_recall", arguments: { query, k: 5, read_only: true } });
			if (result.isError) throw new Error(JSON.stringify(result.content));
			latencies.push(performance.now() - started);
		} catch {
			failures++;
			await client.close().catch(() => undefined);
			client = await connectMcpClient(server.url, server.token, "soak-probe");
		}
	};
	for (let i = 0; running(); i++) {
		await call(PROBE_QUERIES[i % PROBE_QUERIES.length]);
		await new Promise((resolve) => setTimeout(resolve, intervalMs));
	}
	await call(PROBE_QUERIES[0]);
	await client.close();
	return { probeCalls: latencies.length + failures, probeFailures: failures, probeLatencies: latencies };
}

export function latencySummary(latencies: readonly number[]): { p50: number; p95: number; max: number } {
	if (latencies.length === 0) return { p50: NaN, p95: NaN, max: NaN };
	return {
		p50: percentile(latencies, 50),
		p95: percentile(latencies, 95),
		max: latencies.reduce((a, b) => Math.max(a, b), 0),
	};
}
