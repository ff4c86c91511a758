import { describe, expect, it } from "vitest";
import { chunkNote } from "../../../src/core/recall/vector/chunk";
import { fnv1a64 } from "../../../src/core/util/content-hash";
import { VectorIndex } from "../../../src/core/recall/vector/vector-index";
import type { Embedder } from "../../../src/core/model/embedder";
import { EmbeddingCache } from "../../../src/engine/embeddings/embedding-cache";
import {
	EmbeddingQueue,
	type ChunkedNote,
	type EmbeddingProgress,
} from "../../../src/engine/embeddings/embedding-queue";
import type { Timers } from "../../../src/core/model/timers";
import { MemoryStorage } from "../../fakes/memory-storage";

const DIMS = 16;

/** A unit vector derived from the text, so equal texts get equal vectors. */
function textVector(text: string): Float32Array {
	const seed = parseInt(fnv1a64(text).slice(0, 8), 16);
	const vector = Float32Array.from({ length: DIMS }, (_, i) => Math.sin(seed + i * 1.7));
	const norm = Math.hypot(...vector);
	return vector.map((x) => x / norm);
}

/** Records every call; `hold()` makes the next calls wait until `release()`. */
class FakeEmbedder implements Embedder {
	readonly modelId = "fake/model";
	readonly dimensions = DIMS;
	readonly maxTokens = 64;
	readonly calls: string[][] = [];
	failNext = false;
	private gate: Promise<void> | null = null;
	private open: (() => void) | null = null;

	hold(): void {
		this.gate = new Promise((resolve) => (this.open = resolve));
	}

	release(): void {
		this.open?.();
		this.gate = null;
	}

	async embed(texts: readonly string[]): Promise<Float32Array[]> {
		this.calls.push([...texts]);
		if (this.gate) await this.gate;
		if (this.failNext) {
			this.failNext = false;
			throw new Error("model crashed");
		}
		return texts.map(textVector);
	}

	dispose(): Promise<void> {
		return Promise.resolve();
	}
}

/** Runs timer callbacks on the microtask queue, counting the yields. */
function countingTimers(): Timers & { yields: number } {
	const timers = {
		yields: 0,
		setTimeout: (callback: () => void) => {
			timers.yields++;
			void Promise.resolve().then(callback);
			return 0;
		},
		clearTimeout: () => undefined,
	};
	return timers;
}

function note(path: string, ...sections: string[]): ChunkedNote {
	const body = sections.map((text, i) => `# Part ${i}\n${text}`).join("\n");
	return { path, chunks: chunkNote({ title: path.replace(/\.md$/, ""), body }, { maxTokens: 64 }) };
}

async function setup(options: { batchSize?: number } = {}) {
	const embedder = new FakeEmbedder();
	const cache = await EmbeddingCache.open(new MemoryStorage(), { modelId: embedder.modelId, dimensions: DIMS });
	const index = new VectorIndex({ dimensions: DIMS });
	const timers = countingTimers();
	const progress: EmbeddingProgress[] = [];
	const errors: unknown[] = [];
	const queue = new EmbeddingQueue({
		embedder,
		cache,
		index,
		timers,
		batchSize: options.batchSize ?? 4,
		onProgress: (event) => progress.push(event),
		onError: (error) => errors.push(error),
	});
	return { embedder, cache, index, timers, progress, errors, queue };
}

const flushMicrotasks = async (): Promise<void> => {
	for (let i = 0; i < 20; i++) await Promise.resolve();
};

describe("EmbeddingQueue", () => {
	it("embeds only the chunks that are not cached and indexes every note", async () => {
		const { embedder, cache, index, queue } = await setup();
		const a = note("a.md", "alpha one", "alpha two");
		const b = note("b.md", "beta one");
		await cache.add([{ hash: a.chunks[0].hash, vector: textVector(a.chunks[0].text) }]);

		queue.update(a);
		queue.update(b);
		await queue.whenIdle();

		expect(embedder.calls.flat().sort()).toEqual([a.chunks[1].text, b.chunks[0].text].sort());
		expect(index.noteCount).toBe(2);
		expect(index.nearest(textVector(a.chunks[1].text), 1)[0]).toMatchObject({ path: "a.md", chunk: 1 });
		expect(cache.has(b.chunks[0].hash)).toBe(true);
	});

	it("indexes a fully cached note without calling the model", async () => {
		const { embedder, cache, index, queue } = await setup();
		const a = note("a.md", "cached text");
		await cache.add(a.chunks.map((chunk) => ({ hash: chunk.hash, vector: textVector(chunk.text) })));
		queue.update(a);
		await queue.whenIdle();
		expect(embedder.calls).toEqual([]);
		expect(index.has("a.md")).toBe(true);
	});

	it("works in batches, yields between them, and reports progress up to done = total", async () => {
		const { embedder, timers, progress, queue } = await setup({ batchSize: 4 });
		queue.update(note("a.md", "one", "two", "three", "four", "five"));
		queue.update(note("b.md", "six", "seven", "eight", "nine", "ten"));
		await queue.whenIdle();

		expect(embedder.calls.map((call) => call.length)).toEqual([4, 4, 2]);
		expect(timers.yields).toBeGreaterThanOrEqual(3);
		expect(progress.at(-1)).toEqual({ done: 10, total: 10 });
		expect(progress.map((event) => event.done)).toEqual([...progress.map((event) => event.done)].sort((x, y) => x - y));
		expect(progress.some((event) => event.done === 4 && event.total === 10)).toBe(true);
	});

	it("embeds a text shared by two notes once", async () => {
		const { embedder, index, queue } = await setup();
		const shared = { path: "a.md", chunks: [{ index: 0, text: "same words", hash: fnv1a64("same words") }] };
		queue.update(shared);
		queue.update({ ...shared, path: "b.md" });
		await queue.whenIdle();
		expect(embedder.calls.flat()).toEqual(["same words"]);
		expect(index.noteCount).toBe(2);
		expect(queue.progress).toEqual({ done: 1, total: 1 });
	});

	it("takes the most recently changed note first, and a note changed again jumps the queue", async () => {
		const { embedder, queue } = await setup({ batchSize: 1 });
		embedder.hold();
		queue.update(note("a.md", "a text"));
		queue.update(note("b.md", "b text"));
		queue.update(note("c.md", "c text"));
		await flushMicrotasks();
		expect(embedder.calls).toHaveLength(1); // c, the newest, is in flight
		queue.update(note("a.md", "a text, edited"));
		embedder.release();
		await queue.whenIdle();
		expect(embedder.calls.flat().map((text) => text.split("\n")[1])).toEqual(["c text", "a text, edited", "b text"]);
	});

	it("does not index a result that a newer version of the note overtook, and keeps old vectors until then", async () => {
		const { embedder, index, queue } = await setup();
		const first = note("a.md", "first version");
		queue.update(first);
		await queue.whenIdle();
		const oldVector = textVector(first.chunks[0].text);

		embedder.hold();
		queue.update(note("a.md", "second version"));
		await flushMicrotasks();
		// While the model works, search still finds the note by its old vector.
		expect(index.nearest(oldVector, 1)[0]).toMatchObject({ path: "a.md", similarity: expect.closeTo(1, 5) as number });
		const third = note("a.md", "third version");
		queue.update(third);
		embedder.release();
		await queue.whenIdle();

		expect(index.size).toBe(1);
		expect(index.nearest(textVector(third.chunks[0].text), 1)[0].similarity).toBeCloseTo(1, 5);
	});

	it("cancel drops pending work; the batch in flight still lands in the cache", async () => {
		const { embedder, cache, index, queue } = await setup({ batchSize: 2 });
		embedder.hold();
		const a = note("a.md", "one", "two", "three", "four");
		queue.update(a);
		await flushMicrotasks();
		queue.cancel();
		expect(queue.progress.total).toBe(queue.progress.done);
		embedder.release();
		await queue.whenIdle();

		expect(embedder.calls).toHaveLength(1);
		expect(cache.has(a.chunks[0].hash)).toBe(true);
		expect(index.has("a.md")).toBe(false);
		expect(queue.pendingNotes).toBe(0);
	});

	it("stops on a model failure, keeps its work, and finishes after resume()", async () => {
		const { embedder, errors, index, queue } = await setup({ batchSize: 2 });
		embedder.failNext = true;
		queue.update(note("a.md", "one", "two", "three"));
		await queue.whenIdle();
		expect(errors).toEqual([new Error("model crashed")]);
		expect(index.has("a.md")).toBe(false);
		expect(queue.pendingNotes).toBe(1);

		queue.resume();
		await queue.whenIdle();
		expect(index.nearest(textVector(note("a.md", "one", "two", "three").chunks[2].text), 1)[0]).toMatchObject({
			path: "a.md",
			chunk: 2,
		});
	});

	it("follows removals and renames, in the index and in the live hashes", async () => {
		const { index, queue } = await setup();
		const a = note("a.md", "alpha");
		const b = note("b.md", "beta");
		queue.update(a);
		queue.update(b);
		await queue.whenIdle();

		queue.rename("a.md", "moved/a.md");
		queue.remove("b.md");
		expect(index.has("moved/a.md")).toBe(true);
		expect(index.has("a.md")).toBe(false);
		expect(index.has("b.md")).toBe(false);
		expect(queue.liveHashes()).toEqual(new Set(a.chunks.map((chunk) => chunk.hash)));
	});

	it("renames a note that is still waiting for its vectors", async () => {
		const { embedder, index, queue } = await setup({ batchSize: 1 });
		embedder.hold();
		queue.update(note("a.md", "alpha"));
		queue.update(note("b.md", "beta"));
		await flushMicrotasks();
		queue.rename("a.md", "renamed.md");
		embedder.release();
		await queue.whenIdle();
		expect([index.has("a.md"), index.has("renamed.md"), index.has("b.md")]).toEqual([false, true, true]);
	});

	it("close() waits for the batch in flight and ignores later updates", async () => {
		const { embedder, queue } = await setup();
		embedder.hold();
		queue.update(note("a.md", "alpha"));
		await flushMicrotasks();
		const closed = queue.close();
		embedder.release();
		await closed;
		queue.update(note("b.md", "beta"));
		await queue.whenIdle();
		expect(embedder.calls).toHaveLength(1);
	});

	it("refuses an embedder whose dimensions differ from the cache's and the index's", async () => {
		const { cache, timers } = await setup();
		expect(
			() =>
				new EmbeddingQueue({ embedder: new FakeEmbedder(), cache, index: new VectorIndex({ dimensions: 8 }), timers }),
		).toThrow("the embedder gives 16 dimensions but the cache holds 16 and the index 8");
	});
});
