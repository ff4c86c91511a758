/**
 * What the cue index costs: over a synthetic vault, CPU time of each indexing stage per note
 * (parse, keyword index, cue extraction and the cue index), the heap the cue index keeps, and
 * the CPU time of the cue channel per query. CPU time, not wall time, so the figures hold on a
 * busy machine.
 *
 *   npm run bench -- cues [--notes 10000] [--seed 1] [--queries 200]
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { loadavg } from "node:os";
import { cueHits, cueQuery } from "../src/core/cues/cue-recall";
import { extractCues } from "../src/core/cues/extract-cues";
import { DEFAULT_RECALL_SETTINGS } from "../src/core/model/recall-settings";
import type { ParsedNote } from "../src/core/model/parsed-note";
import { parseNote } from "../src/core/parse/parse-note";
import { keywordDocument, noteTitle } from "../src/core/recall/keyword/keyword-document";
import { KeywordIndex } from "../src/core/recall/keyword/keyword-index";
import { tokenize } from "../src/core/recall/keyword/tokenize";
import { CueIndex } from "../src/engine/recall/cue-index";
import { FsVault } from "../src/node/fs/fs-vault";
import { printLine } from "../src/node/cli/terminal";
import { benchVault } from "./bench-vaults";
import { parseFlags } from "./flags";
import { percentile } from "./percentile";
import { createRng } from "./prng";
import { collectGarbage } from "./rss-sampler";
import { formatTable } from "./table";

const MB = 1024 * 1024;

function cpuMs(since: NodeJS.CpuUsage): number {
	const used = process.cpuUsage(since);
	return (used.user + used.system) / 1000;
}

async function main(): Promise<void> {
	const flags = parseFlags();
	const notes = flags.number("notes", 10_000);
	const seed = flags.number("seed", 1);
	const queries = flags.number("queries", 200);
	const { dir } = await benchVault(notes, seed);
	const files = await new FsVault(dir).list();
	const texts = await Promise.all(files.map((file) => readFile(join(dir, file.path), "utf8")));

	let started = process.cpuUsage();
	const parsed: ParsedNote[] = texts.map((text) => parseNote(text));
	const parseMs = cpuMs(started);

	const keyword = new KeywordIndex({});
	started = process.cpuUsage();
	files.forEach((file, i) => keyword.replace(keywordDocument(file.path, texts[i], parsed[i], keyword.settings), ""));
	const keywordMs = cpuMs(started);

	started = process.cpuUsage();
	let cueCount = 0;
	files.forEach((file, i) => {
		cueCount += extractCues({ content: texts[i], parsed: parsed[i], ctime: file.ctime }, noteTitle(file.path)).cues
			.length;
	});
	const extractMs = cpuMs(started);

	collectGarbage();
	const heapBefore = process.memoryUsage().heapUsed;
	const cues = new CueIndex();
	started = process.cpuUsage();
	files.forEach((file, i) =>
		cues.update(file.path, { content: texts[i], parsed: parsed[i], ctime: file.ctime }, noteTitle(file.path)),
	);
	const indexMs = cpuMs(started);
	collectGarbage();
	const heapMB = (process.memoryUsage().heapUsed - heapBefore) / MB;

	const words = [...new Set(texts.slice(0, 500).flatMap((text) => tokenize(text).filter((w) => w.length > 3)))];
	const rng = createRng(seed);
	const pick = (): string => words[Math.floor(rng.next() * words.length)];
	const times: number[] = [];
	for (let i = 0; i < queries; i++) {
		const query = `What did ${pick()} say about ${pick()} and ${pick()} last week?`;
		const t0 = process.cpuUsage();
		cueHits(cues, cueQuery(query, 19_500), DEFAULT_RECALL_SETTINGS.cues, 200);
		times.push(cpuMs(t0));
	}

	const perNote = (ms: number): string => `${((ms / files.length) * 1000).toFixed(0)} µs`;
	printLine(`cues bench: ${files.length} notes (seed ${seed}), load average ${loadavg()[0].toFixed(1)}; CPU time`);
	printLine(
		formatTable(
			["stage", "CPU ms", "per note"],
			[
				["parse (parseNote)", Math.round(parseMs), perNote(parseMs)],
				["keyword index", Math.round(keywordMs), perNote(keywordMs)],
				["cue extraction", Math.round(extractMs), perNote(extractMs)],
				["cue index (extraction + maps)", Math.round(indexMs), perNote(indexMs)],
			],
		),
	);
	printLine(
		`cue index: ${(cueCount / files.length).toFixed(1)} cues a note, heap kept ${heapMB.toFixed(1)} MB; cue index ÷ (parse + keyword) = ${((100 * indexMs) / (parseMs + keywordMs)).toFixed(0)} %`,
	);
	printLine(
		`cue channel per query (${queries} questions of 3 vault words and "last week"): CPU p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms`,
	);
}

main().catch((error: unknown) => {
	printLine(error instanceof Error ? (error.stack ?? error.message) : String(error));
	process.exitCode = 1;
});
