import { Notice, normalizePath, type Plugin } from "obsidian";
import type { EmbeddingSettings } from "../core/model/embedding-settings";
import type { Embedder, ModelProgress } from "../core/model/embedder";
import { errorMessage } from "../core/model/error-message";
import { downloadMegabytes } from "../embeddings/model-file-list";
import type { EmbeddingWorkerPort } from "../embeddings/worker-embedder";
import { downloadedModelFiles, localModelFiles, type RequestUrl } from "./model-files";

const DONE_NOTICE_MS = 10_000;

/** Where semantic recall stands: what the settings' switch, the view and the command show. */
export type SemanticRecallState =
	| { kind: "off" }
	| { kind: "downloading"; file: string; percent: number | null }
	| { kind: "loading" }
	| { kind: "ready"; modelId: string; dimensions: number }
	| { kind: "failed"; reason: string };

/** What the memory view needs of semantic recall: its state and the one action that turns it on, told in a notice. */
export interface SemanticRecallSwitch {
	state(): SemanticRecallState;
	onChange(listener: (state: SemanticRecallState) => void): () => void;
	turnOnWithNotice(): Promise<void>;
}

export interface ObsidianEmbeddingsOptions {
	settings: () => EmbeddingSettings;
	updateSettings: (change: (settings: EmbeddingSettings) => EmbeddingSettings) => Promise<void>;
	/** Hands a loaded model to the engine, once. */
	use: (embedder: Embedder) => Promise<void>;
	/** The engine stops using the model (it is being removed). */
	release: () => Promise<void>;
	/** Default: the embedding worker bundled into main.js, as a Web Worker. */
	startWorker?: () => EmbeddingWorkerPort;
	/** Default: Obsidian's requestUrl. */
	request?: RequestUrl;
}

/**
 * Semantic recall inside Obsidian: transformers.js in a Web Worker (bundled into main.js with the
 * ONNX Runtime wasm), model files from a vault folder or downloaded once, with progress, into the
 * plugin's folder. Turning it on is the consent to that download (`allowDownload` records it);
 * nothing is downloaded before. A loaded model is handed to the engine once.
 */
export class ObsidianEmbeddings implements SemanticRecallSwitch {
	private embedder: Promise<Embedder> | null = null;
	private current: SemanticRecallState;
	private readonly listeners = new Set<(state: SemanticRecallState) => void>();

	constructor(
		private readonly plugin: Plugin,
		private readonly options: ObsidianEmbeddingsOptions,
	) {
		this.current = this.isConfigured() ? { kind: "loading" } : { kind: "off" };
	}

	state(): SemanticRecallState {
		return this.current;
	}

	onChange(listener: (state: SemanticRecallState) => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	/** Whether semantic recall is on: turned on (the download agreed to) or a local model folder set. */
	isConfigured(): boolean {
		const { allowDownload, localModelFolder } = this.options.settings();
		return allowDownload || localModelFolder !== "";
	}

	/** What turning it on costs, for the switch: the download's size when known, or the local folder it reads. */
	turnOnText(): string {
		const { modelId, dtype, localModelFolder } = this.options.settings();
		if (localModelFolder !== "") return `Turn on (reads the model in "${localModelFolder}")`;
		const megabytes = downloadMegabytes(modelId, dtype);
		return megabytes === null
			? "Turn on (downloads the model once from Hugging Face)"
			: `Turn on (downloads ≈ ${megabytes} MB once from Hugging Face)`;
	}

	/** Loads the model at start-up when semantic recall is on; a download shows its progress, a failure is told. */
	async loadIfConfigured(): Promise<void> {
		if (!this.isConfigured()) return;
		const shown: { notice: Notice | null } = { notice: null };
		try {
			await this.prepare((event) => {
				if (event.stage !== "download" && shown.notice === null) return;
				shown.notice ??= new Notice("Semantic recall: downloading the model…", 0);
				shown.notice.setMessage(progressText(event));
			});
		} catch (error) {
			new Notice(
				`Causal Memory: semantic recall could not start, recall uses keywords and the graph only: ${errorMessage(error)}`,
			);
		} finally {
			shown.notice?.hide();
		}
	}

	/**
	 * Turns semantic recall on: records the consent to download, downloads the model if it is not
	 * in the plugin's folder yet, loads it and hands it to the engine. Rejects with why it failed
	 * (the state says so too, and turning on again retries).
	 */
	async turnOn(onProgress?: ModelProgress): Promise<Embedder> {
		if (!this.isConfigured()) await this.options.updateSettings((settings) => ({ ...settings, allowDownload: true }));
		return this.prepare(onProgress);
	}

	/** Loads the configured model (downloading it first when allowed and missing) and hands it to the engine; shared afterwards. */
	prepare(onProgress?: ModelProgress): Promise<Embedder> {
		if (this.embedder === null) {
			this.set({ kind: "loading" });
			this.embedder = this.loadAndUse((event) => {
				if (event.stage === "download" && event.file !== undefined)
					this.set({
						kind: "downloading",
						file: event.file,
						percent: event.fraction === undefined ? null : Math.round(event.fraction * 100),
					});
				else if (this.current.kind === "downloading") this.set({ kind: "loading" });
				onProgress?.(event);
			}).then(
				(embedder) => {
					this.set({ kind: "ready", modelId: embedder.modelId, dimensions: embedder.dimensions });
					return embedder;
				},
				(error: unknown) => {
					this.embedder = null;
					this.set({ kind: "failed", reason: errorMessage(error) });
					throw error;
				},
			);
		}
		return this.embedder;
	}

	/**
	 * Turns semantic recall off: the engine stops using the model, the downloaded files are deleted
	 * (a local model folder is the user's and stays) and the consent is withdrawn.
	 */
	async remove(): Promise<void> {
		await this.options.release();
		await this.dispose();
		const { adapter } = this.plugin.app.vault;
		const folder = this.downloadFolder();
		if (await adapter.exists(folder)) await adapter.rmdir(folder, true);
		await this.options.updateSettings((settings) => ({ ...settings, allowDownload: false }));
		this.set({ kind: "off" });
	}

	async dispose(): Promise<void> {
		const embedder = this.embedder;
		this.embedder = null;
		await (await embedder?.catch(() => null))?.dispose();
	}

	addCommands(): void {
		this.plugin.addCommand({
			// The id stays: the welcome dialog runs it as its "turn on semantic recall" action.
			id: "prepare-embedding-model",
			name: "Turn on semantic recall",
			callback: () => void this.turnOnWithNotice(),
		});
	}

	/** The command: the same as the switch in the settings, told through one notice. */
	async turnOnWithNotice(): Promise<void> {
		const notice = new Notice("Semantic recall: starting…", 0);
		try {
			const embedder = await this.turnOn((event) => notice.setMessage(progressText(event)));
			notice.setMessage(
				`Semantic recall is on: ${embedder.modelId} (${embedder.dimensions} dimensions) finds memories by meaning once notes are embedded.`,
			);
		} catch (error) {
			notice.setMessage(
				`Semantic recall could not be turned on: ${errorMessage(error)} Run the command again or use the settings to retry.`,
			);
		}
		window.setTimeout(() => notice.hide(), DONE_NOTICE_MS);
	}

	/** The vault-relative folder a downloaded model is kept in: `<plugin folder>/models/<owner>/<name>`. */
	private downloadFolder(): string {
		return normalizePath(`${this.modelsFolder()}/${this.options.settings().modelId}`);
	}

	private modelsFolder(): string {
		const { manifest, app } = this.plugin;
		return normalizePath(`${manifest.dir ?? `${app.vault.configDir}/plugins/${manifest.id}`}/models`);
	}

	private set(state: SemanticRecallState): void {
		this.current = state;
		for (const listener of this.listeners) listener(state);
	}

	private async loadAndUse(onProgress: ModelProgress): Promise<Embedder> {
		const embedder = await this.load(onProgress);
		try {
			await this.options.use(embedder);
		} catch (error) {
			await embedder.dispose();
			throw error;
		}
		return embedder;
	}

	private async load(onProgress: ModelProgress): Promise<Embedder> {
		const { modelId, allowDownload, localModelFolder, dtype } = this.options.settings();
		const { adapter } = this.plugin.app.vault;
		const files =
			localModelFolder !== ""
				? localModelFiles(adapter, localModelFolder)
				: downloadedModelFiles({
						adapter,
						folder: this.modelsFolder(),
						modelId,
						allowDownload,
						onProgress,
						request: this.options.request,
					});
		// transformers.js and ONNX Runtime's wasm are evaluated only when semantic recall is used.
		const { createWorkerEmbedder } = await import("../embeddings/worker-embedder");
		return createWorkerEmbedder({ modelId, files, dtype, onProgress, startWorker: this.options.startWorker });
	}
}

function progressText(event: Parameters<ModelProgress>[0]): string {
	const percent = event.fraction === undefined ? "" : ` ${Math.round(event.fraction * 100)}%`;
	return `Semantic recall: ${event.stage === "download" ? "downloading" : "loading"} ${event.file ?? "the model"}${percent}`;
}
