import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Embedder, ModelProgress } from "../../src/core/model/embedder";
import { createTransformersEmbedder, DEFAULT_EMBEDDING_MODEL } from "../../src/embeddings/transformers-embedder";
import { ensureFixtureModel, FIXTURE_MODEL_ID, FIXTURE_MODEL_ROOT } from "../setup/fixture-model";

const DOCUMENTS = [
	"The dog barked at the mailman all morning.",
	"Our new car needs tires before the road trip.",
	"I drink coffee every day at breakfast.",
	"The release crashed because of a database bug.",
	"The budget meeting moved to Friday.",
	"It rained all weekend at the beach.",
];

/** Query, the document it must rank first, and that document's cosine as measured with the fixture (384 dimensions). */
const RANKING: [query: string, best: number, similarity: number][] = [
	["canine", 0, 0.343],
	["automobile", 1, 0.503],
	["espresso latte", 2, 0.59],
	["software defect", 3, 0.487],
	["spending review call", 4, 0.603],
	["rainfall by the seaside", 5, 0.554],
];

const dot = (a: Float32Array, b: Float32Array): number => a.reduce((sum, x, i) => sum + x * b[i], 0);

describe("createTransformersEmbedder with the fixture model (offline, transformers.js pipeline)", () => {
	let embedder: Embedder;
	const progress: Parameters<ModelProgress>[0][] = [];

	beforeAll(async () => {
		ensureFixtureModel();
		embedder = await createTransformersEmbedder({
			modelId: FIXTURE_MODEL_ID,
			localModelPath: FIXTURE_MODEL_ROOT,
			onProgress: (event) => progress.push(event),
		});
	});

	afterAll(async () => {
		await embedder.dispose();
	});

	it("reports the model's shape: 384 dimensions, a 256-token window", () => {
		expect(embedder.modelId).toBe(FIXTURE_MODEL_ID);
		expect(embedder.dimensions).toBe(384);
		expect(embedder.maxTokens).toBe(256);
	});

	it("reports loading (not downloading) while downloads are off", () => {
		expect(progress.some((event) => event.file === "onnx/model.onnx" && event.fraction === 1)).toBe(true);
		expect(progress.every((event) => event.stage === "load")).toBe(true);
	});

	it("returns one unit vector per text, in order", async () => {
		const vectors = await embedder.embed(["dog", "", "coffee"]);
		expect(vectors).toHaveLength(3);
		for (const vector of vectors) {
			expect(vector).toHaveLength(384);
			expect(Math.sqrt(dot(vector, vector))).toBeCloseTo(1, 5);
		}
		expect(await embedder.embed([])).toEqual([]);
	});

	it("ranks by meaning: each query's best document is its synonym's sentence", async () => {
		const documents = await embedder.embed(DOCUMENTS);
		const queries = await embedder.embed(RANKING.map(([query]) => query));
		RANKING.forEach(([query, best, similarity], q) => {
			const scores = documents.map((document) => dot(queries[q], document));
			const ranked = scores.map((score, d) => ({ d, score })).sort((a, b) => b.score - a.score);
			expect(ranked[0].d, query).toBe(best);
			expect(scores[best], query).toBeCloseTo(similarity, 2);
			// Every unrelated document stays far below the match.
			expect(ranked[1].score, query).toBeLessThan(0.15);
		});
	});

	it("places synonyms near each other and a same-topic word between synonyms and unrelated words", async () => {
		const [dog, canine, cat, car] = await embedder.embed(["dog", "canine", "cat", "car"]);
		expect(dot(dog, canine)).toBeGreaterThan(0.5);
		expect(dot(dog, cat)).toBeGreaterThan(dot(dog, car) + 0.03);
		expect(dot(dog, car)).toBeLessThan(0.1);
	});

	it("gives the same vectors whatever the batch", async () => {
		const single = await embedder.embed(["The dog barked at the mailman all morning."]);
		const batched = await embedder.embed([...DOCUMENTS, ...DOCUMENTS, ...DOCUMENTS]);
		expect(dot(single[0], batched[12])).toBeCloseTo(1, 5);
	});

	it("loads the q8 weights too, with nearly the same vectors", async () => {
		const quantized = await createTransformersEmbedder({
			modelId: FIXTURE_MODEL_ID,
			localModelPath: FIXTURE_MODEL_ROOT,
			dtype: "q8",
		});
		try {
			const [a] = await embedder.embed([DOCUMENTS[3]]);
			const [b] = await quantized.embed([DOCUMENTS[3]]);
			expect(dot(a, b)).toBeGreaterThan(0.999);
		} finally {
			await quantized.dispose();
		}
	});
});

describe("createTransformersEmbedder without the model", () => {
	const emptyRoot = mkdtempSync(join(tmpdir(), "cm-no-models-"));
	afterAll(() => rmSync(emptyRoot, { recursive: true, force: true }));

	it("says where to put the model folder and how to download it once", async () => {
		const created = createTransformersEmbedder({
			modelId: DEFAULT_EMBEDDING_MODEL,
			localModelPath: emptyRoot,
			allowRemote: false,
		});
		await expect(created).rejects.toThrow(`put the model folder at ${emptyRoot}/Xenova/all-MiniLM-L6-v2/`);
		await expect(created).rejects.toThrow(/config\.json, tokenizer\.json, tokenizer_config\.json, onnx\/model\.onnx/);
		await expect(created).rejects.toThrow(/download it once: causal-memory model download --vault <vault>/);
	});

	it("rejects a relative model folder", async () => {
		await expect(
			createTransformersEmbedder({ modelId: FIXTURE_MODEL_ID, localModelPath: ".tmp/models" }),
		).rejects.toThrow('localModelPath must be an absolute folder path, got ".tmp/models"');
	});
});
