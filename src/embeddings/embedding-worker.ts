/*
 * The one embedding worker entry. esbuild bundles it into a string (`virtual:embedding-worker`,
 * see scripts/inline-worker.mjs) that main.js starts as a Web Worker from a blob URL. A worker has
 * no `process`, so transformers.js takes its web code paths (in Obsidian's renderer it would
 * believe it runs in Node). ONNX Runtime runs single-threaded from the wasm bundled here, never
 * from a CDN, and every model file comes from the main thread: this worker makes no request.
 */
import { env, pipeline, type FeatureExtractionPipeline } from "@huggingface/transformers";
import { decompress } from "brotli/decompress";
import { brotli as ortWasmBrotli, size as ortWasmSize } from "virtual:ort-wasm";
import type { EmbeddingModelSpec, EmbeddingWorkerReply, EmbeddingWorkerRequest } from "./embedding-worker-protocol";
import { modelMaxTokens } from "./model-limits";
import { toModelProgress } from "./model-progress";
import { WorkerFileCache } from "./worker-file-cache";
import { errorMessage } from "../core/model/error-message";

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (reply: EmbeddingWorkerReply, transfer: Transferable[] = []): void => scope.postMessage(reply, transfer);

let extractor: FeatureExtractionPipeline | null = null;
let batchSize = 1;
let nextFileId = 1;
const fileRequests = new Map<number, { resolve(bytes: ArrayBuffer | null): void; reject(error: Error): void }>();
/** Why the main thread could not give a file (a failed download…): the real cause of a failed load. */
const fileErrors: string[] = [];

scope.onmessage = (event: MessageEvent<EmbeddingWorkerRequest>) => {
	const message = event.data;
	if (message.type === "file") answerFile(message.id, message.bytes, message.error);
	else if (message.type === "load") void load(message.model);
	else void embed(message.id, message.texts);
};

function requestFile(file: string): Promise<ArrayBuffer | null> {
	const id = nextFileId++;
	return new Promise((resolve, reject) => {
		fileRequests.set(id, { resolve, reject });
		post({ type: "file", id, file });
	});
}

function answerFile(id: number, bytes: ArrayBuffer | null, error: string | undefined): void {
	const request = fileRequests.get(id);
	fileRequests.delete(id);
	if (error !== undefined) {
		fileErrors.push(error);
		request?.reject(new Error(error));
	} else {
		request?.resolve(bytes);
	}
}

async function configureRuntime(modelId: string): Promise<WorkerFileCache> {
	const wasm = env.backends.onnx.wasm;
	if (wasm === undefined) throw new Error("transformers.js loaded without the ONNX Runtime wasm backend");
	// Decoded in JavaScript (1–2 s; no platform brotli stream yet), once per worker, only when embeddings are used.
	wasm.wasmBinary ??= decompress(ortWasmBrotli, ortWasmSize);
	// No `.mjs` entry: ONNX Runtime then uses the glue code bundled with it instead of importing one.
	wasm.wasmPaths = {};
	// Obsidian is not cross-origin isolated: no SharedArrayBuffer, so no wasm threads.
	wasm.numThreads = 1;
	wasm.proxy = false;
	env.allowRemoteModels = false;
	// Local lookups go to the custom cache first; whatever it lacks meets the refusing fetch below.
	env.allowLocalModels = true;
	env.useBrowserCache = false;
	env.useFSCache = false;
	env.useWasmCache = false;
	env.useCustomCache = true;
	const cache = new WorkerFileCache({
		localPrefix: `${env.localModelPath}${modelId}/`,
		remotePrefix: `${env.remoteHost}${modelId}/resolve/`,
		request: requestFile,
	});
	env.customCache = cache;
	env.fetch = (url: string | URL) =>
		Promise.resolve(
			new Response(null, { status: 404, statusText: `the embedding worker makes no requests (${String(url)})` }),
		);
	return cache;
}

async function load(model: EmbeddingModelSpec): Promise<void> {
	let cache: WorkerFileCache | null = null;
	try {
		cache = await configureRuntime(model.modelId);
		batchSize = model.batchSize;
		const loaded = await pipeline("feature-extraction", model.modelId, {
			dtype: model.dtype,
			device: "wasm",
			progress_callback: (event) =>
				toModelProgress(event, "load", (progress) => post({ type: "progress", event: progress })),
		});
		extractor = loaded;
		const config = loaded.model.config as unknown as Record<string, unknown>;
		const maxTokens = modelMaxTokens(
			{
				tokenizerMaxLength: loaded.tokenizer.model_max_length as unknown,
				maxPositionEmbeddings: config.max_position_embeddings,
			},
			model.maxTokensCap,
		);
		const dimensions =
			typeof config.hidden_size === "number" ? config.hidden_size : (await run(["dimension probe"])).dimensions;
		post({ type: "loaded", dimensions, maxTokens });
	} catch (error) {
		post({ type: "load-failed", message: fileErrors.length > 0 ? fileErrors.join("; ") : messageOf(error) });
	} finally {
		cache?.forget();
	}
}

async function embed(id: number, texts: string[]): Promise<void> {
	try {
		const { vectors, dimensions } = await run(texts);
		post({ type: "embedded", id, vectors: vectors.buffer, dimensions }, [vectors.buffer]);
	} catch (error) {
		post({ type: "embed-failed", id, message: messageOf(error) });
	}
}

/** Mean pooling over the attention mask, then L2 normalisation, as the headless embedder does. */
async function run(texts: string[]): Promise<{ vectors: Float32Array<ArrayBuffer>; dimensions: number }> {
	if (extractor === null) throw new Error("the embedding worker has no model loaded");
	const parts: Float32Array[] = [];
	let dimensions = 0;
	for (let start = 0; start < texts.length; start += batchSize) {
		const output = await extractor(texts.slice(start, start + batchSize), { pooling: "mean", normalize: true });
		dimensions = output.dims[1];
		parts.push((output.data as Float32Array).slice());
		output.dispose();
	}
	const vectors = new Float32Array(texts.length * dimensions);
	let offset = 0;
	for (const part of parts) {
		vectors.set(part, offset);
		offset += part.length;
	}
	return { vectors, dimensions };
}

function messageOf(error: unknown): string {
	return errorMessage(error);
}
