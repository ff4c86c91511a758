/**
 * Side by side with what users would pick instead: the LoCoMo dev conversations stored turn by
 * turn through (a) Causal Memory's own server over HTTP, (b) @modelcontextprotocol/server-memory
 * and (c) obsidian-mcp (both stdio, pinned under tools/peer-*), then every question of categories
 * 1–4 asked read-only. Quality (turn R@5/R@10, MRR, session R@5), store speed, query latency, peak
 * RSS of the server process and answer size per question. See docs/benchmarks.md.
 *
 *   npm run bench -- peers [--conversations 0,1] [--peers ours,server-memory,obsidian] [--data FILE]
 *
 * The peers are installed on first use (`npm ci --prefix tools/peer-server-memory`,
 * `npm ci --prefix tools/peer-obsidian-mcp`). A peer that fails is reported as FAILED.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { printLine } from "../src/node/cli/terminal";
import { parseFlags } from "./flags";
import { loadLocomo } from "./locomo/locomo-data";
import { obsidianPeer } from "./peers/obsidian-peer";
import { oursPeer } from "./peers/ours-peer";
import type { Peer } from "./peers/peer-server";
import { printPeerTables } from "./peers/peer-tables";
import { runPeer, type PeerRun } from "./peers/run-peer";
import { serverMemoryPeer } from "./peers/server-memory-peer";
import { runServeChild, SERVE_CHILD_FLAG } from "./soak/serve-child";

const PEERS: Record<string, Peer> = { ours: oursPeer, "server-memory": serverMemoryPeer, obsidian: obsidianPeer };
const CATEGORIES = new Set([1, 2, 3, 4]);

function pick<T>(list: readonly T[], flag: string | undefined, name: string, label: (item: T) => string): T[] {
	if (flag === undefined) return [...list];
	return flag.split(",").map((entry) => {
		const found = /^\d+$/.test(entry) ? list[Number(entry)] : list.find((item) => label(item) === entry);
		if (found === undefined)
			throw new Error(
				`--${name}: no "${entry}"; choose from ${list.map((item, i) => `${i} ${label(item)}`).join(", ")}`,
			);
		return found;
	});
}

async function main(): Promise<void> {
	const [mode, argument] = process.argv.slice(2);
	if (mode === SERVE_CHILD_FLAG) {
		process.exitCode = await runServeChild(argument);
		return;
	}
	const flags = parseFlags();
	const dataPath = resolve(flags.text("data") ?? "../shared/eval/locomo/locomo-dev.json");
	if (!existsSync(dataPath)) throw new Error(`LoCoMo data not found at ${dataPath}; pass --data FILE`);
	const conversations = pick(await loadLocomo(dataPath), flags.text("conversations"), "conversations", (c) => c.id);
	const peers = (flags.text("peers") ?? Object.keys(PEERS).join(",")).split(",").map((name) => {
		const peer = PEERS[name];
		if (peer === undefined) throw new Error(`--peers: no peer "${name}"; choose from ${Object.keys(PEERS).join(", ")}`);
		return peer;
	});

	const started = performance.now();
	const runs: PeerRun[] = [];
	for (const peer of peers) runs.push(await runPeer(peer, conversations, { categories: CATEGORIES, log: printLine }));

	printLine(
		`\nPeers on LoCoMo: ${conversations.length} conversations (${conversations.map((c) => c.id).join(", ")}), data ${dataPath}`,
	);
	printPeerTables(runs);
	printLine(`\n${((performance.now() - started) / 1000).toFixed(1)} s`);
	if (runs.some((run) => run.failure !== undefined)) process.exitCode = 1;
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? (error.stack ?? error.message) : error);
	process.exitCode = 1;
});
