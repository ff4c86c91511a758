import type { EmbeddingSettings } from "../core/model/embedding-settings";

/** The default model's download as the hub lists it (weights plus tokenizer), in MB, per weight type. */
const DEFAULT_MODEL_MB: Readonly<Record<EmbeddingSettings["dtype"], number>> = { q8: 23, fp32: 91 };
export const DEFAULT_EMBEDDING_MODEL_ID = "Xenova/all-MiniLM-L6-v2";

/** The weights file transformers.js reads for a weight type. */
function weightsFile(dtype: EmbeddingSettings["dtype"]): string {
	return dtype === "q8" ? "onnx/model_quantized.onnx" : "onnx/model.onnx";
}

/** Files a sentence-embedding model folder needs to load offline with these weights, hub paths. */
export function modelFileList(dtype: EmbeddingSettings["dtype"]): string[] {
	return ["config.json", "tokenizer.json", "tokenizer_config.json", weightsFile(dtype)];
}

/** About how many MB turning semantic recall on downloads; null for a model whose size is not known here. */
export function downloadMegabytes(modelId: string, dtype: EmbeddingSettings["dtype"]): number | null {
	return modelId === DEFAULT_EMBEDDING_MODEL_ID ? DEFAULT_MODEL_MB[dtype] : null;
}

/** A hub model id: `owner/name` of letters, digits, ".", "_" and "-", neither part "." or "..". */
export function isModelId(modelId: string): boolean {
	return /^[\w.-]+\/[\w.-]+$/.test(modelId) && !modelId.split("/").some((part) => part === "." || part === "..");
}
