/**
 * Recall latency: `engine.recall` (keyword + graph: keyword search, fusion, spreading activation
 * over communities, rank, diversity; read-only) over synthetic vaults, each size measured in a
 * fresh process, with queries drawn from the vault's own words.
 *
 *   npm run bench -- recall [--sizes 10000,100000] [--seed 1] [--queries 200]
 */
import { cpus, loadavg } from "node:os";
import { tokenize } from "../src/core/recall/keyword/tokenize";
import { RecallService } from "../src/engine/recall/recall-service";
import { VaultIndex } from "../src/engine/index/vault-index";
import { FsVault } from "../src/node/fs/fs-vault";
import { benchVault } from "./bench-vaults";
import { parseFlags } from "./flags";
import { reportToParent, runInFreshProcess } from "./fresh-process";
import { percentile } from "./percentile";
import { createRng, type Rng } from "./prng";
import { collectGarbage, startRssSampler } from "./rss-sampler";
import { formatTable, type Cell } from "./table";
import { printLine } from "../src/node/cli/terminal";

const MB = 1024 * 1024;
const WARMUP_QUERIES = 20;
const QUERY_KINDS = ["1 word", "3 words", "question"] as const;
/** p50 / p95 targets in ms for keyword + graph (issue 4). */
const TARGETS: Record<number, { p50?: number; p95: number }> = { 10_000: { p50: 10, p95: 30 }, 100_000: { p95: 150 } };

interface Timing {
	kind: string;
	count: number;
	results: number;
	keyword: Percentiles;
	graph: Percentiles;
	/** CPU time of the keyword+graph recall: less distorted than wall time on a busy machine. */
	graphCpu: Percentiles;
	/** keyword+graph minus keyword, query by query: what the graph stages add. */
	added: Percentiles;
}

interface Percentiles {
	p50: number;
	p95: number;
	max: number;
}

interface Result {
	notes: number;
	edges: number;
	indexMs: number;
	communitiesMs: number;
	peakRssMB: number;
	heapMB: number;
	timings: Timing[];
}

/** Child mode: index the vault and time recalls in this fresh process. */
async function measure(dir: string, seed: number, queryCount: number): Promise<Result> {
	const sampler = startRssSampler();
	const recall = new RecallService({
		createRandom: () => {
			const rng = createRng(seed);
			return () => rng.next();
		},
	});
	const index = new VaultIndex(new FsVault(dir), { onLoaded: recall.noteLoaded });
	recall.attach(index);
	let started = performance.now();
	const report = await index.build();
	const indexMs = performance.now() - started;
	started = performance.now();
	recall.refreshCommunities();
	const communitiesMs = performance.now() - started;
	collectGarbage();
	const heapMB = process.memoryUsage().heapUsed / MB;

	const words = vocabulary(recall.keyword.ids(), index, seed);
	const rng = createRng(seed + 1);
	for (let i = 0; i < WARMUP_QUERIES; i++)
		await recall.recall(makeQuery("3 words", words, rng), { readOnly: true, mode: "keyword+graph" });
	const timings: Timing[] = [];
	for (const kind of QUERY_KINDS) {
		const keyword: number[] = [];
		const graph: number[] = [];
		const graphCpu: number[] = [];
		let results = 0;
		for (let i = 0; i < queryCount; i++) {
			// Both modes on the same query, back to back, so load on the machine hits both alike.
			const query = makeQuery(kind, words, rng);
			let t0 = performance.now();
			await recall.recall(query, { readOnly: true, mode: "keyword" });
			keyword.push(performance.now() - t0);
			t0 = performance.now();
			const cpu = process.cpuUsage();
			const result = await recall.recall(query, { readOnly: true, mode: "keyword+graph" });
			graph.push(performance.now() - t0);
			graphCpu.push(cpuMs(cpu));
			results += result.results.length;
		}
		const added = graph.map((ms, i) => ms - keyword[i]);
		timings.push({
			kind,
			count: queryCount,
			results: results / queryCount,
			keyword: percentiles(keyword),
			graph: percentiles(graph),
			graphCpu: percentiles(graphCpu),
			added: percentiles(added),
		});
	}
	return {
		notes: report.notes,
		edges: report.edges,
		indexMs,
		communitiesMs,
		peakRssMB: sampler.stop() / MB,
		heapMB,
		timings,
	};
}

function cpuMs(since: NodeJS.CpuUsage): number {
	const used = process.cpuUsage(since);
	return (used.user + used.system) / 1000;
}

function percentiles(values: readonly number[]): Percentiles {
	return { p50: percentile(values, 50), p95: percentile(values, 95), max: Math.max(...values) };
}

/** Words of the titles and aliases of a sample of notes, plus their tags: what people search for. */
function vocabulary(paths: readonly string[], index: VaultIndex, seed: number): string[] {
	const rng = createRng(seed);
	const words: string[] = [];
	for (let i = 0; i < 2000 && paths.length > 0; i++) {
		const node = index.graph.node(paths[rng.int(paths.length)]);
		if (!node) continue;
		for (const term of tokenize([node.title, ...node.aliases, ...node.tags].join(" ")))
			if (term.length >= 3 && !/\d/.test(term)) words.push(term);
	}
	if (words.length === 0) throw new Error("the vault has no words to query");
	return words;
}

function makeQuery(kind: (typeof QUERY_KINDS)[number], words: readonly string[], rng: Rng): string {
	const word = (): string => rng.pick(words);
	switch (kind) {
		case "1 word":
			return word();
		case "3 words":
			return `${word()} ${word()} ${word()}`;
		case "question":
			return `What did we decide about the ${word()} ${word()} and why did the ${word()} change?`;
	}
}

const round = (value: number, digits = 1): number => Number(value.toFixed(digits));

function verdict(notes: number, timing: Percentiles): string {
	const target = TARGETS[notes];
	if (!target) return "";
	const ok = (target.p50 === undefined || timing.p50 <= target.p50) && timing.p95 <= target.p95;
	return `${ok ? "ok" : "MISSED"} (${target.p50 !== undefined ? `p50 ≤ ${target.p50}, ` : ""}p95 ≤ ${target.p95})`;
}

async function main(): Promise<void> {
	const flags = parseFlags();
	const seed = flags.number("seed", 1);
	const queryCount = flags.number("queries", 200);
	const dir = flags.text("measure");
	if (dir !== undefined) return reportToParent(await measure(dir, seed, queryCount));

	const sizes = (flags.text("sizes") ?? "10000,100000").split(",").map(Number);
	printLine(
		`recall bench: node ${process.version}, ${cpus()[0]?.model ?? "unknown CPU"} x${cpus().length}, load average ${loadavg()[0].toFixed(1)}, seed ${seed}`,
	);
	const rows: Cell[][] = [];
	const builds: Cell[][] = [];
	for (const notes of sizes) {
		const vault = await benchVault(notes, seed);
		if (vault.generatedSeconds > 0) printLine(`generated ${vault.dir} in ${vault.generatedSeconds.toFixed(1)} s`);
		const r = await runInFreshProcess<Result>([
			"--measure",
			vault.dir,
			"--seed",
			String(seed),
			"--queries",
			String(queryCount),
		]);
		builds.push([
			r.notes,
			r.edges,
			round(r.indexMs / 1000),
			Math.round(r.communitiesMs),
			Math.round(r.heapMB),
			Math.round(r.peakRssMB),
		]);
		for (const t of r.timings) {
			rows.push([
				r.notes,
				t.kind,
				t.count,
				round(t.results),
				round(t.keyword.p50, 2),
				round(t.keyword.p95, 2),
				round(t.graph.p50, 2),
				round(t.graph.p95, 2),
				round(t.graph.max),
				round(t.graphCpu.p50, 2),
				round(t.graphCpu.p95, 2),
				round(t.added.p50, 2),
				round(t.added.p95, 2),
				verdict(r.notes, t.graph),
			]);
		}
	}
	printLine(
		`\nIndex (vault index + keyword index, fresh process) and Louvain communities (computed off the recall path, by refreshCommunities())\n`,
	);
	printLine(formatTable(["notes", "edges", "index s", "communities ms", "heap MB", "peak RSS MB"], builds));
	collectGarbage();
	printLine(
		`\nRecall latency in ms (read-only, k = 10, after ${WARMUP_QUERIES} warm-up queries). keyword: recall in mode "keyword"; keyword+graph: the (b) pipeline (keyword, fusion, spreading activation, rank, diversity); k+g CPU: its process CPU time; added: keyword+graph minus keyword on the same query\n`,
	);
	printLine(
		formatTable(
			[
				"notes",
				"query",
				"count",
				"results",
				"keyword p50",
				"keyword p95",
				"k+g p50",
				"k+g p95",
				"k+g max",
				"k+g CPU p50",
				"k+g CPU p95",
				"added p50",
				"added p95",
				"k+g target",
			],
			rows,
		),
	);
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? (error.stack ?? error.message) : error);
	process.exitCode = 1;
});
