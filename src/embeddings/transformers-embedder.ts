import { env, pipeline, type DataType, type FeatureExtractionPipeline } from "@huggingface/transformers";
import type { Embedder, ModelProgress } from "../core/model/embedder";
import { missingModelError } from "./missing-model-error";
import { modelMaxTokens } from "./model-limits";
import { toModelProgress, type TransformersProgressEvent } from "./model-progress";
import { errorMessage } from "../core/model/error-message";

/** Headless default: a 384-dimension sentence model. */
export { DEFAULT_EMBEDDING_MODEL_ID as DEFAULT_EMBEDDING_MODEL } from "./model-file-list";
const DEFAULT_BATCH_SIZE = 16;

export interface TransformersEmbedderOptions {
	/** Hub id (`owner/name`); looked up as `<localModelPath><owner>/<name>/` before any download. */
	modelId: string;
	/** Absolute folder that holds hub-style model folders. */
	localModelPath?: string;
	/** Absolute folder where downloaded model files are kept, so the download happens once. */
	cacheDir?: string;
	/** Allow downloading the model from huggingface.co when it is not found locally. Default false. */
	allowRemote?: boolean;
	/** Weights to load: "fp32" (onnx/model.onnx, default) or "q8" (onnx/model_quantized.onnx), … */
	dtype?: DataType;
	/** Texts per model call. */
	batchSize?: number;
	/** Upper bound for `maxTokens` (default 256, see model-limits.ts). */
	maxTokensCap?: number;
	onProgress?: ModelProgress;
}

// transformers.js reads its settings from one global `env`; creations run one at a time so
// each pipeline() call sees the settings it was given.
let creating: Promise<unknown> = Promise.resolve();

/**
 * An Embedder over transformers.js' feature-extraction pipeline (onnxruntime-node headless):
 * mean pooling over the attention mask, then L2 normalisation, in batches.
 */
export function createTransformersEmbedder(options: TransformersEmbedderOptions): Promise<Embedder> {
	const created = creating.then(() => create(options));
	creating = created.catch(() => undefined);
	return created;
}

function folderPath(path: string, name: string): string {
	const isAbsolute = path.startsWith("/") || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith("\\\\");
	if (!isAbsolute) throw new Error(`${name} must be an absolute folder path, got "${path}"`);
	return /[\\/]$/.test(path) ? path : `${path}/`;
}

async function create(options: TransformersEmbedderOptions): Promise<Embedder> {
	const allowRemote = options.allowRemote ?? false;
	if (options.localModelPath !== undefined) env.localModelPath = folderPath(options.localModelPath, "localModelPath");
	if (options.cacheDir !== undefined) env.cacheDir = folderPath(options.cacheDir, "cacheDir");
	env.allowLocalModels = true;
	env.allowRemoteModels = allowRemote;
	const modelFolder = `${env.localModelPath}${options.modelId}/`;
	const report = options.onProgress;
	const stage = allowRemote ? "download" : "load";

	let extractor: FeatureExtractionPipeline;
	try {
		extractor = await pipeline("feature-extraction", options.modelId, {
			dtype: options.dtype ?? "fp32",
			local_files_only: !allowRemote,
			progress_callback: report
				? (event: TransformersProgressEvent) => toModelProgress(event, stage, report)
				: undefined,
		});
	} catch (error) {
		if (!allowRemote)
			throw missingModelError(options.modelId, modelFolder, options.dtype === "q8" ? "q8" : "fp32", error);
		throw new Error(`Could not load embedding model "${options.modelId}": ${errorMessage(error)}`, { cause: error });
	}

	const config = extractor.model.config as unknown as Record<string, unknown>;
	const maxTokens = modelMaxTokens(
		{
			tokenizerMaxLength: extractor.tokenizer.model_max_length as unknown,
			maxPositionEmbeddings: config.max_position_embeddings,
		},
		options.maxTokensCap,
	);
	const dimensions = typeof config.hidden_size === "number" ? config.hidden_size : await probeDimensions(extractor);
	return new TransformersEmbedder(
		options.modelId,
		extractor,
		dimensions,
		maxTokens,
		options.batchSize ?? DEFAULT_BATCH_SIZE,
	);
}

/** For a config.json without hidden_size: the width of one real output. */
async function probeDimensions(extractor: FeatureExtractionPipeline): Promise<number> {
	const output = await extractor(["dimension probe"], { pooling: "mean", normalize: true });
	const width = output.dims[1];
	output.dispose();
	return width;
}

class TransformersEmbedder implements Embedder {
	private disposed = false;

	constructor(
		readonly modelId: string,
		private readonly extractor: FeatureExtractionPipeline,
		readonly dimensions: number,
		readonly maxTokens: number,
		private readonly batchSize: number,
	) {}

	async embed(texts: readonly string[]): Promise<Float32Array[]> {
		if (this.disposed) throw new Error(`Embedder for "${this.modelId}" was disposed`);
		const vectors: Float32Array[] = [];
		for (let start = 0; start < texts.length; start += this.batchSize) {
			const batch = texts.slice(start, start + this.batchSize);
			const output = await this.extractor(batch, { pooling: "mean", normalize: true });
			const [rows, width] = output.dims;
			if (rows !== batch.length || width !== this.dimensions) {
				throw new Error(
					`Embedding model "${this.modelId}" returned [${output.dims.join(", ")}] for ${batch.length} texts, expected [${batch.length}, ${this.dimensions}]`,
				);
			}
			const data = output.data as Float32Array;
			for (let row = 0; row < rows; row++) vectors.push(data.slice(row * width, (row + 1) * width));
			output.dispose();
		}
		return vectors;
	}

	async dispose(): Promise<void> {
		if (this.disposed) return;
		this.disposed = true;
		await this.extractor.dispose();
	}
}
