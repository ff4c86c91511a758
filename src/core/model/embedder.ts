/**
 * Turns text into unit-length vectors. One interface for every host: transformers.js with
 * onnxruntime-node headless, the browser build in a Web Worker inside Obsidian, and the fixture
 * model in tests (loaded through the same transformers.js call as a real model).
 */
export interface Embedder {
	/** Model id as configured (e.g. "Xenova/all-MiniLM-L6-v2"); part of every embedding cache key. */
	readonly modelId: string;
	/** Length of every vector this embedder returns. */
	readonly dimensions: number;
	/** Longest input in tokens the model accepts; chunks are cut to fit it. */
	readonly maxTokens: number;
	/** Embeds a batch; vectors are L2-normalised, one per text, in order. */
	embed(texts: readonly string[]): Promise<Float32Array[]>;
	/** Frees the model (and its worker, if any). */
	dispose(): Promise<void>;
}

/** Reports model download or load progress, 0–1 where known. */
export type ModelProgress = (event: { stage: "download" | "load"; file?: string; fraction?: number }) => void;
