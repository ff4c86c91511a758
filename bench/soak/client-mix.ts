import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { createRng } from "../prng";
import type { ServeChild } from "./serve-child";
import { connectMcpClient } from "./session-flood";
import { clearInterval, setInterval } from "node:timers";

export interface MixOptions {
	clients: number;
	seconds: number;
	/** Share of calls that are memory_store; the rest are memory_recall. */
	storeShare: number;
	seed: number;
}

export interface MixReport {
	seconds: number;
	storeLatencies: number[];
	recallLatencies: number[];
	/** Calls that failed (error result or transport error), by tool. */
	storeErrors: number;
	recallErrors: number;
	/** Acknowledged stores whose marker is in no note of the vault. */
	lost: number;
	/** Acknowledged stores whose marker is in more than one note. */
	duplicated: number;
	/** Notes with a marker of a store that was not acknowledged (failed or cut off). */
	unacknowledged: number;
	peakRss: number;
}

const WORDS = [
	"sync",
	"relay",
	"certificate",
	"deploy",
	"freeze",
	"review",
	"latency",
	"backup",
	"schema",
	"rollout",
	"cache",
	"quota",
	"token",
	"retry",
	"index",
];

/**
 * `clients` SDK clients, each in its own session, call memory_store (share `storeShare`, each
 * with a unique marker) or memory_recall back to back for `seconds`. Then every note of the vault
 * is read: each acknowledged store must be in exactly one note.
 */
export async function runClientMix(server: ServeChild, options: MixOptions): Promise<MixReport> {
	const run = Date.now().toString(36);
	const clients = await Promise.all(
		Array.from({ length: options.clients }, (_, i) => connectMcpClient(server.url, server.token, `soak-mix-${i}`)),
	);
	const acknowledged = new Set<string>();
	const report = { storeLatencies: [] as number[], recallLatencies: [] as number[], storeErrors: 0, recallErrors: 0 };
	let peakRss = server.rssBytes() ?? 0;
	const sampler = setInterval(() => (peakRss = Math.max(peakRss, server.rssBytes() ?? 0)), 250);
	const started = performance.now();
	const deadline = started + options.seconds * 1000;

	await Promise.all(
		clients.map(async (client, index) => {
			const rng = createRng(options.seed * 1000 + index);
			for (let call = 0; performance.now() < deadline; call++) {
				const words = Array.from({ length: 6 }, () => rng.pick(WORDS)).join(" ");
				if (rng.chance(options.storeShare)) {
					const marker = `soak-${run}-${index}-${call}`;
					const ok = await timed(report.storeLatencies, () => store(client, marker, words));
					if (ok) acknowledged.add(marker);
					else report.storeErrors++;
				} else {
					const ok = await timed(report.recallLatencies, () => recall(client, words));
					if (!ok) report.recallErrors++;
				}
			}
		}),
	);
	const seconds = (performance.now() - started) / 1000;
	clearInterval(sampler);
	await Promise.all(clients.map((client) => client.close()));

	const found = await markersInVault(server.vault, new RegExp(`^Soak check (soak-${run}-\\d+-\\d+)$`, "gm"));
	let lost = 0;
	let duplicated = 0;
	for (const marker of acknowledged) {
		const notes = found.get(marker) ?? 0;
		if (notes === 0) lost++;
		if (notes > 1) duplicated++;
	}
	const unacknowledged = [...found.keys()].filter((marker) => !acknowledged.has(marker)).length;
	return { seconds, ...report, lost, duplicated, unacknowledged, peakRss };
}

async function timed(latencies: number[], call: () => Promise<boolean>): Promise<boolean> {
	const started = performance.now();
	const ok = await call().catch(() => false);
	if (ok) latencies.push(performance.now() - started);
	return ok;
}

async function store(client: Client, marker: string, words: string): Promise<boolean> {
	const result = await client.callTool({
		name: "memory_store",
		arguments: { content: `Soak check ${marker}\n\nA memory about ${words}.`, category: "soak" },
	});
	return result.isError !== true && (result.structuredContent as { status?: string } | undefined)?.status === "stored";
}

async function recall(client: Client, words: string): Promise<boolean> {
	const result = await client.callTool({ name: "memory_recall", arguments: { query: words, k: 10 } });
	return result.isError !== true;
}

/**
 * How many notes (markdown files outside hidden folders such as the config folder and .trash) hold each marker on a line of its
 * own (their first body line; links to them from other notes do not count).
 */
async function markersInVault(vault: string, pattern: RegExp): Promise<Map<string, number>> {
	const notes = new Map<string, number>();
	const walk = async (folder: string): Promise<void> => {
		for (const entry of await readdir(folder, { withFileTypes: true })) {
			const path = join(folder, entry.name);
			if (entry.isDirectory()) {
				if (!entry.name.startsWith(".")) await walk(path);
			} else if (entry.name.endsWith(".md")) {
				const markers = new Set([...(await readFile(path, "utf8")).matchAll(pattern)].map((match) => match[1]));
				for (const marker of markers) notes.set(marker, (notes.get(marker) ?? 0) + 1);
			}
		}
	};
	await walk(vault);
	return notes;
}
