import { Notice, normalizePath, type Plugin } from "obsidian";
import type { EmbeddingSettings } from "../core/model/embedding-settings";
import type { Embedder, ModelProgress } from "../embeddings/embedder";
import { createWorkerEmbedder } from "../embeddings/worker-embedder";
import { downloadedModelFiles, localModelFiles } from "./model-files";
import { errorMessage } from "../core/model/error-message";

/**
 * The embedding model inside Obsidian: transformers.js in a Web Worker (bundled into main.js with
 * the ONNX Runtime wasm), model files from a vault folder or downloaded once, with progress, into
 * the plugin's folder. Nothing is downloaded unless the user allowed it in the settings.
 */
export class ObsidianEmbeddings {
	private embedder: Promise<Embedder> | null = null;

	constructor(
		private readonly plugin: Plugin,
		private readonly settings: () => EmbeddingSettings,
	) {}

	/** Loads the configured model (downloading it first if allowed and missing); the same embedder is shared afterwards. */
	prepare(onProgress?: ModelProgress): Promise<Embedder> {
		this.embedder ??= this.load(onProgress).catch((error: unknown) => {
			this.embedder = null;
			throw error;
		});
		return this.embedder;
	}

	async dispose(): Promise<void> {
		const embedder = this.embedder;
		this.embedder = null;
		await (await embedder?.catch(() => null))?.dispose();
	}

	addCommands(): void {
		this.plugin.addCommand({
			id: "prepare-embedding-model",
			name: "Prepare the embedding model",
			callback: () => void this.prepareWithNotice(),
		});
	}

	private async prepareWithNotice(): Promise<void> {
		const notice = new Notice("Embedding model: starting…", 0);
		try {
			const embedder = await this.prepare((event) => {
				const percent = event.fraction === undefined ? "" : ` ${Math.round(event.fraction * 100)}%`;
				notice.setMessage(`Embedding model: ${event.stage === "download" ? "downloading" : "loading"} ${event.file ?? ""}${percent}`);
			});
			notice.setMessage(`Embedding model ${embedder.modelId} is ready (${embedder.dimensions} dimensions).`);
		} catch (error) {
			notice.setMessage(`Embedding model could not be loaded: ${errorMessage(error)}`);
		}
		window.setTimeout(() => notice.hide(), 10_000);
	}

	private load(onProgress?: ModelProgress): Promise<Embedder> {
		const { modelId, allowDownload, localModelFolder, dtype } = this.settings();
		const { adapter } = this.plugin.app.vault;
		const files =
			localModelFolder !== ""
				? localModelFiles(adapter, localModelFolder)
				: downloadedModelFiles({
						adapter,
						folder: normalizePath(`${this.plugin.manifest.dir ?? `${this.plugin.app.vault.configDir}/plugins/${this.plugin.manifest.id}`}/models`),
						modelId,
						allowDownload,
						onProgress,
					});
		return createWorkerEmbedder({ modelId, files, dtype, onProgress });
	}
}
