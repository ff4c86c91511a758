import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import type { EmbeddingSettings } from "../core/model/embedding-settings";
import type { Embedder } from "../core/model/embedder";
import type { TransformersEmbedderOptions } from "../embeddings/transformers-embedder";
import { pluginFolder } from "./headless-settings";

/**
 * The embedding model the headless server should load, or null when none is configured: an
 * explicit `--model-path` folder (laid out like the hub: …/<owner>/<name>/config.json), the
 * settings' local model folder (inside the vault), or a download into the plugin folder when
 * the settings allow it. Nothing is downloaded otherwise.
 */
export function headlessEmbedder(
	vaultDir: string,
	settings: EmbeddingSettings,
	modelPath?: string,
): (() => Promise<Embedder>) | null {
	const local = modelPath ?? (settings.localModelFolder !== "" ? join(vaultDir, settings.localModelFolder) : undefined);
	if (local !== undefined) {
		const folder = isAbsolute(local) ? local : resolve(local);
		const modelId = `${basename(dirname(folder))}/${basename(folder)}`;
		return () =>
			loadTransformersEmbedder({ modelId, localModelPath: `${dirname(dirname(folder))}/`, dtype: settings.dtype });
	}
	if (!settings.allowDownload) return null;
	const cacheDir = join(pluginFolder(vaultDir), "models");
	return () =>
		loadTransformersEmbedder({
			modelId: settings.modelId,
			cacheDir,
			localModelPath: `${cacheDir}/`,
			allowRemote: true,
			dtype: settings.dtype,
		});
}

/** transformers.js (and its native ONNX runtime) is loaded only when a model is configured. */
async function loadTransformersEmbedder(options: TransformersEmbedderOptions): Promise<Embedder> {
	const { createTransformersEmbedder } = await import("../embeddings/transformers-embedder");
	return createTransformersEmbedder(options);
}
