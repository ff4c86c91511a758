/*
 * The test page's script (bundled like main.js: browser platform, minified, the same inlined
 * embedding worker). It loads main.js as Obsidian does, embeds sentences through the same
 * createWorkerEmbedder main.js uses, and writes what happened into the page for the screenshot.
 */
import { createWorkerEmbedder, type ModelFileSource } from "../../src/embeddings/worker-embedder";
import { loadPluginBundle, pageWrapper, type LoadedBundle } from "./load-plugin-bundle";

export interface EmbedRequest {
	modelId: string;
	/** Files the page may fetch from /model/; the worker's requests for any other file get null. */
	modelFiles: string[];
	dtype: "fp32" | "q8";
	texts: string[];
}

export interface EmbedResult {
	dimensions: number;
	maxTokens: number;
	vectors: number[][];
	/** Files the worker asked the page for, in order. */
	filesAsked: string[];
	loadMs: number;
	embedMs: number;
}

export interface BenchPage {
	/** Runs main.js, which the runner added to the page as a script (see pageScript). */
	loadMainJs(): LoadedBundle;
	/** Starts a throwaway worker that fetches /worker-canary: proves the recorder sees workers' requests. */
	workerCanary(): Promise<string>;
	embed(request: EmbedRequest): Promise<EmbedResult>;
	/** Loads the model in a new worker and returns the error it fails with (null if it loads). */
	loadError(request: EmbedRequest): Promise<string | null>;
	/** Adds a line to the page (the runner's network summary, before the screenshot). */
	note(text: string): void;
}

function line(text: string): void {
	const log = document.getElementById("log");
	if (log) log.textContent += `${text}\n`;
}

/** A plain page, not Obsidian: its own fetch reaches the test's server (requestUrl does not exist here). */
const get = (path: string): Promise<Response> => window.fetch(path);

function servedModel(files: readonly string[], asked: string[]): ModelFileSource {
	return {
		location: "the test server's /model/ folder",
		async read(file) {
			asked.push(file);
			if (!files.includes(file)) return null;
			const response = await get(`/model/${file}`);
			if (!response.ok) throw new Error(`GET /model/${file}: HTTP ${response.status}`);
			return response.arrayBuffer();
		},
	};
}

const page: BenchPage = {
	loadMainJs() {
		const loaded = loadPluginBundle(pageWrapper().wrapper, window);
		line(
			`main.js evaluated as Obsidian does: default export ${loaded.exportName}, required ${loaded.required.join(", ")}`,
		);
		return loaded;
	},

	workerCanary() {
		// A blob worker's base URL is the blob URL: the canary's address must be absolute.
		const url = JSON.stringify(`${window.location.origin}/worker-canary`);
		const code = `fetch(${url}).then((r) => r.text()).then((t) => postMessage(t), (e) => postMessage(String(e)));`;
		const worker = new Worker(URL.createObjectURL(new Blob([code], { type: "text/javascript" })));
		return new Promise((resolve) => {
			worker.onmessage = (event: MessageEvent<string>) => {
				worker.terminate();
				resolve(event.data);
			};
		});
	},

	async embed(request) {
		const filesAsked: string[] = [];
		const started = performance.now();
		const embedder = await createWorkerEmbedder({
			modelId: request.modelId,
			files: servedModel(request.modelFiles, filesAsked),
			dtype: request.dtype,
		});
		const loaded = performance.now();
		const vectors = await embedder.embed(request.texts);
		const embedded = performance.now();
		await embedder.dispose();
		const result: EmbedResult = {
			dimensions: embedder.dimensions,
			maxTokens: embedder.maxTokens,
			vectors: vectors.map((vector) => [...vector]),
			filesAsked,
			loadMs: loaded - started,
			embedMs: embedded - loaded,
		};
		report(request, result);
		return result;
	},

	async loadError(request) {
		try {
			const embedder = await createWorkerEmbedder({
				modelId: request.modelId,
				files: servedModel(request.modelFiles, []),
				dtype: request.dtype,
			});
			await embedder.dispose();
			return null;
		} catch (error) {
			const message = error instanceof Error ? error.message : String(error);
			line(`With only ${request.modelFiles.join(", ")}: ${message}`);
			return message;
		}
	},

	note(text) {
		line(text);
	},
};

function report(request: EmbedRequest, result: EmbedResult): void {
	line(
		`Model ${request.modelId} (${request.dtype}, ${result.dimensions} dimensions) loaded in a Web Worker in ${result.loadMs.toFixed(0)} ms from ${result.filesAsked.join(", ")}`,
	);
	line(
		`${request.texts.length} sentences embedded in ${result.embedMs.toFixed(0)} ms; cosine to "${request.texts[0]}":`,
	);
	const [query, ...others] = result.vectors;
	const ranked = others
		.map((vector, index) => ({
			text: request.texts[index + 1],
			score: vector.reduce((sum, value, i) => sum + value * (query?.[i] ?? 0), 0),
		}))
		.sort((a, b) => b.score - a.score);
	for (const { text, score } of ranked) line(`${score.toFixed(3)}  ${text}`);
	const status = document.getElementById("status");
	if (status) status.textContent = "Done";
}

(window as unknown as { benchPage: BenchPage }).benchPage = page;
