import { existsSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findChromium, runBrowserEmbedding, type BrowserEmbeddingRun } from "../../bench/browser/run-browser-embedding";
import { FIXTURE_MODEL_ID as BENCH_MODEL_ID, SCREENSHOT, SENTENCES } from "../../bench/browser-embedding";
import { ortWasmBrotli } from "../../scripts/inline-worker.mjs";
import type { Embedder } from "../../src/core/model/embedder";
import { createTransformersEmbedder } from "../../src/embeddings/transformers-embedder";
import { ensureFixtureModel, FIXTURE_MODEL_ID, FIXTURE_MODEL_ROOT } from "../setup/fixture-model";
import { printLine } from "../../src/node/cli/terminal";

const ROOT = `${process.cwd()}/`;
const chromium = findChromium();
const inCi = process.env.CI === "true";
if (chromium === null && !inCi)
	console.warn("[skip] no Chromium at /usr/bin/chromium (apt-get install -y chromium, or set CHROMIUM_PATH)");

const dot = (a: ArrayLike<number>, b: ArrayLike<number>): number => {
	let sum = 0;
	for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
	return sum;
};
/** Indices of the texts after the query, best match first. */
const ranking = (vectors: ArrayLike<number>[]): number[] =>
	vectors
		.slice(1)
		.map((vector, index) => ({ index: index + 1, score: dot(vectors[0], vector) }))
		.sort((a, b) => b.score - a.score)
		.map(({ index }) => index);

describe.skipIf(chromium === null && !inCi)(
	"the built main.js embeds in a Web Worker in headless Chromium, offline",
	() => {
		let mainJs = "";
		let run: BrowserEmbeddingRun;
		let node: Embedder;

		beforeAll(async () => {
			if (chromium === null)
				throw new Error(
					"Chromium is missing (CI=true): install it with `apt-get install -y chromium` (.ci/run does), or set CHROMIUM_PATH",
				);
			expect(BENCH_MODEL_ID).toBe(FIXTURE_MODEL_ID);
			mainJs = readFileSync(`${ROOT}main.js`, "utf8");
			ensureFixtureModel();
			run = await runBrowserEmbedding({
				mainJsPath: `${ROOT}main.js`,
				modelFolder: `${FIXTURE_MODEL_ROOT}${FIXTURE_MODEL_ID}`,
				modelId: FIXTURE_MODEL_ID,
				dtype: "fp32",
				texts: SENTENCES,
				screenshotPath: SCREENSHOT,
			});
			node = await createTransformersEmbedder({
				modelId: FIXTURE_MODEL_ID,
				localModelPath: FIXTURE_MODEL_ROOT,
				dtype: "fp32",
			});
			const { embedding, timings } = run;
			printLine(
				`browser embedding: page bundle ${timings.bundleMs.toFixed(0)} ms, Chromium ${timings.launchMs.toFixed(0)} ms, page ${timings.pageMs.toFixed(0)} ms ` +
					`(worker + model load ${embedding.loadMs.toFixed(0)} ms, ${SENTENCES.length} sentences ${embedding.embedMs.toFixed(0)} ms, ` +
					`failing load ${timings.failedLoadMs.toFixed(0)} ms); screenshot ${SCREENSHOT}`,
			);
		}, 120_000);

		afterAll(async () => {
			await node?.dispose();
		});

		it("loads main.js in the page as Obsidian does: a plugin class, asking only for obsidian, events and a few Node built-ins, not the MCP server's", () => {
			expect(run.mainJs.isPluginClass).toBe(true);
			const required = run.mainJs.required.sort();
			expect(required.filter((id) => !id.startsWith("node:"))).toEqual(["events", "obsidian"]);
			expect(required).toContain("node:crypto");
			// The HTTP server is required when the MCP server starts, after the vault has loaded.
			expect(required).not.toContain("node:http");
		});

		it("main.js carries the embedding worker with the ONNX Runtime wasm, and transformers.js only inside that worker", () => {
			expect(
				mainJs.includes(ortWasmBrotli().brotli.toString("base64")),
				"main.js lacks the brotli-compressed ORT wasm: the plugin must import createWorkerEmbedder",
			).toBe(true);
			expect(mainJs).toContain("causal-memory embeddings");
			// transformers.js' cache name: once in the worker; a second copy would run on the main thread, where it breaks.
			expect(mainJs.split("transformers-cache").length - 1).toBe(1);
		});

		it("makes no request but for the page and the model files the page hands to the worker", () => {
			expect(run.unexpectedRequests).toEqual([]);
			const paths = run.requests.map((url) => new URL(url).pathname);
			expect(paths.filter((path) => !path.startsWith("/model/")).sort()).toEqual([
				"/",
				"/embed-entry.js",
				"/main.js",
				"/worker-canary",
			]);
			expect([...new Set(paths.filter((path) => path.startsWith("/model/")))].sort()).toEqual(
				["config.json", "onnx/model.onnx", "tokenizer.json", "tokenizer_config.json"].map((file) => `/model/${file}`),
			);
			expect(run.embedding.filesAsked.sort()).toEqual([
				"config.json",
				"onnx/model.onnx",
				"tokenizer.json",
				"tokenizer_config.json",
			]);
			expect(run.errors).toEqual([]);
			expect(existsSync(SCREENSHOT)).toBe(true);
		});

		it("fails a model without its weights with a message naming the missing file, and still makes no request", () => {
			expect(run.missingWeightsError).toMatch(
				/^Could not load embedding model "causal-memory\/fixture-minilm": onnx\/model\.onnx not found in the test server's \/model\/ folder\. /,
			);
		});

		it("gives the headless embedder's vectors: same shape, same ranking, cosines within 1e-3", async () => {
			const { embedding } = run;
			expect([embedding.dimensions, embedding.maxTokens]).toEqual([node.dimensions, node.maxTokens]);
			const expected = await node.embed(SENTENCES);
			expect(embedding.vectors).toHaveLength(SENTENCES.length);
			for (const [i, vector] of embedding.vectors.entries()) {
				expect(vector).toHaveLength(node.dimensions);
				expect(dot(vector, vector)).toBeCloseTo(1, 4);
				expect(dot(vector, expected[i])).toBeGreaterThan(0.999);
			}
			for (let i = 1; i < SENTENCES.length; i++) {
				expect(Math.abs(dot(embedding.vectors[0], embedding.vectors[i]) - dot(expected[0], expected[i]))).toBeLessThan(
					1e-3,
				);
			}
			expect(ranking(embedding.vectors)).toEqual(ranking(expected));
		});

		it("ranks the synonyms of the query first: the dog sentences for 'my canine pet', then the kitten", () => {
			const [first, second, third] = ranking(run.embedding.vectors).map((index) => SENTENCES[index]);
			expect(new Set([first, second])).toEqual(
				new Set(["the puppy was barking all night", "our dog loves long walks"]),
			);
			expect(third).toBe("the kitten sleeps in the sunshine");
		});
	},
);
