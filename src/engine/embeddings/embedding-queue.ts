import type { NoteChunk } from "../../core/recall/vector/chunk";
import type { VectorIndex } from "../../core/recall/vector/vector-index";
import type { Embedder } from "../../core/model/embedder";
import type { EmbeddingCache } from "./embedding-cache";
import { yieldToEventLoop, type Timers } from "../../core/model/timers";

/** A note as the queue needs it: its chunks (see chunkNote). */
export interface ChunkedNote {
	path: string;
	chunks: readonly Pick<NoteChunk, "index" | "text" | "hash">[];
}

/** Chunks embedded so far in the current busy period, out of all it needs. */
export interface EmbeddingProgress {
	done: number;
	total: number;
}

export interface EmbeddingQueueOptions {
	embedder: Embedder;
	cache: EmbeddingCache;
	index: VectorIndex;
	timers: Timers;
	/** Chunks per model call. Default 16. */
	batchSize?: number;
	/** Notes indexed straight from the cache between two yields. Default 200. */
	cachedNotesPerTurn?: number;
	onProgress?: (progress: EmbeddingProgress) => void;
	/** An embedding call failed: the queue stops (keeping its work) until `resume()`. */
	onError?: (error: unknown) => void;
}

interface Pending {
	note: ChunkedNote;
	/** Matches the stack entry that is current for this note. */
	seq: number;
}

/**
 * Embeds the chunks of changed notes in the background and feeds the vector index one note at
 * a time, so keyword search and the graph never wait for it. Only chunks whose hash is not in
 * the cache go to the model, in batches, with a yield to the event loop between batches. The
 * most recently changed note goes first; a note that changes again replaces its pending work.
 * A note's old vectors stay searchable until all of its new chunks are embedded.
 */
export class EmbeddingQueue {
	private readonly batchSize: number;
	private readonly cachedNotesPerTurn: number;
	/** Chunk hashes of every note the queue knows, indexed or pending. */
	private readonly known = new Map<string, string[]>();
	private readonly pending = new Map<string, Pending>();
	/** Paths, most recent last; entries whose seq is no longer the note's pending seq are skipped. */
	private stack: { path: string; seq: number }[] = [];
	private seq = 0;
	/** Uncached chunk hash → how many pending notes need it. */
	private readonly needed = new Map<string, number>();
	private done = 0;
	private running: Promise<void> | null = null;
	private failed = false;
	private closed = false;
	/** Called after every batch and when the queue stops running (see whenSettled). */
	private readonly turnListeners = new Set<() => void>();

	constructor(private readonly options: EmbeddingQueueOptions) {
		this.batchSize = Math.max(1, options.batchSize ?? 16);
		this.cachedNotesPerTurn = Math.max(1, options.cachedNotesPerTurn ?? 200);
		if (
			options.cache.dimensions !== options.embedder.dimensions ||
			options.index.dimensions !== options.embedder.dimensions
		) {
			throw new Error(
				`EmbeddingQueue: the embedder gives ${options.embedder.dimensions} dimensions but the cache holds ${options.cache.dimensions} and the index ${options.index.dimensions}`,
			);
		}
	}

	get progress(): EmbeddingProgress {
		return { done: this.done, total: this.done + this.needed.size };
	}

	/** Notes waiting for vectors. */
	get pendingNotes(): number {
		return this.pending.size;
	}

	/** Queues a new or changed note ahead of everything else, replacing its pending work. */
	update(note: ChunkedNote): void {
		if (this.closed) return;
		if (this.pending.size === 0 && this.running === null) this.done = 0;
		this.dropPending(note.path);
		this.known.set(
			note.path,
			note.chunks.map((chunk) => chunk.hash),
		);
		const seq = ++this.seq;
		this.pending.set(note.path, { note, seq });
		this.stack.push({ path: note.path, seq });
		for (const hash of new Set(note.chunks.map((chunk) => chunk.hash))) {
			if (!this.options.cache.has(hash)) this.needed.set(hash, (this.needed.get(hash) ?? 0) + 1);
		}
		this.reportProgress();
		this.start();
	}

	remove(path: string): void {
		this.dropPending(path);
		this.known.delete(path);
		this.options.index.removeNote(path);
	}

	rename(from: string, to: string): void {
		if (from === to) return;
		this.remove(to);
		const hashes = this.known.get(from);
		if (hashes !== undefined) {
			this.known.delete(from);
			this.known.set(to, hashes);
		}
		const pending = this.pending.get(from);
		if (pending !== undefined) {
			this.pending.delete(from);
			const moved = { note: { ...pending.note, path: to }, seq: ++this.seq };
			this.pending.set(to, moved);
			this.stack.push({ path: to, seq: moved.seq });
		}
		this.options.index.renameNote(from, to);
	}

	/** Hashes of every chunk of every known note: what the cache should keep when compacted. */
	liveHashes(): Set<string> {
		const live = new Set<string>();
		for (const hashes of this.known.values()) for (const hash of hashes) live.add(hash);
		return live;
	}

	/** Drops all pending work; vectors already indexed stay. */
	cancel(): void {
		for (const path of [...this.pending.keys()]) this.dropPending(path);
		this.stack = [];
		this.reportProgress();
	}

	/** Continues after an embedding failure. */
	resume(): void {
		this.failed = false;
		this.start();
	}

	/** Resolves when nothing is pending, or the queue stopped after a failure or `close()`. */
	async whenIdle(): Promise<void> {
		while (this.running !== null) await this.running;
	}

	/**
	 * Resolves once the note has its vectors (it goes first, being the newest), or will not get
	 * them soon: not pending, or the queue stopped after a failure or `close()`.
	 */
	whenSettled(path: string): Promise<void> {
		return new Promise((resolve) => {
			const check = (): void => {
				if (this.pending.has(path) && this.running !== null) return;
				this.turnListeners.delete(check);
				resolve();
			};
			this.turnListeners.add(check);
			check();
		});
	}

	/** Stops for good: drops pending work and waits for the batch in flight. */
	async close(): Promise<void> {
		this.closed = true;
		this.cancel();
		await this.whenIdle();
	}

	private start(): void {
		if (this.running !== null || this.failed || this.closed || this.pending.size === 0) return;
		this.running = this.run().finally(() => {
			this.running = null;
			this.notifyTurn();
		});
	}

	private async run(): Promise<void> {
		// Lets the caller finish a burst of updates (a vault load, a sync) before choosing what goes first.
		await yieldToEventLoop(this.options.timers);
		while (!this.failed && !this.closed && this.pending.size > 0) {
			const { batch, ready } = this.nextBatch();
			if (batch.length === 0 && ready.length === 0) return;
			try {
				if (batch.length > 0) await this.embedBatch(batch);
			} catch (error) {
				// Back on the stack, first one on top, for resume().
				for (const entry of [...ready].reverse()) this.stack.push({ path: entry.note.path, seq: entry.seq });
				this.failed = true;
				this.options.onError?.(error);
				return;
			}
			for (const entry of ready) this.indexIfCurrent(entry);
			this.reportProgress();
			this.notifyTurn();
			await yieldToEventLoop(this.options.timers);
		}
	}

	private async embedBatch(batch: readonly { hash: string; text: string }[]): Promise<void> {
		const vectors = await this.options.embedder.embed(batch.map((chunk) => chunk.text));
		if (vectors.length !== batch.length)
			throw new Error(`the embedder returned ${vectors.length} vectors for ${batch.length} chunks`);
		// Saving is best effort (the cache turns write failures into warnings); the vectors are in memory once add() returns.
		void this.options.cache.add(batch.map((chunk, i) => ({ hash: chunk.hash, vector: vectors[i] })));
		for (const { hash } of batch) {
			if (this.needed.delete(hash)) this.done++;
		}
	}

	/**
	 * Up to `batchSize` uncached chunks from the most recent notes, and the notes whose chunks
	 * are all covered once that batch is embedded (or that need no model call at all).
	 */
	private nextBatch(): { batch: { hash: string; text: string }[]; ready: Pending[] } {
		const batch: { hash: string; text: string }[] = [];
		const inBatch = new Set<string>();
		const ready: Pending[] = [];
		while (this.stack.length > 0 && batch.length < this.batchSize && ready.length < this.cachedNotesPerTurn) {
			const top = this.stack[this.stack.length - 1];
			const entry = this.pending.get(top.path);
			if (entry === undefined || entry.seq !== top.seq) {
				this.stack.pop();
				continue;
			}
			let covered = true;
			for (const chunk of entry.note.chunks) {
				if (this.options.cache.has(chunk.hash) || inBatch.has(chunk.hash)) continue;
				if (batch.length === this.batchSize) {
					covered = false;
					break;
				}
				batch.push({ hash: chunk.hash, text: chunk.text });
				inBatch.add(chunk.hash);
			}
			if (!covered) break;
			this.stack.pop();
			ready.push(entry);
		}
		return { batch, ready };
	}

	private indexIfCurrent(entry: Pending): void {
		const path = entry.note.path;
		if (this.pending.get(path) !== entry) return;
		const chunks = [];
		for (const chunk of entry.note.chunks) {
			const vector = this.options.cache.get(chunk.hash);
			if (vector === undefined) {
				// Evicted between batching and now (a compaction): queue the note again.
				this.pending.delete(path);
				this.update(entry.note);
				return;
			}
			chunks.push({ chunk: chunk.index, vector });
		}
		this.pending.delete(path);
		this.options.index.setNote(path, chunks);
	}

	private dropPending(path: string): void {
		const entry = this.pending.get(path);
		if (entry === undefined) return;
		this.pending.delete(path);
		for (const hash of new Set(entry.note.chunks.map((chunk) => chunk.hash))) {
			const count = this.needed.get(hash);
			if (count === undefined) continue;
			if (count <= 1) this.needed.delete(hash);
			else this.needed.set(hash, count - 1);
		}
	}

	private notifyTurn(): void {
		for (const listener of [...this.turnListeners]) listener();
	}

	private reportProgress(): void {
		this.options.onProgress?.(this.progress);
	}
}
