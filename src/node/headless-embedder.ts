import { existsSync } from "node:fs";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import type { EmbeddingSettings } from "../core/model/embedding-settings";
import type { Embedder } from "../core/model/embedder";
import { modelFileList } from "../embeddings/model-file-list";
import type { TransformersEmbedderOptions } from "../embeddings/transformers-embedder";
import { pluginFolder } from "./headless-settings";

/** Where downloaded models live, one hub-style folder per model (`<owner>/<name>/…`): the plugin's folder, shared with Obsidian. */
export function headlessModelsFolder(vaultDir: string): string {
	return join(pluginFolder(vaultDir), "models");
}

/** The folder of one downloaded model. */
export function headlessModelFolder(vaultDir: string, modelId: string): string {
	return join(headlessModelsFolder(vaultDir), ...modelId.split("/"));
}

/** Whether every file the settings' model needs is in the models folder (`causal-memory model download` put it there). */
function modelDownloaded(vaultDir: string, settings: EmbeddingSettings): boolean {
	const folder = headlessModelFolder(vaultDir, settings.modelId);
	return modelFileList(settings.dtype).every((file) => existsSync(join(folder, ...file.split("/"))));
}

/**
 * The embedding model the headless server should load, or null when none is configured: an
 * explicit `--model-path` folder (laid out like the hub: …/<owner>/<name>/config.json), the
 * settings' local model folder (inside the vault), or, when semantic recall is turned on
 * (`allowDownload`), the model in the plugin folder: read from there when downloaded, else
 * downloaded there by transformers.js. Nothing is downloaded otherwise.
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
	const models = headlessModelsFolder(vaultDir);
	return () =>
		loadTransformersEmbedder({
			modelId: settings.modelId,
			cacheDir: models,
			localModelPath: `${models}/`,
			allowRemote: !modelDownloaded(vaultDir, settings),
			dtype: settings.dtype,
		});
}

/** transformers.js (and its native ONNX runtime) is loaded only when a model is configured. */
async function loadTransformersEmbedder(options: TransformersEmbedderOptions): Promise<Embedder> {
	const { createTransformersEmbedder } = await import("../embeddings/transformers-embedder");
	return createTransformersEmbedder(options);
}
