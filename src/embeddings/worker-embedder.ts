import type { Embedder, ModelProgress } from "../core/model/embedder";
import type { EmbeddingModelSpec, EmbeddingWorkerReply, EmbeddingWorkerRequest } from "./embedding-worker-protocol";
import { errorMessage } from "../core/model/error-message";

/** Where the worker's model files come from: the main thread reads (or downloads) them on request. */
export interface ModelFileSource {
	/** Names the place in messages, e.g. `the folder "Models/minilm"`. */
	readonly location: string;
	/**
	 * One file by its path inside the model folder ("config.json", "onnx/model.onnx"); null when
	 * the model has no such file. Rejects when the file exists but cannot be read or downloaded.
	 */
	read(file: string): Promise<ArrayBuffer | null>;
}

/** The parts of a Web Worker the embedder uses (a test can stand in for it). */
export interface EmbeddingWorkerPort {
	postMessage(message: EmbeddingWorkerRequest, transfer: Transferable[]): void;
	onmessage: ((event: MessageEvent<EmbeddingWorkerReply>) => void) | null;
	onerror: ((event: ErrorEvent) => void) | null;
	terminate(): void;
}

export interface WorkerEmbedderOptions {
	/** Hub id (`owner/name`). */
	modelId: string;
	files: ModelFileSource;
	/** "fp32" (onnx/model.onnx, default, as headless) or "q8" (onnx/model_quantized.onnx). */
	dtype?: EmbeddingModelSpec["dtype"];
	/** Texts per model call (default 16). */
	batchSize?: number;
	/** Upper bound for `maxTokens` (default 256, see model-limits.ts). */
	maxTokensCap?: number;
	/** Load progress from the worker; download progress is the file source's own. */
	onProgress?: ModelProgress;
	/** Default: the worker bundled into main.js, as a Web Worker. */
	startWorker?: () => EmbeddingWorkerPort;
}

interface Pending {
	resolve(vectors: Float32Array[]): void;
	reject(error: Error): void;
}

/**
 * An Embedder whose model runs in a Web Worker (transformers.js web build, ONNX Runtime wasm, one
 * thread). Resolves once the model is loaded; rejects with a message naming the model, where its
 * files were looked for and which were missing. A worker that dies takes the embedder with it:
 * later calls reject and the caller creates a new one.
 */
export async function createWorkerEmbedder(options: WorkerEmbedderOptions): Promise<Embedder> {
	// Imported on first use: the inlined worker is 5 MB of source text that tests with a stand-in never need.
	const startWorker = options.startWorker ?? (await import("./embedding-web-worker")).startEmbeddingWebWorker;
	const embedder = new WorkerEmbedder(options, startWorker());
	await embedder.loaded;
	return embedder;
}

class WorkerEmbedder implements Embedder {
	readonly modelId: string;
	dimensions = 0;
	maxTokens = 0;
	readonly loaded: Promise<void>;
	private readonly pending = new Map<number, Pending>();
	private readonly missingFiles: string[] = [];
	private nextId = 1;
	private stopped: string | null = null;
	private settleLoad: { resolve(): void; reject(error: Error): void } | null = null;

	constructor(
		private readonly options: WorkerEmbedderOptions,
		private readonly worker: EmbeddingWorkerPort,
	) {
		this.modelId = options.modelId;
		this.loaded = new Promise((resolve, reject) => (this.settleLoad = { resolve, reject }));
		worker.onmessage = (event) => this.receive(event.data);
		worker.onerror = (event) => {
			event.preventDefault();
			this.stop(`The embedding worker stopped (${event.message || "uncaught error"})`);
		};
		const model: EmbeddingModelSpec = {
			modelId: options.modelId,
			dtype: options.dtype ?? "fp32",
			batchSize: options.batchSize ?? 16,
			maxTokensCap: options.maxTokensCap,
		};
		worker.postMessage({ type: "load", model }, []);
	}

	embed(texts: readonly string[]): Promise<Float32Array[]> {
		if (this.stopped !== null) return Promise.reject(new Error(this.stopped));
		if (texts.length === 0) return Promise.resolve([]);
		return new Promise((resolve, reject) => {
			const id = this.nextId++;
			this.pending.set(id, { resolve, reject });
			this.worker.postMessage({ type: "embed", id, texts: [...texts] }, []);
		});
	}

	async dispose(): Promise<void> {
		this.stop(`The embedder for "${this.modelId}" was disposed`);
	}

	private receive(reply: EmbeddingWorkerReply): void {
		switch (reply.type) {
			case "file":
				void this.sendFile(reply.id, reply.file);
				return;
			case "progress":
				this.options.onProgress?.(reply.event);
				return;
			case "loaded":
				this.dimensions = reply.dimensions;
				this.maxTokens = reply.maxTokens;
				this.settleLoad?.resolve();
				return;
			case "load-failed":
				this.stop(this.loadFailure(reply.message));
				return;
			case "embedded":
				this.take(reply.id)?.resolve(splitRows(new Float32Array(reply.vectors), reply.dimensions));
				return;
			case "embed-failed":
				this.take(reply.id)?.reject(new Error(`Embedding with "${this.modelId}" failed: ${reply.message}`));
		}
	}

	/** Always answers, so the worker never waits forever for a file. */
	private async sendFile(id: number, file: string): Promise<void> {
		let message: EmbeddingWorkerRequest;
		try {
			const bytes = await this.options.files.read(file);
			if (bytes === null) this.missingFiles.push(file);
			message = { type: "file", id, bytes };
		} catch (error) {
			message = { type: "file", id, bytes: null, error: messageOf(error) };
		}
		if (this.stopped !== null) return;
		try {
			this.worker.postMessage(message, message.bytes ? [message.bytes] : []);
		} catch (error) {
			this.worker.postMessage(
				{ type: "file", id, bytes: null, error: `${file} could not be passed to the worker (${messageOf(error)})` },
				[],
			);
		}
	}

	private loadFailure(detail: string): string {
		const { modelId, files } = this.options;
		const missing =
			this.missingFiles.length > 0
				? `: ${this.missingFiles.join(", ")} not found in ${files.location}`
				: ` from ${files.location}`;
		return `Could not load embedding model "${modelId}"${missing}. Keyword search and the graph keep working without it. (${detail})`;
	}

	private take(id: number): Pending | undefined {
		const pending = this.pending.get(id);
		this.pending.delete(id);
		return pending;
	}

	private stop(reason: string): void {
		if (this.stopped !== null) return;
		this.stopped = reason;
		this.worker.terminate();
		const error = new Error(reason);
		this.settleLoad?.reject(error);
		for (const pending of this.pending.values()) pending.reject(error);
		this.pending.clear();
	}
}

function messageOf(error: unknown): string {
	return errorMessage(error);
}

function splitRows(data: Float32Array, dimensions: number): Float32Array[] {
	const rows: Float32Array[] = [];
	for (let offset = 0; offset < data.length; offset += dimensions)
		rows.push(data.subarray(offset, offset + dimensions));
	return rows;
}
