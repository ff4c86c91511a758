import { modelFileList } from "./model-file-list";

/**
 * The error shown when a model is not available offline: it names the folder to create, the
 * files it must hold, and the one-time download instead.
 */
export function missingModelError(
	modelId: string,
	modelFolder: string,
	dtype: Parameters<typeof modelFileList>[0],
	cause: unknown,
): Error {
	const detail = cause instanceof Error ? cause.message : String(cause);
	return new Error(
		`Embedding model "${modelId}" is not available offline and downloading it is turned off. ` +
			`Either put the model folder at ${modelFolder} (with ${modelFileList(dtype).join(", ")}), ` +
			`or download it once: causal-memory model download --vault <vault> (or turn semantic recall on in the plugin's settings). ` +
			`Keyword search and the graph keep working without it. (${detail})`,
		{ cause },
	);
}
