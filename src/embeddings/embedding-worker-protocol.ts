import type { ModelProgress } from "../core/model/embedder";

/**
 * Messages between the main thread and the embedding Web Worker. The worker has no network and
 * no vault: it asks the main thread for every model file it needs and gets the bytes back.
 */

/** What the worker loads, chosen on the main thread. */
export interface EmbeddingModelSpec {
	/** Hub id (`owner/name`). */
	modelId: string;
	/** Weights to load: "fp32" reads onnx/model.onnx, "q8" onnx/model_quantized.onnx. */
	dtype: "fp32" | "q8";
	/** Texts per model call. */
	batchSize: number;
	/** Upper bound for `maxTokens`. */
	maxTokensCap?: number;
}

/** Main thread → worker. */
export type EmbeddingWorkerRequest =
	| { type: "load"; model: EmbeddingModelSpec }
	/** The answer to a `file` reply: the bytes (transferred), null when the model has no such file. */
	| { type: "file"; id: number; bytes: ArrayBuffer | null; error?: string }
	| { type: "embed"; id: number; texts: string[] };

/** Worker → main thread. */
export type EmbeddingWorkerReply =
	/** Asks for one model file, by its path inside the model folder ("onnx/model.onnx"). */
	| { type: "file"; id: number; file: string }
	| { type: "progress"; event: Parameters<ModelProgress>[0] }
	| { type: "loaded"; dimensions: number; maxTokens: number }
	| { type: "load-failed"; message: string }
	/** Row-major vectors, one row of `dimensions` per text (buffer transferred). */
	| { type: "embedded"; id: number; vectors: ArrayBuffer; dimensions: number }
	| { type: "embed-failed"; id: number; message: string };
