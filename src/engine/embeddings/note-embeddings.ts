import type { LoadedNote } from "../../core/model/vault";
import { chunkNote } from "../../core/recall/vector/chunk";
import { noteTitle } from "../../core/recall/keyword/keyword-document";
import { VectorIndex, type VectorHit, type VectorQuantization } from "../../core/recall/vector/vector-index";
import type { Embedder } from "../../core/model/embedder";
import type { EmbeddingCache } from "./embedding-cache";
import { EmbeddingQueue, type EmbeddingProgress } from "./embedding-queue";
import type { Timers } from "../../core/model/timers";

export interface NoteEmbeddingsOptions {
	embedder: Embedder;
	/** The cache of `embedder`'s model (same model id and dimensions). */
	cache: EmbeddingCache;
	timers: Timers;
	/** How the vector index holds vectors in memory. Default "float32". */
	quantization?: VectorQuantization;
	onProgress?: (progress: EmbeddingProgress) => void;
	/** An embedding call failed; the queue waits for `resume()`. Keyword and graph recall go on. */
	onError?: (error: unknown) => void;
}

/**
 * Chunk embeddings of every note, kept in step with the vault in the background: notes are
 * chunked when loaded, embedded by the queue (cache first), and searchable as soon as each
 * note's vectors are in. Recall uses whatever is ready and never waits for the rest.
 */
export class NoteEmbeddings {
	readonly vectors: VectorIndex;
	readonly embedder: Embedder;
	private readonly queue: EmbeddingQueue;

	constructor(options: NoteEmbeddingsOptions) {
		this.embedder = options.embedder;
		this.vectors = new VectorIndex({ dimensions: options.embedder.dimensions, quantization: options.quantization });
		this.queue = new EmbeddingQueue({
			embedder: options.embedder,
			cache: options.cache,
			index: this.vectors,
			timers: options.timers,
			onProgress: options.onProgress,
			onError: options.onError,
		});
	}

	/** Notes still waiting for vectors. */
	get pending(): number {
		return this.queue.pendingNotes;
	}

	/** True once any note can be found by similarity. */
	get ready(): boolean {
		return this.vectors.noteCount > 0;
	}

	update(note: LoadedNote): void {
		const chunks = chunkNote(
			{ title: noteTitle(note.file.path), body: note.content.slice(note.parsed.bodyStart) },
			{ maxTokens: this.embedder.maxTokens },
		);
		this.queue.update({ path: note.file.path, chunks });
	}

	remove(path: string): void {
		this.queue.remove(path);
	}

	rename(from: string, to: string): void {
		this.queue.rename(from, to);
	}

	/** Notes whose best chunk is most similar to the query, best first. */
	async nearest(query: string, k: number, filter?: (path: string) => boolean): Promise<VectorHit[]> {
		const [vector] = await this.embedder.embed([query]);
		return this.vectors.nearest(vector, k, filter);
	}

	/** Chunk hashes of every known note: what `EmbeddingCache.compact` should keep. */
	liveHashes(): Set<string> {
		return this.queue.liveHashes();
	}

	/** Continues after an embedding failure. */
	resume(): void {
		this.queue.resume();
	}

	/** Resolves when the note has its vectors, or will not get them soon (see EmbeddingQueue.whenSettled). */
	whenEmbedded(path: string): Promise<void> {
		return this.queue.whenSettled(path);
	}

	/** Resolves when every note has its vectors (or the queue stopped after a failure). */
	whenIdle(): Promise<void> {
		return this.queue.whenIdle();
	}

	/** Stops embedding; the model itself belongs to the caller. */
	close(): Promise<void> {
		return this.queue.close();
	}
}
