import { existsSync } from "node:fs";
import { cp, readFile, rm, writeFile } from "node:fs/promises";
import { cpus } from "node:os";
import { basename, join, resolve } from "node:path";
import { summarizeGraph } from "../src/core/graph/summary";
import { VaultIndex } from "../src/engine/index/vault-index";
import { FsVault } from "../src/node/fs/fs-vault";
import { benchVault } from "./bench-vaults";
import { parseFlags } from "./flags";
import { reportToParent, runInFreshProcess } from "./fresh-process";
import { percentile } from "./percentile";
import { createRng } from "./prng";
import { collectGarbage, startRssSampler } from "./rss-sampler";
import { formatTable, type Cell } from "./table";
import { printLine } from "../src/node/cli/terminal";

/** `npm run bench -- index [--large] [--notes N] [--seed S] [--corpus DIR]` */

const DEFAULT_SIZES = [1_000, 10_000];
const LARGE_SIZE = 100_000;
const INCREMENTAL_SIZE = 10_000;
const INCREMENTAL_EVENTS = 50;
const MB = 1024 * 1024;

interface BuildResult {
	notes: number;
	edges: number;
	warnings: number;
	ms: number;
	peakRssBytes: number;
	/** Heap still in use after the build and a full GC: what the index keeps. */
	heapAfterBytes: number;
	orphans: number;
	dangling: number;
}

interface IncrementalResult {
	note: string;
	timesMs: number[];
	edgesAdded: number;
}

/** Child mode: one cold full index of `dir` in this fresh process. */
async function measureBuild(dir: string): Promise<BuildResult> {
	const index = new VaultIndex(new FsVault(dir), {});
	collectGarbage();
	const sampler = startRssSampler();
	const started = performance.now();
	const report = await index.build(() => {});
	const ms = performance.now() - started;
	const peakRssBytes = sampler.stop();
	collectGarbage();
	const summary = summarizeGraph(index.graph);
	return {
		notes: report.notes,
		edges: report.edges,
		warnings: report.warnings.length,
		ms,
		peakRssBytes,
		heapAfterBytes: process.memoryUsage().heapUsed,
		orphans: summary.orphans.length,
		dangling: summary.dangling.length,
	};
}

/**
 * Child mode: index a scratch copy of `dir`, then append a link to one note and apply the
 * `modify` event, INCREMENTAL_EVENTS times. The copy keeps the cached vault untouched.
 */
async function measureIncremental(dir: string, seed: number): Promise<IncrementalResult> {
	const scratch = `${dir}-scratch`;
	await rm(scratch, { recursive: true, force: true });
	await cp(dir, scratch, { recursive: true });
	try {
		const vault = new FsVault(scratch);
		const index = new VaultIndex(vault, {});
		await index.build(() => {});
		const paths = (await vault.list()).map((file) => file.path).sort();
		const nameCount = new Map<string, number>();
		for (const path of paths) nameCount.set(basename(path, ".md"), (nameCount.get(basename(path, ".md")) ?? 0) + 1);
		const linkText = (path: string): string =>
			nameCount.get(basename(path, ".md")) === 1 ? basename(path, ".md") : path.slice(0, -".md".length);

		const rng = createRng(seed);
		const note = paths[rng.int(paths.length)];
		const file = join(scratch, note);
		let content = await readFile(file, "utf8");
		const edgesBefore = index.graph.graph.size;
		const timesMs: number[] = [];
		for (let event = 0; event < INCREMENTAL_EVENTS; event++) {
			const target = paths[rng.int(paths.length)];
			content += `\nBench edit ${event} links [[${linkText(target)}]].\n`;
			await writeFile(file, content);
			const started = performance.now();
			await index.apply({ type: "modify", path: note });
			timesMs.push(performance.now() - started);
		}
		return { note, timesMs, edgesAdded: index.graph.graph.size - edgesBefore };
	} finally {
		await rm(scratch, { recursive: true, force: true });
	}
}

function buildRow(label: string, result: BuildResult): Cell[] {
	return [
		label,
		result.notes,
		result.edges,
		result.orphans,
		result.dangling,
		result.warnings,
		Math.round(result.ms),
		Math.round(result.notes / (result.ms / 1000)),
		Math.round(result.peakRssBytes / MB),
		Math.round(result.heapAfterBytes / MB),
	];
}

async function main(): Promise<void> {
	const flags = parseFlags();
	const seed = flags.number("seed", 1);
	const buildDir = flags.text("measure-build");
	if (buildDir !== undefined) return reportToParent(await measureBuild(buildDir));
	const incrementalDir = flags.text("measure-incremental");
	if (incrementalDir !== undefined) return reportToParent(await measureIncremental(incrementalDir, seed));

	const sizes = flags.has("notes")
		? [flags.number("notes", 0)]
		: flags.has("large")
			? [...DEFAULT_SIZES, LARGE_SIZE]
			: DEFAULT_SIZES;
	printLine(
		`index bench: node ${process.version}, ${cpus()[0]?.model ?? "unknown CPU"} x${cpus().length}, seed ${seed}`,
	);
	printLine("Each build runs in a fresh process (no warm JIT, no index caches); the OS file cache is warm.\n");

	const rows: Cell[][] = [];
	for (const notes of sizes) {
		const vault = await benchVault(notes, seed);
		if (vault.generatedSeconds > 0) printLine(`generated ${vault.dir} in ${vault.generatedSeconds.toFixed(1)} s`);
		rows.push(
			buildRow(`synthetic ${notes / 1000}k`, await runInFreshProcess<BuildResult>(["--measure-build", vault.dir])),
		);
	}
	const corpus = resolve(flags.text("corpus") ?? join("..", "shared", "corpora", "kepano-obsidian"));
	if (existsSync(corpus))
		rows.push(buildRow(basename(corpus), await runInFreshProcess<BuildResult>(["--measure-build", corpus])));
	else printLine(`skipped real corpus: ${corpus} not found (pass --corpus DIR)`);

	printLine("\nCold full index (parse + graph)\n");
	printLine(
		formatTable(
			["vault", "notes", "edges", "orphans", "dangling", "warnings", "ms", "notes/s", "peak RSS MB", "heap after MB"],
			rows,
		),
	);

	const incremental = await benchVault(INCREMENTAL_SIZE, seed);
	const result = await runInFreshProcess<IncrementalResult>([
		"--measure-incremental",
		incremental.dir,
		"--seed",
		String(seed),
	]);
	const round = (ms: number): number => Number(ms.toFixed(2));
	printLine(
		`\nIncremental update at ${INCREMENTAL_SIZE / 1000}k: append one link to "${result.note}" and apply the modify event\n`,
	);
	printLine(
		formatTable(
			["events", "edges added", "p50 ms", "p95 ms", "max ms"],
			[
				[
					result.timesMs.length,
					result.edgesAdded,
					round(percentile(result.timesMs, 50)),
					round(percentile(result.timesMs, 95)),
					round(Math.max(...result.timesMs)),
				],
			],
		),
	);
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? (error.stack ?? error.message) : error);
	process.exitCode = 1;
});
