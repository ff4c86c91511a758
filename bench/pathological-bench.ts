// `npm run bench -- pathological [--size BYTES] [--count N] [--tables stages,links]`:
// - stages: how long each indexing and store stage takes on notes built to trigger super-linear
//   regexes or checks (bench/pathological-notes.ts). Target: every 1 MB note through every stage
//   in under a second.
// - links: one note repeating a link-bearing construct N times (LINK_SHAPES): its parse, its
//   edges in the graph, the engine's start over a vault holding it (FsVault, as `index` runs) and
//   `memory_link` on it (the writer's frontmatter edit, then the index applying it). Target: each
//   under 2 s at N = 100,000.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { MemoryGraph } from "../src/core/graph/memory-graph";
import { readMemorySettings } from "../src/core/model/settings";
import { parseNote } from "../src/core/parse/parse-note";
import { printLine } from "../src/node/cli/terminal";
import { parseFlags } from "./flags";
import { fsBenchEngine } from "./fs-bench-engine";
import { LINK_SHAPES, pathologicalNotes, STAGES } from "./pathological-notes";
import { formatTable } from "./table";

function stagesTable(size: number): void {
	const stages = Object.entries(STAGES);
	const rows = pathologicalNotes(size).map(({ name, content }) => {
		const times = stages.map(([, stage]) => {
			const started = performance.now();
			stage(content);
			return Math.round(performance.now() - started);
		});
		return [name, ...times, Math.max(...times)];
	});
	rows.sort((a, b) => Number(b.at(-1)) - Number(a.at(-1)));
	printLine(formatTable(["note", ...stages.map(([name]) => `${name} ms`), "max ms"], rows));
	const slowest = Number(rows[0].at(-1));
	printLine(`\n${rows.length} notes of ${size} bytes; slowest stage ${slowest} ms (target < 1000 ms)\n`);
}

function elapsed<T>(work: () => T): [T, number] {
	const started = performance.now();
	const result = work();
	return [result, Math.round(performance.now() - started)];
}

/** Wall and process CPU ms (all threads: the collector's helpers too) of an async step. */
async function elapsedAsync(work: () => Promise<unknown>): Promise<[number, number]> {
	const started = performance.now();
	const cpu = process.cpuUsage();
	await work();
	const { user, system } = process.cpuUsage(cpu);
	return [Math.round(performance.now() - started), Math.round((user + system) / 1000)];
}

/** parse, graph, engine start and memory_link (wall and CPU) on one note of `count` repeated units, in ms. */
async function linkShapeTimes(content: string): Promise<number[]> {
	const settings = readMemorySettings(null).settings;
	const [parsed, parseMs] = elapsed(() => parseNote(content));
	const graph = new MemoryGraph({ edgeKeys: settings.index.edgeKeys });
	graph.setNote({ path: "Target.md", mtime: 1, ctime: 1, size: 6, parsed: parseNote("target") });
	const [, graphMs] = elapsed(() =>
		graph.setNote({ path: "Memory/Big.md", mtime: 1, ctime: 1, size: content.length, parsed }),
	);
	const dir = await mkdtemp(join(tmpdir(), "pathological-vault-"));
	const state = await mkdtemp(join(tmpdir(), "pathological-state-"));
	try {
		await mkdir(join(dir, "Memory"));
		await writeFile(join(dir, "Target.md"), "target\n");
		await writeFile(join(dir, "Other.md"), "other\n");
		await writeFile(join(dir, "Memory", "Big.md"), content);
		const engine = fsBenchEngine(dir, state, { clock: () => Date.UTC(2026, 0, 1), settings, warn: () => undefined });
		const indexMs = await elapsedAsync(() => engine.start({ follow: false }));
		const linkMs = await elapsedAsync(() => engine.writer.link("Memory/Big.md", "Other.md", "caused_by"));
		await engine.stop();
		return [parseMs, graphMs, ...indexMs, ...linkMs];
	} finally {
		await rm(dir, { recursive: true, force: true });
		await rm(state, { recursive: true, force: true });
	}
}

async function linksTable(count: number): Promise<void> {
	const rows: (string | number)[][] = [];
	const load = loadavg()[0];
	for (const [name, make] of Object.entries(LINK_SHAPES)) {
		const content = make(count);
		const times = await linkShapeTimes(content);
		const [parseMs, graphMs, indexMs, indexCpu, linkMs, linkCpu] = times;
		rows.push([
			name,
			content.length,
			parseMs,
			graphMs,
			indexMs,
			indexCpu,
			linkMs,
			linkCpu,
			Math.max(parseMs, graphMs, indexMs, linkMs),
		]);
	}
	printLine(
		formatTable(
			[
				"note",
				"bytes",
				"parse ms",
				"graph ms",
				"index ms",
				"index cpu ms",
				"memory_link ms",
				"memory_link cpu ms",
				"max ms",
			],
			rows,
		),
	);
	const slowest = Math.max(...rows.map((row) => Number(row.at(-1))));
	printLine(
		`\n${rows.length} notes of ${count} units each; slowest ${slowest} ms (target < 2000 ms); load ${load.toFixed(1)} → ${loadavg()[0].toFixed(1)}`,
	);
}

async function main(): Promise<void> {
	const flags = parseFlags();
	const tables = (flags.text("tables") ?? "stages,links").split(",");
	if (tables.includes("stages")) stagesTable(flags.number("size", 1_000_000));
	if (tables.includes("links")) await linksTable(flags.number("count", 100_000));
}

await main();
