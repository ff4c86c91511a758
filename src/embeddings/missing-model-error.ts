/** Files a sentence-embedding model folder needs to load offline (fp32 weights). */
export const MODEL_FOLDER_FILES = [
	"config.json",
	"tokenizer.json",
	"tokenizer_config.json",
	"onnx/model.onnx",
] as const;

/**
 * The error shown when a model is not available offline: it names the folder to create, the
 * files it must hold, and the setting that allows the one-time download instead.
 */
export function missingModelError(modelId: string, modelFolder: string, cause: unknown): Error {
	const detail = cause instanceof Error ? cause.message : String(cause);
	return new Error(
		`Embedding model "${modelId}" is not available offline and downloading it is turned off. ` +
			`Either put the model folder at ${modelFolder} (with ${MODEL_FOLDER_FILES.join(", ")}), ` +
			`or allow the model download in the settings (one download from huggingface.co, then cached). ` +
			`Keyword search and the graph keep working without it. (${detail})`,
		{ cause },
	);
}
