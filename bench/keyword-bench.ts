import { cpus, loadavg } from "node:os";
import { collectedBytes, joinedBytes, type CacheBytes, type CacheStore } from "../src/core/model/cache-store";
import { setImmediate } from "node:timers";
import { decodeKeywordIndex, encodeKeywordIndexStream } from "../src/core/recall/keyword/keyword-codec";
import { keywordDocument, type KeywordDocument } from "../src/core/recall/keyword/keyword-document";
import { KeywordIndex } from "../src/core/recall/keyword/keyword-index";
import { tokenize } from "../src/core/recall/keyword/tokenize";
import { fileStamp, fileStamps, loadKeywordCache, saveKeywordCache } from "../src/engine/recall/keyword-cache";
import { FsVault } from "../src/node/fs/fs-vault";
import { benchVault } from "./bench-vaults";
import { parseFlags } from "./flags";
import { reportToParent, runInFreshProcess } from "./fresh-process";
import { percentile } from "./percentile";
import { createRng, type Rng } from "./prng";
import { collectGarbage, startRssSampler } from "./rss-sampler";
import { threadCpuMs } from "./slice-meter";
import { formatTable, type Cell } from "./table";
import { printLine } from "../src/node/cli/terminal";

/** `npm run bench -- keyword [--notes N] [--seed S] [--queries Q]` */

const MB = 1024 * 1024;
const WARMUP_QUERIES = 20;
const REPLACEMENTS = 200;
const QUERY_KINDS = ["1 word", "3 words", "prefix", "typo", "question"] as const;

interface Result {
	notes: number;
	bodyMB: number;
	documentsMs: number;
	buildMs: number;
	/** CPU time of the build: less distorted than wall time on a busy machine. */
	buildCpuMs: number;
	peakRssMB: number;
	indexHeapMB: number;
	/** Heap and array buffers: the postings' typed arrays are not in the heap. */
	indexMemoryMB: number;
	terms: number;
	/** Whole process, build to last query. */
	processPeakRssMB: number;
	heapAfterMB: number;
	indexBytesMB: number;
	encodeMs: number;
	encodeSliceMs: number;
	encodeSliceCpuMs: number;
	decodeMs: number;
	decodeSliceMs: number;
	decodeSliceCpuMs: number;
	/** Heap and array buffers of the decoded copy (the bytes themselves excluded: still held). */
	decodedMemoryMB: number;
	cacheMB: number;
	saveMs: number;
	saveCpuMs: number;
	loadMs: number;
	loadCpuMs: number;
	replace: { p50: number; p95: number };
	queries: {
		kind: string;
		count: number;
		hits: number;
		p50: number;
		p95: number;
		max: number;
		cpuP50: number;
		cpuP95: number;
	}[];
}

function cpuMs(since?: NodeJS.CpuUsage): number {
	const used = process.cpuUsage(since);
	return (used.user + used.system) / 1000;
}

class MemoryStore implements CacheStore {
	readonly location = "memory";
	readonly files = new Map<string, Uint8Array>();
	read = (name: string): Promise<Uint8Array | null> => Promise.resolve(this.files.get(name) ?? null);
	write = async (name: string, bytes: CacheBytes): Promise<void> => {
		this.files.set(name, await collectedBytes(bytes));
	};
	remove = (name: string): Promise<void> => {
		this.files.delete(name);
		return Promise.resolve();
	};
}

/** Child mode: everything measured in this fresh process. */
async function measure(dir: string, seed: number, queryCount: number): Promise<Result> {
	const vault = new FsVault(dir);
	const files = await vault.list();
	let documents: KeywordDocument[] = [];
	let documentsMs = 0;
	for (const file of files) {
		const note = await vault.load(file.path);
		if (!note) throw new Error(`${file.path} disappeared`);
		const t0 = performance.now();
		documents.push(keywordDocument(note.file.path, note.content, note.parsed));
		documentsMs += performance.now() - t0;
	}
	const bodyMB = documents.reduce((sum, doc) => sum + doc.body.length, 0) / MB;

	collectGarbage();
	const heapBefore = process.memoryUsage().heapUsed;
	const memoryBefore = memoryInUse();
	const sampler = startRssSampler();
	const started = performance.now();
	const cpu = process.cpuUsage();
	const index = new KeywordIndex();
	for (const [i, doc] of documents.entries()) index.add(doc, fileStamp(files[i]));
	const buildMs = performance.now() - started;
	const buildCpuMs = cpuMs(cpu);
	const peakRssMB = sampler.stop() / MB;
	collectGarbage();
	const indexHeapMB = (process.memoryUsage().heapUsed - heapBefore) / MB;
	const indexMemoryMB = (memoryInUse() - memoryBefore) / MB;

	const rng = createRng(seed + 1);
	const words = vocabulary(documents, seed);
	const edited = Array.from({ length: REPLACEMENTS }, () => documents[rng.int(documents.length)]);
	documents = [];

	const codec = await measureCodec(index);
	const cache = await measureCache(index, fileStamps(files));
	collectGarbage();

	for (let i = 0; i < WARMUP_QUERIES; i++) index.match(makeQuery("3 words", words, rng), { limit: 20 });
	const queries = QUERY_KINDS.map((kind) => {
		const times: number[] = [];
		const cpuTimes: number[] = [];
		let hits = 0;
		for (let i = 0; i < queryCount; i++) {
			const query = makeQuery(kind, words, rng);
			const t0 = performance.now();
			const c0 = process.cpuUsage();
			hits += index.match(query, { limit: 20 }).length;
			cpuTimes.push(cpuMs(c0));
			times.push(performance.now() - t0);
		}
		return {
			kind,
			count: queryCount,
			hits: hits / queryCount,
			p50: percentile(times, 50),
			p95: percentile(times, 95),
			max: Math.max(...times),
			cpuP50: percentile(cpuTimes, 50),
			cpuP95: percentile(cpuTimes, 95),
		};
	});

	const replaceTimes = edited.map((doc, i) => {
		const t0 = performance.now();
		index.replace({ ...doc, body: `${doc.body}\nedited ${i}` }, `edit:${i}`);
		return performance.now() - t0;
	});

	collectGarbage();
	const heapAfterMB = process.memoryUsage().heapUsed / MB;
	return {
		notes: index.size,
		processPeakRssMB: (process.resourceUsage().maxRSS * 1024) / MB,
		heapAfterMB,
		...codec,
		bodyMB,
		documentsMs,
		buildMs,
		buildCpuMs,
		peakRssMB,
		indexHeapMB,
		indexMemoryMB,
		terms: index.termCount,
		...cache,
		replace: { p50: percentile(replaceTimes, 50), p95: percentile(replaceTimes, 95) },
		queries,
	};
}

/** A yieldNow that measures the synchronous stretches between its calls (the slices): wall ms and thread CPU ms. */
function sliceTimer(): { yieldNow: () => Promise<void>; longest: () => { wall: number; cpu: number } } {
	let started = performance.now();
	let cpuStarted = threadCpuMs() ?? 0;
	let wall = 0;
	let cpu = 0;
	const end = (): void => {
		wall = Math.max(wall, performance.now() - started);
		cpu = Math.max(cpu, (threadCpuMs() ?? 0) - cpuStarted);
	};
	return {
		yieldNow: async () => {
			end();
			await new Promise<void>((resolve) => setImmediate(resolve));
			started = performance.now();
			cpuStarted = threadCpuMs() ?? 0;
		},
		longest: () => {
			end();
			return { wall, cpu };
		},
	};
}

/** Heap plus the typed arrays' backing stores, which live outside the heap. */
function memoryInUse(): number {
	const { heapUsed, arrayBuffers } = process.memoryUsage();
	return heapUsed + arrayBuffers;
}

/** Encodes the index to bytes and decodes them, both in slices; the decoded copy's heap is measured, then dropped. */
async function measureCodec(
	index: KeywordIndex,
): Promise<
	Pick<
		Result,
		| "indexBytesMB"
		| "encodeMs"
		| "encodeSliceMs"
		| "encodeSliceCpuMs"
		| "decodeMs"
		| "decodeSliceMs"
		| "decodeSliceCpuMs"
		| "decodedMemoryMB"
	>
> {
	const encodeSlices = sliceTimer();
	let started = performance.now();
	// As a save runs it: each piece taken (copied, as the IndexedDB store does) before the next is made.
	const pieces: Uint8Array[] = [];
	for await (const piece of encodeKeywordIndexStream(index, encodeSlices.yieldNow)) pieces.push(piece.slice());
	const encodeMs = performance.now() - started;
	const encodeSlice = encodeSlices.longest();
	const bytes = joinedBytes(pieces);
	collectGarbage();
	const memoryBefore = memoryInUse();
	const decodeSlices = sliceTimer();
	started = performance.now();
	const decoded = await decodeKeywordIndex(bytes, index.settings, decodeSlices.yieldNow);
	const decodeMs = performance.now() - started;
	const decodeSlice = decodeSlices.longest();
	collectGarbage();
	const decodedMemoryMB = (memoryInUse() - memoryBefore) / MB;
	if (decoded.size !== index.size) throw new Error(`decoded ${decoded.size} notes of ${index.size}`);
	return {
		indexBytesMB: bytes.byteLength / MB,
		encodeMs,
		encodeSliceMs: encodeSlice.wall,
		encodeSliceCpuMs: encodeSlice.cpu,
		decodeMs,
		decodeSliceMs: decodeSlice.wall,
		decodeSliceCpuMs: decodeSlice.cpu,
		decodedMemoryMB,
	};
}

/** Saves the index into memory and loads it back; the loaded copy is dropped on return. */
async function measureCache(
	index: KeywordIndex,
	stamps: Map<string, string>,
): Promise<Pick<Result, "cacheMB" | "saveMs" | "saveCpuMs" | "loadMs" | "loadCpuMs">> {
	const storage = new MemoryStore();
	let started = performance.now();
	let cpu = process.cpuUsage();
	await saveKeywordCache(storage, index);
	const saveMs = performance.now() - started;
	const saveCpuMs = cpuMs(cpu);
	const cacheMB = [...storage.files.values()].reduce((sum, bytes) => sum + bytes.byteLength, 0) / MB;
	started = performance.now();
	cpu = process.cpuUsage();
	const loaded = await loadKeywordCache(storage, stamps);
	const loadMs = performance.now() - started;
	const loadCpuMs = cpuMs(cpu);
	if (loaded.index === null) throw new Error(`cache did not load: ${loaded.reason}`);
	if (loaded.index.size !== index.size) throw new Error(`cache loaded ${loaded.index.size} notes of ${index.size}`);
	return { cacheMB, saveMs, saveCpuMs, loadMs, loadCpuMs };
}

/** Body words of a sample of notes, weighted by how often they occur (Zipf, like real queries). */
function vocabulary(documents: readonly KeywordDocument[], seed: number): string[] {
	const rng = createRng(seed);
	const words: string[] = [];
	for (let i = 0; i < 300; i++) {
		for (const term of tokenize(documents[rng.int(documents.length)].body))
			if (term.length >= 3 && !/\d/.test(term)) words.push(term);
	}
	return words;
}

function makeQuery(kind: (typeof QUERY_KINDS)[number], words: readonly string[], rng: Rng): string {
	const word = (): string => rng.pick(words);
	switch (kind) {
		case "1 word":
			return word();
		case "3 words":
			return `${word()} ${word()} ${word()}`;
		case "prefix": {
			const w = word();
			return w.slice(0, Math.max(3, Math.ceil(w.length * 0.6)));
		}
		case "typo": {
			let w = word();
			while (w.length < 5) w = word();
			const at = 1 + rng.int(w.length - 2);
			return `${w.slice(0, at)}${w[at + 1]}${w[at]}${w.slice(at + 2)}`;
		}
		case "question":
			return `When did we ${word()} the ${word()} for ${word()} and ${word()}?`;
	}
}

const round = (value: number, digits = 2): number => Number(value.toFixed(digits));

async function main(): Promise<void> {
	const flags = parseFlags();
	const seed = flags.number("seed", 1);
	const queryCount = flags.number("queries", 200);
	const dir = flags.text("measure");
	if (dir !== undefined) return reportToParent(await measure(dir, seed, queryCount));

	const notes = flags.number("notes", 10_000);
	const load = loadavg()[0].toFixed(1);
	printLine(
		`keyword bench: node ${process.version}, ${cpus()[0]?.model ?? "unknown CPU"} x${cpus().length}, load average ${load}, seed ${seed}`,
	);
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

	printLine(
		`\nBuild (fresh process; documents = note → keyword document, build = index add of all documents; cache = saveKeywordCache / loadKeywordCache into memory)\n`,
	);
	printLine(
		formatTable(
			[
				"notes",
				"body MB",
				"documents ms",
				"build ms",
				"build CPU ms",
				"notes/s",
				"peak RSS MB",
				"index heap MB",
				"heap+buffers MB",
				"terms",
				"cache MB",
				"save ms (CPU)",
				"load ms (CPU)",
			],
			[
				[
					r.notes,
					round(r.bodyMB, 1),
					Math.round(r.documentsMs),
					Math.round(r.buildMs),
					Math.round(r.buildCpuMs),
					Math.round(r.notes / (r.buildMs / 1000)),
					Math.round(r.peakRssMB),
					Math.round(r.indexHeapMB),
					Math.round(r.indexMemoryMB),
					r.terms,
					round(r.cacheMB, 1),
					`${Math.round(r.saveMs)} (${Math.round(r.saveCpuMs)})`,
					`${Math.round(r.loadMs)} (${Math.round(r.loadCpuMs)})`,
				],
			],
		),
	);
	printLine(
		`\nBytes (encodeKeywordIndexStream, each piece copied as it comes, / decodeKeywordIndex with a setImmediate yield between slices; slice CPU is thread CPU time in 10 ms ticks)\n`,
	);
	printLine(
		formatTable(
			[
				"index bytes MB",
				"encode ms",
				"longest encode slice ms (CPU)",
				"decode ms",
				"longest decode slice ms (CPU)",
				"decoded heap+buffers MB",
				"heap at end MB",
				"process peak RSS MB",
			],
			[
				[
					round(r.indexBytesMB, 1),
					Math.round(r.encodeMs),
					`${round(r.encodeSliceMs, 1)} (${r.encodeSliceCpuMs})`,
					Math.round(r.decodeMs),
					`${round(r.decodeSliceMs, 1)} (${r.decodeSliceCpuMs})`,
					Math.round(r.decodedMemoryMB),
					Math.round(r.heapAfterMB),
					Math.round(r.processPeakRssMB),
				],
			],
		),
	);
	printLine(`\nQueries (limit 20, after ${WARMUP_QUERIES} warm-up queries)\n`);
	const rows: Cell[][] = r.queries.map((q) => [
		q.kind,
		q.count,
		round(q.hits, 1),
		round(q.p50),
		round(q.p95),
		round(q.max),
		round(q.cpuP50),
		round(q.cpuP95),
	]);
	printLine(formatTable(["query", "count", "hits", "p50 ms", "p95 ms", "max ms", "CPU p50 ms", "CPU p95 ms"], rows));
	printLine(
		`\nreplace one note (${REPLACEMENTS}×): p50 ${round(r.replace.p50, 3)} ms, p95 ${round(r.replace.p95, 3)} ms`,
	);
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? (error.stack ?? error.message) : error);
	process.exitCode = 1;
});
