import { createHash } from "node:crypto";
import { cp, mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { lockFileName, parseLockHolder } from "../../src/core/activity/writer-lock";
import { pluginFolder } from "../../src/node/headless-settings";
import { startServeChild, type ServeChild, type SharedVault } from "./serve-child";
import { connectMcpClient } from "./session-flood";

export interface TakeoverOptions {
	/** How long server A is stopped (SIGSTOP): longer than the lock's stale time (120 s). */
	pauseSeconds: number;
	/** Clients of A that call write tools (and recall) once it resumes; their first calls wait in its socket while it is stopped. */
	clients: number;
	/** How long they keep calling after A resumes. */
	afterSeconds: number;
	/** Memories stored through A before the pause, and through B after the burst. */
	stores: number;
}

export interface TakeoverReport {
	/** Stores A acknowledged before the pause. */
	storedBefore: number;
	/** From B's spawn to its "every tool is ready" line, seconds. */
	takeoverSeconds: number;
	/** Write calls (store, amend, link, pin) made to A after B took over, and how they ended. */
	writesToA: number;
	/** Of them answered as done: must be 0. */
	writesDoneByA: number;
	/** Of them refused as retryable with a message naming B's pid. */
	writesRefusedNamingB: number;
	/** Any other answer (a transport error, a refusal that does not name B). */
	writesOtherwise: number;
	/** memory_recall calls (reactivating, not read-only) to A meanwhile, and how many failed. */
	recallsToA: number;
	recallsFailed: number;
	/** Files of the vault and its state folder (the lock file left out) created, changed or removed while only A was called: must be 0. */
	filesChangedByA: number;
	/** Whether the lock file still names B after A's burst. */
	lockStillB: boolean;
	/** Whether A's memory_stats says why writes are refused, naming B's pid. */
	statusNamesB: boolean;
	/** Whether A's log says it lost the lock. */
	logSaysLost: boolean;
	/** Stores B acknowledged after the burst, and how many of them are not in exactly one note. */
	storedByB: number;
	storedByBMissing: number;
	/** Activity records whose sequence number repeats in their log file (two writers in one log): must be 0. */
	repeatedSeqs: number;
}

const WRITE_KINDS = ["store", "amend", "link", "pin"] as const;

/**
 * Issue 29.11 as a crash-style run: serve A on a copy of the example vault stores some memories,
 * is stopped with SIGSTOP for longer than the writer lock's stale time, serve B starts on the same
 * vault and takes the stale lock over; A's clients send write calls (which wait in A's socket),
 * A resumes, and they go on calling for a while. Nothing of the vault or its state folder may
 * change while only A is called, and every write must be refused naming B.
 */
export async function runLockTakeover(options: TakeoverOptions): Promise<TakeoverReport> {
	const dir = await mkdtemp(join(tmpdir(), "soak-takeover-"));
	const shared: SharedVault = { vault: join(dir, "vault"), stateHome: join(dir, "state-home") };
	await mkdir(shared.stateHome);
	await cp("examples/vault", shared.vault, { recursive: true });
	const lockFile = join(pluginFolder(shared.vault), "state", lockFileName(hostname()));
	const servers: ServeChild[] = [];
	const clients: Client[] = [];
	try {
		const a = await startServeChild({ shared });
		servers.push(a);
		const setup = await connectMcpClient(a.url, a.token, "takeover-setup");
		const burst = await Promise.all(
			Array.from({ length: options.clients }, (_, i) => connectMcpClient(a.url, a.token, `takeover-a-${i}`)),
		);
		clients.push(setup, ...burst);
		const before: string[] = [];
		for (let i = 0; i < options.stores; i++) {
			const stored = await call(setup, "memory_store", { content: `Takeover check before-${i}\n\nStored by A.` });
			if (stored.isError !== true) before.push(String(stored.structuredContent?.node_id));
		}
		if (before.length < 2) throw new Error(`A stored only ${before.length} memories before the pause`);

		process.kill(a.pid, "SIGSTOP");
		await sleep(options.pauseSeconds * 1000);
		const spawned = performance.now();
		const b = await startServeChild({ shared });
		servers.push(b);
		const takeoverSeconds = (performance.now() - spawned) / 1000;
		const quiet = await quietSnapshot(shared.vault, lockFile);

		const outcome = { writes: 0, done: 0, refusedNamingB: 0, otherwise: 0, recalls: 0, recallsFailed: 0 };
		const deadline = { at: Infinity };
		const calls = burst.map(async (client, index) => {
			for (let n = 0; performance.now() < deadline.at; n++) {
				if (n % 5 === 4) {
					outcome.recalls++;
					const recalled = await call(client, "memory_recall", { query: "takeover check stored" }).catch(() => null);
					if (recalled === null || recalled.isError === true) outcome.recallsFailed++;
					continue;
				}
				const kind = WRITE_KINDS[n % WRITE_KINDS.length];
				outcome.writes++;
				const result = await writeCall(client, kind, before, `${index}-${n}`).catch(() => null);
				if (result !== null && result.isError !== true) outcome.done++;
				else if (result !== null && refusedNaming(result, b.pid)) outcome.refusedNamingB++;
				else outcome.otherwise++;
			}
		});
		// The first calls wait in A's socket while it is stopped, then A resumes.
		await sleep(300);
		process.kill(a.pid, "SIGCONT");
		const resumed = performance.now();
		deadline.at = resumed + options.afterSeconds * 1000;
		await Promise.all(calls);
		const after = await snapshot(shared.vault, lockFile);
		const filesChangedByA = changedFiles(quiet, after);
		const lockStillB = parseLockHolder(await readFile(lockFile, "utf8").catch(() => null))?.pid === b.pid;
		const stats = await call(setup, "memory_stats", {});
		const refusal = stats.structuredContent?.writes_refused;
		const statusNamesB = typeof refusal === "string" && refusal.includes(`pid ${b.pid}`);
		const logSaysLost = a.stderrTail().includes("no longer holds it");

		const viaB = await connectMcpClient(b.url, b.token, "takeover-b");
		clients.push(viaB);
		const storedByB: string[] = [];
		for (let i = 0; i < options.stores; i++) {
			const marker = `after-${i}`;
			const stored = await call(viaB, "memory_store", { content: `Takeover check ${marker}\n\nStored by B.` });
			if (stored.isError !== true) storedByB.push(marker);
		}
		await Promise.all(clients.splice(0).map((client) => client.close().catch(() => undefined)));
		for (const server of servers.splice(0)) await server.stop();
		const found = await markerCounts(shared.vault);
		return {
			storedBefore: before.length,
			takeoverSeconds,
			writesToA: outcome.writes,
			writesDoneByA: outcome.done,
			writesRefusedNamingB: outcome.refusedNamingB,
			writesOtherwise: outcome.otherwise,
			recallsToA: outcome.recalls,
			recallsFailed: outcome.recallsFailed,
			filesChangedByA,
			lockStillB,
			statusNamesB,
			logSaysLost,
			storedByB: storedByB.length,
			storedByBMissing: storedByB.filter((marker) => found.get(marker) !== 1).length,
			repeatedSeqs: await repeatedSequenceNumbers(join(pluginFolder(shared.vault), "state")),
		};
	} finally {
		await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
		for (const server of servers) {
			if (server.alive()) process.kill(server.pid, "SIGCONT");
			await server.stop();
		}
		await rm(dir, { recursive: true, force: true });
	}
}

function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
	return client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
}

function writeCall(
	client: Client,
	kind: (typeof WRITE_KINDS)[number],
	before: readonly string[],
	marker: string,
): Promise<CallToolResult> {
	switch (kind) {
		case "store":
			return call(client, "memory_store", {
				content: `Takeover check by-a-${marker}\n\nStored by A after B took over.`,
			});
		case "amend":
			return call(client, "memory_amend", { node_id: before[0], content: `Takeover check amend-${marker}` });
		case "link":
			return call(client, "memory_link", { source: before[0], target: before[1], type: "supports" });
		case "pin":
			return call(client, "pin_memory", { node_id: before[1] });
	}
}

function refusedNaming(result: CallToolResult, pid: number): boolean {
	const block = result.content[0];
	if (block?.type !== "text") return false;
	const failure = JSON.parse(block.text) as { error?: string; retryable?: boolean };
	return failure.retryable === true && (failure.error ?? "").includes(`pid ${pid}`);
}

/** Every file under `root` (hidden folders included) but `skip`, by content hash. */
async function snapshot(root: string, skip: string): Promise<Map<string, string>> {
	const files = new Map<string, string>();
	for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
		if (!entry.isFile()) continue;
		const path = join(entry.parentPath, entry.name);
		if (path === skip) continue;
		const bytes = await readFile(path).catch(() => null);
		if (bytes !== null) files.set(path, createHash("sha1").update(bytes).digest("hex"));
	}
	return files;
}

/** A snapshot taken once B has stopped changing files (its start's own writes done): two equal snapshots a second apart. */
async function quietSnapshot(root: string, skip: string): Promise<Map<string, string>> {
	let last = await snapshot(root, skip);
	for (let tries = 0; tries < 60; tries++) {
		await sleep(1000);
		const next = await snapshot(root, skip);
		if (changedFiles(last, next) === 0) return next;
		last = next;
	}
	throw new Error("the vault kept changing for 60 s after B started");
}

function changedFiles(before: Map<string, string>, after: Map<string, string>): number {
	let changed = 0;
	for (const [path, hash] of after) if (before.get(path) !== hash) changed++;
	for (const path of before.keys()) if (!after.has(path)) changed++;
	return changed;
}

/** How many notes hold each `Takeover check <marker>` line. */
async function markerCounts(vault: string): Promise<Map<string, number>> {
	const counts = new Map<string, number>();
	for (const entry of await readdir(vault, { recursive: true, withFileTypes: true })) {
		if (!entry.isFile() || !entry.name.endsWith(".md") || entry.parentPath.includes(`${vault}/.`)) continue;
		const text = await readFile(join(entry.parentPath, entry.name), "utf8");
		for (const match of text.matchAll(/^Takeover check (\S+)$/gm))
			counts.set(match[1], (counts.get(match[1]) ?? 0) + 1);
	}
	return counts;
}

/** Records of the state folder's activity logs whose `seq` already appeared in the same file. */
async function repeatedSequenceNumbers(stateFolder: string): Promise<number> {
	let repeated = 0;
	for (const name of await readdir(stateFolder)) {
		const text = await readFile(join(stateFolder, name), "utf8").catch(() => "");
		const seen = new Set<number>();
		for (const match of text.matchAll(/^[0-9a-f]{8} \{"seq":(\d+),/gm)) {
			const seq = Number(match[1]);
			if (seen.has(seq)) repeated++;
			seen.add(seq);
		}
	}
	return repeated;
}
