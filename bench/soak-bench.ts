/**
 * Soak: the load targets of issue 15 against the real `serve` (default settings, a copy of the
 * example vault, 127.0.0.1, its own process), each phase with a fresh server:
 *
 *   cost      what one abandoned session costs (in a fresh process of its own, no cap, no reaping)
 *   sessions  20,000 sessions opened and never closed while a normal client keeps calling
 *             memory_recall: the server stays up, RSS stays under 300 MB, the client is served
 *   mix       20 clients for 60 s, 30 % memory_store and 70 % memory_recall: every acknowledged
 *             store is in exactly one note (0 lost, 0 duplicated)
 *   pathological  every pathological note of bench/pathological-notes.ts (100 KB each) stored
 *             through memory_store while another client recalls: each store under 1 s, the other
 *             client never waits more than 1 s
 *   first-stores  a new vault, three memory_store calls as soon as the port answers, then a
 *             recall: 0 stores refused, the first store found first (issue 29.3)
 *   takeover  serve A stopped (SIGSTOP) past the writer lock's stale time, serve B takes the lock
 *             over, A resumes with write calls waiting: 0 writes by A, each refused naming B
 *
 *   npm run bench -- soak [--phases cost,sessions,mix,pathological] [--sessions 20000] [--concurrency 16]
 *     [--max-seconds 600] [--probe-ms 50] [--clients 20] [--seconds 60] [--store-share 0.3]
 *     [--cost-sessions 2000] [--seed 1] [--note-bytes 100000] [--runs 8] [--pause-seconds 126] [--after-seconds 10]
 *
 * Every phase is bounded in count and time and stops its server; the exit code is 1 when a
 * target is missed. A new load is one more entry in PHASES.
 */
import { runInFreshProcess, reportToParent } from "./fresh-process";
import { parseFlags, type BenchFlags } from "./flags";
import { formatTable } from "./table";
import { runClientMix } from "./soak/client-mix";
import { runLockTakeover } from "./soak/lock-takeover";
import { runFirstStores } from "./soak/first-stores";
import { storePathologicalNotes } from "./soak/pathological-stores";
import { runServeChild, SERVE_CHILD_FLAG, startServeChild } from "./soak/serve-child";
import { measureSessionCost, type SessionCost } from "./soak/session-cost";
import { floodAbandonedSessions, latencySummary } from "./soak/session-flood";
import { printLine } from "../src/node/cli/terminal";

const COST_CHILD_FLAG = "--cost-child";
const RSS_TARGET_BYTES = 300 * 1024 * 1024;

interface PhaseResult {
	table: string;
	/** Targets missed, as sentences; empty when every target was met. */
	missed: string[];
}

type Phase = (flags: BenchFlags) => Promise<PhaseResult>;

const PHASES: Record<string, Phase> = {
	cost: sessionCostPhase,
	sessions: abandonedSessionsPhase,
	mix: clientMixPhase,
	pathological: pathologicalPhase,
	"first-stores": firstStoresPhase,
	takeover: lockTakeoverPhase,
};

async function firstStoresPhase(flags: BenchFlags): Promise<PhaseResult> {
	const report = await runFirstStores(flags.number("runs", 8));
	const latency = latencySummary(report.ms);
	const table = formatTable(
		["runs", "stores", "refused", "recall misses", "stores + recall p50 ms", "max ms"],
		[[report.runs, report.runs * 3, report.refused, report.misses, round(latency.p50, 0), round(latency.max, 0)]],
	);
	const missed: string[] = [];
	if (report.refused > 0) missed.push(`${report.refused} stores were refused`);
	if (report.misses > 0) missed.push(`${report.misses} recalls did not find the first store first`);
	return { table, missed };
}

async function lockTakeoverPhase(flags: BenchFlags): Promise<PhaseResult> {
	const report = await runLockTakeover({
		pauseSeconds: flags.number("pause-seconds", 126),
		clients: flags.number("clients", 4),
		afterSeconds: flags.number("after-seconds", 10),
		stores: 10,
	});
	const yes = (value: boolean): string => (value ? "yes" : "NO");
	const table = formatTable(
		[
			"paused s",
			"B ready s",
			"writes to A",
			"done by A",
			"refused naming B",
			"other",
			"recalls to A",
			"recalls failed",
			"files changed by A",
			"lock still B",
			"A status says so",
			"A log says so",
			"stores by B",
			"B missing",
			"repeated seqs",
		],
		[
			[
				flags.number("pause-seconds", 126),
				round(report.takeoverSeconds, 1),
				report.writesToA,
				report.writesDoneByA,
				report.writesRefusedNamingB,
				report.writesOtherwise,
				report.recallsToA,
				report.recallsFailed,
				report.filesChangedByA,
				yes(report.lockStillB),
				yes(report.statusNamesB),
				yes(report.logSaysLost),
				report.storedByB,
				report.storedByBMissing,
				report.repeatedSeqs,
			],
		],
	);
	const missed: string[] = [];
	if (report.writesDoneByA > 0) missed.push(`A, without the lock, did ${report.writesDoneByA} writes`);
	if (report.filesChangedByA > 0) missed.push(`${report.filesChangedByA} files changed while only A was called`);
	if (report.writesOtherwise > 0) missed.push(`${report.writesOtherwise} writes to A were not refused naming B`);
	if (report.recallsFailed > 0) missed.push(`${report.recallsFailed} recalls to A failed`);
	if (!report.lockStillB) missed.push("the lock file no longer names B");
	if (!report.statusNamesB) missed.push("A's memory_stats does not say its writes are refused for B");
	if (report.storedByBMissing > 0 || report.storedByB === 0) missed.push("B's stores are not all in the vault");
	if (report.repeatedSeqs > 0) missed.push(`${report.repeatedSeqs} activity records repeat a sequence number`);
	return { table, missed };
}

const PATHOLOGICAL_TARGET_MS = 1000;

async function pathologicalPhase(flags: BenchFlags): Promise<PhaseResult> {
	const server = await startServeChild();
	try {
		const bytes = flags.number("note-bytes", 100_000);
		const report = await storePathologicalNotes(server, { bytes, probeMs: flags.number("probe-ms", 50) });
		const slowest = [...report.stores].sort((a, b) => b.ms - a.ms);
		const latency = latencySummary(report.probeLatencies);
		const table = formatTable(
			[
				"notes",
				"bytes each",
				"refused",
				"slowest store",
				"slowest ms",
				"store p50 ms",
				"probe calls",
				"probe failed",
				"probe p95 ms",
				"probe max ms",
				"server alive",
			],
			[
				[
					report.stores.length,
					bytes,
					report.stores.filter((store) => store.refused).length,
					slowest[0]?.name ?? "",
					round(slowest[0]?.ms ?? 0, 0),
					round(latencySummary(report.stores.map((store) => store.ms)).p50, 0),
					report.probeLatencies.length + report.probeFailures,
					report.probeFailures,
					round(latency.p95, 0),
					round(latency.max, 0),
					server.alive() ? "yes" : "NO",
				],
			],
		);
		const missed: string[] = [];
		for (const store of slowest.filter((s) => s.ms >= PATHOLOGICAL_TARGET_MS))
			missed.push(`storing ${store.name} took ${round(store.ms, 0)} ms`);
		if (latency.max >= PATHOLOGICAL_TARGET_MS)
			missed.push(`the other client waited ${round(latency.max, 0)} ms for a recall`);
		if (report.probeFailures > 0) missed.push(`the other client failed ${report.probeFailures} times`);
		if (!server.alive()) missed.push(`the server died:\n${server.stderrTail()}`);
		return { table, missed };
	} finally {
		await server.stop();
	}
}

async function sessionCostPhase(flags: BenchFlags): Promise<PhaseResult> {
	const sessions = flags.number("cost-sessions", 2000);
	const cost = await runInFreshProcess<SessionCost>([COST_CHILD_FLAG, String(sessions)]);
	const table = formatTable(
		["abandoned sessions", "heap KB / session", "RSS KB / session"],
		[[cost.sessions, round(cost.heapBytesPerSession / 1024, 1), round(cost.rssBytesPerSession / 1024, 1)]],
	);
	return { table, missed: [] };
}

async function abandonedSessionsPhase(flags: BenchFlags): Promise<PhaseResult> {
	const sessions = flags.number("sessions", 20_000);
	const server = await startServeChild();
	try {
		const report = await floodAbandonedSessions(server, {
			sessions,
			concurrency: flags.number("concurrency", 16),
			maxSeconds: flags.number("max-seconds", 600),
			probeIntervalMs: flags.number("probe-ms", 50),
		});
		const latency = latencySummary(report.probeLatencies);
		const table = formatTable(
			[
				"opened",
				"refused",
				"failed",
				"s",
				"opened/s",
				"peak RSS MB",
				"end RSS MB",
				"client calls",
				"client failed",
				"p50 ms",
				"p95 ms",
				"max ms",
				"server alive",
			],
			[
				[
					report.opened,
					report.refused,
					report.failed,
					round(report.seconds, 1),
					round(report.opened / report.seconds, 0),
					mb(report.peakRss),
					report.finalRss === undefined ? "gone" : mb(report.finalRss),
					report.probeCalls,
					report.probeFailures,
					round(latency.p50, 1),
					round(latency.p95, 1),
					round(latency.max, 1),
					report.alive ? "yes" : "NO",
				],
			],
		);
		const missed: string[] = [];
		if (!report.alive) missed.push(`the server died:\n${server.stderrTail()}`);
		if (report.opened < sessions)
			missed.push(
				`only ${report.opened} of ${sessions} sessions were opened (${report.refused} refused, ${report.failed} failed, time limit ${flags.number("max-seconds", 600)} s)`,
			);
		if (report.peakRss >= RSS_TARGET_BYTES)
			missed.push(`peak RSS ${mb(report.peakRss)} MB is not under ${mb(RSS_TARGET_BYTES)} MB`);
		if (report.probeFailures > 0) missed.push(`the normal client failed ${report.probeFailures} times`);
		return { table, missed };
	} finally {
		await server.stop();
	}
}

async function clientMixPhase(flags: BenchFlags): Promise<PhaseResult> {
	const server = await startServeChild();
	try {
		const clients = flags.number("clients", 20);
		const report = await runClientMix(server, {
			clients,
			seconds: flags.number("seconds", 60),
			storeShare: flags.number("store-share", 0.3),
			seed: flags.number("seed", 1),
		});
		const stores = latencySummary(report.storeLatencies);
		const recalls = latencySummary(report.recallLatencies);
		const table = formatTable(
			[
				"clients",
				"s",
				"stores",
				"stores/s",
				"store p50 ms",
				"store p95 ms",
				"recalls",
				"recalls/s",
				"recall p50 ms",
				"recall p95 ms",
				"errors",
				"lost",
				"duplicated",
				"unacked in vault",
				"peak RSS MB",
			],
			[
				[
					clients,
					round(report.seconds, 1),
					report.storeLatencies.length,
					round(report.storeLatencies.length / report.seconds, 1),
					round(stores.p50, 0),
					round(stores.p95, 0),
					report.recallLatencies.length,
					round(report.recallLatencies.length / report.seconds, 1),
					round(recalls.p50, 0),
					round(recalls.p95, 0),
					report.storeErrors + report.recallErrors,
					report.lost,
					report.duplicated,
					report.unacknowledged,
					mb(report.peakRss),
				],
			],
		);
		const missed: string[] = [];
		if (report.lost > 0) missed.push(`${report.lost} acknowledged stores are in no note`);
		if (report.duplicated > 0) missed.push(`${report.duplicated} acknowledged stores are in more than one note`);
		if (report.storeErrors + report.recallErrors > 0)
			missed.push(`${report.storeErrors} stores and ${report.recallErrors} recalls failed`);
		if (!server.alive()) missed.push(`the server died:\n${server.stderrTail()}`);
		return { table, missed };
	} finally {
		await server.stop();
	}
}

async function main(): Promise<void> {
	const [mode, argument] = process.argv.slice(2);
	if (mode === SERVE_CHILD_FLAG) {
		process.exitCode = await runServeChild(argument);
		return;
	}
	if (mode === COST_CHILD_FLAG) {
		reportToParent(await measureSessionCost(Number(argument)));
		return;
	}
	const flags = parseFlags();
	const names = (flags.text("phases") ?? Object.keys(PHASES).join(",")).split(",");
	for (const name of names) {
		if (!(name in PHASES)) throw new Error(`unknown soak phase "${name}"; phases: ${Object.keys(PHASES).join(", ")}`);
	}
	let missedAny = false;
	for (const name of names) {
		printLine(`\n## ${name}\n`);
		const result = await PHASES[name](flags);
		printLine(result.table);
		for (const missed of result.missed) printLine(`MISSED: ${missed}`);
		if (result.missed.length === 0) printLine("targets met");
		missedAny ||= result.missed.length > 0;
	}
	if (missedAny) process.exitCode = 1;
}

function round(value: number, digits: number): number {
	const factor = 10 ** digits;
	return Math.round(value * factor) / factor;
}

function mb(bytes: number): number {
	return Math.round(bytes / (1024 * 1024));
}

await main();
