import { Notice, normalizePath, type Plugin } from "obsidian";
import type { EmbeddingSettings } from "../core/model/embedding-settings";
import type { Embedder, ModelProgress } from "../core/model/embedder";
import type { EmbeddingWorkerPort } from "../embeddings/worker-embedder";
import { downloadedModelFiles, localModelFiles } from "./model-files";
import { errorMessage } from "../core/model/error-message";

const DONE_NOTICE_MS = 10_000;

/**
 * The embedding model inside Obsidian: transformers.js in a Web Worker (bundled into main.js with
 * the ONNX Runtime wasm), model files from a vault folder or downloaded once, with progress, into
 * the plugin's folder. Nothing is downloaded unless the user allowed it in the settings. A loaded
 * model is handed to `use` once (the engine, for semantic recall).
 */
export class ObsidianEmbeddings {
	private embedder: Promise<Embedder> | null = null;

	constructor(
		private readonly plugin: Plugin,
		private readonly settings: () => EmbeddingSettings,
		private readonly use: (embedder: Embedder) => Promise<void>,
		/** Default: the embedding worker bundled into main.js, as a Web Worker. */
		private readonly startWorker?: () => EmbeddingWorkerPort,
	) {}

	/** Whether the settings ask for the model at start-up: a download is allowed or a local model folder is set. */
	isConfigured(): boolean {
		const { allowDownload, localModelFolder } = this.settings();
		return allowDownload || localModelFolder !== "";
	}

	/** Loads the model at start-up when configured; a download shows its progress, a failure is told. */
	async loadIfConfigured(): Promise<void> {
		if (!this.isConfigured()) return;
		const shown: { notice: Notice | null } = { notice: null };
		try {
			await this.prepare((event) => {
				if (event.stage !== "download" && shown.notice === null) return;
				shown.notice ??= new Notice("Embedding model: downloading…", 0);
				shown.notice.setMessage(progressText(event));
			});
		} catch (error) {
			new Notice(
				`Causal Memory: the embedding model could not be loaded, recall uses keywords only: ${errorMessage(error)}`,
			);
		} finally {
			shown.notice?.hide();
		}
	}

	/** Loads the configured model (downloading it first if allowed and missing) and hands it to `use`; shared afterwards. */
	prepare(onProgress?: ModelProgress): Promise<Embedder> {
		this.embedder ??= this.loadAndUse(onProgress).catch((error: unknown) => {
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

	/** The "Prepare the embedding model" command (the welcome's "Turn on semantic recall" runs it too). */
	async prepareWithNotice(): Promise<void> {
		const notice = new Notice("Embedding model: starting…", 0);
		try {
			const embedder = await this.prepare((event) => notice.setMessage(progressText(event)));
			notice.setMessage(
				`Embedding model ${embedder.modelId} is ready (${embedder.dimensions} dimensions); recall is semantic once notes are embedded.`,
			);
		} catch (error) {
			notice.setMessage(`Embedding model could not be loaded: ${errorMessage(error)}`);
		}
		window.setTimeout(() => notice.hide(), DONE_NOTICE_MS);
	}

	private async loadAndUse(onProgress?: ModelProgress): Promise<Embedder> {
		const embedder = await this.load(onProgress);
		try {
			await this.use(embedder);
		} catch (error) {
			await embedder.dispose();
			throw error;
		}
		return embedder;
	}

	private async load(onProgress?: ModelProgress): Promise<Embedder> {
		const { modelId, allowDownload, localModelFolder, dtype } = this.settings();
		const { adapter } = this.plugin.app.vault;
		const files =
			localModelFolder !== ""
				? localModelFiles(adapter, localModelFolder)
				: downloadedModelFiles({
						adapter,
						folder: normalizePath(
							`${this.plugin.manifest.dir ?? `${this.plugin.app.vault.configDir}/plugins/${this.plugin.manifest.id}`}/models`,
						),
						modelId,
						allowDownload,
						onProgress,
					});
		// transformers.js and ONNX Runtime's wasm are evaluated only when semantic recall is used.
		const { createWorkerEmbedder } = await import("../embeddings/worker-embedder");
		return createWorkerEmbedder({ modelId, files, dtype, onProgress, startWorker: this.startWorker });
	}
}

function progressText(event: Parameters<ModelProgress>[0]): string {
	const percent = event.fraction === undefined ? "" : ` ${Math.round(event.fraction * 100)}%`;
	return `Embedding model: ${event.stage === "download" ? "downloading" : "loading"} ${event.file ?? ""}${percent}`;
}
