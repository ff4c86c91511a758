/**
 * Vector search: exact scan over N chunk embeddings (best chunk per note, top 10), float32
 * against int8, plus build time and the memory each layout holds.
 *
 *   npm run bench -- vector [--chunks 100000] [--dims 384] [--chunks-per-note 4] [--queries 60] [--seed 1]
 */
import { VectorIndex, type VectorQuantization } from "../src/core/recall/vector/vector-index";
import { parseFlags } from "./flags";
import { percentile } from "./percentile";
import { createRng, type Rng } from "./prng";
import { collectGarbage } from "./rss-sampler";
import { formatTable } from "./table";
import { printLine } from "../src/node/cli/terminal";

const flags = parseFlags();
const chunks = flags.number("chunks", 100_000);
const dims = flags.number("dims", 384);
const chunksPerNote = flags.number("chunks-per-note", 4);
const queries = flags.number("queries", 60);
const seed = flags.number("seed", 1);

/** A unit vector from one of 64 topic directions plus noise, so scores spread like real embeddings. */
function vectorSource(rng: Rng): () => Float32Array {
	const gaussian = (): number => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
	const topics = Array.from({ length: 64 }, () => Float32Array.from({ length: dims }, gaussian));
	return () => {
		const topic = rng.pick(topics);
		const vector = new Float32Array(dims);
		let norm = 0;
		for (let i = 0; i < dims; i++) {
			vector[i] = topic[i] + 1.5 * (rng.next() - 0.5) * 3.4;
			norm += vector[i] * vector[i];
		}
		const scale = 1 / Math.sqrt(norm);
		for (let i = 0; i < dims; i++) vector[i] *= scale;
		return vector;
	};
}

function measure(quantization: VectorQuantization): (string | number)[] {
	const rng = createRng(seed);
	const next = vectorSource(rng);
	const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
	const started = performance.now();
	const index = new VectorIndex({ dimensions: dims, quantization, initialCapacity: chunks });
	for (let note = 0; note * chunksPerNote < chunks; note++) {
		const count = Math.min(chunksPerNote, chunks - note * chunksPerNote);
		index.setNote(
			`notes/${note}.md`,
			Array.from({ length: count }, (_, chunk) => ({ chunk, vector: next() })),
		);
	}
	const buildMs = performance.now() - started;
	const heldMb = (process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers - heapBefore) / 1e6;

	const times: number[] = [];
	const cpuTimes: number[] = [];
	for (let q = 0; q < queries + 5; q++) {
		const query = next();
		const start = performance.now();
		const cpuStart = process.cpuUsage();
		index.nearest(query, 10);
		const cpu = process.cpuUsage(cpuStart);
		if (q < 5) continue; // the first queries warm the JIT
		times.push(performance.now() - start);
		cpuTimes.push((cpu.user + cpu.system) / 1000);
	}
	const round = (ms: number): number => Math.round(ms * 10) / 10;
	return [
		quantization,
		index.size,
		round(buildMs),
		Math.round(heldMb),
		round(percentile(times, 50)),
		round(percentile(times, 95)),
		round(Math.max(...times)),
		round(percentile(cpuTimes, 50)),
	];
}

printLine(
	`vector scan: ${chunks.toLocaleString("en")} chunks × ${dims} dims, ${chunksPerNote} chunks per note, top 10 notes, ${queries} queries\n`,
);
const rows = (["float32", "int8"] as const).map((quantization) => {
	const row = measure(quantization);
	collectGarbage();
	return row;
});
printLine(formatTable(["layout", "chunks", "build ms", "held MB", "p50 ms", "p95 ms", "max ms", "p50 cpu ms"], rows));
printLine(
	"\nms = wall clock per search; cpu ms = CPU time of this process per search (what the wall clock is on an idle machine).",
);
