import { afterEach, describe, expect, it } from "vitest";
import { readMemorySettings } from "../../src/core/model/settings";
import { ObsidianEmbeddings } from "../../src/obsidian/embedding-service";
import { EngineService } from "../../src/obsidian/engine-service";
import { PluginSettingsStore } from "../../src/obsidian/settings-store";
import { Notice } from "../fakes/obsidian";
import { engineOver, RecordingStatus } from "./engine-harness";
import { removeVaultDirs } from "./fake-app";
import { pluginUnderTest } from "./plugin-under-test";
import { TopicWorker } from "./topic-worker";
import { until } from "./until";

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
	for (const cleanup of cleanups.splice(0)) await cleanup();
	await removeVaultDirs();
});

const MODEL_FILES = { "Models/topics/config.json": "{}", "Models/topics/onnx/model_quantized.onnx": "weights" };
const NOTES = {
	"Walks.md": "The dog barked at the mailman all morning.",
	"Garage.md": "Our new car needs tires before the road trip.",
};

async function setup(
	files: Record<string, string>,
	embeddings: Partial<ReturnType<typeof readMemorySettings>["settings"]["embeddings"]>,
) {
	const { app, obsidianPlugin } = pluginUnderTest(files);
	const defaults = readMemorySettings(null).settings;
	const store = await PluginSettingsStore.load(obsidianPlugin);
	await store.update((settings) => ({ ...settings, embeddings: { ...defaults.embeddings, ...embeddings } }));
	const { engine } = engineOver(app, { settings: store.get() });
	const memory = new EngineService(engine, new RecordingStatus(), () => undefined);
	const workers: TopicWorker[] = [];
	const used: string[] = [];
	const service = new ObsidianEmbeddings(obsidianPlugin, {
		settings: () => store.get().embeddings,
		updateSettings: (change) => store.update((all) => ({ ...all, embeddings: change(all.embeddings) })),
		use: async (embedder) => {
			used.push(embedder.modelId);
			await engine.useEmbedder(embedder);
		},
		release: () => engine.stopEmbedder(),
		startWorker: () => {
			const worker = new TopicWorker();
			workers.push(worker);
			return worker;
		},
	});
	service.addCommands();
	cleanups.push(async () => {
		await memory.stop();
		await service.dispose();
	});
	await memory.start();
	return { app, engine, memory, store, service, workers, used };
}

async function embeddingsSettled(engine: EngineService["engine"]): Promise<void> {
	await until(async () => {
		const result = await engine.recall("dog", { readOnly: true });
		return result.vector && result.embeddingsPending === 0;
	});
}

describe("ObsidianEmbeddings", () => {
	it("loads a model from a configured vault folder at start-up and makes recall semantic", async () => {
		const { engine, service, workers, used } = await setup(
			{ ...NOTES, ...MODEL_FILES },
			{ localModelFolder: "Models/topics" },
		);
		const before = await engine.recall("canine", { readOnly: true });
		expect(before.vector).toBe(false);
		expect(before.results.map((hit) => hit.path)).not.toContain("Walks.md");

		await service.loadIfConfigured();
		expect(used).toEqual(["Xenova/all-MiniLM-L6-v2"]);
		await embeddingsSettled(engine);
		const after = await engine.recall("canine", { readOnly: true });
		expect(after.vector).toBe(true);
		expect(after.results[0]?.path).toBe("Walks.md");
		expect(workers[0]?.embedded).toBeGreaterThanOrEqual(2);
	});

	it("prepares the model once: the command after start-up reuses it and hands it to the engine only once", async () => {
		const { app, service, workers, used } = await setup(
			{ ...NOTES, ...MODEL_FILES },
			{ localModelFolder: "Models/topics" },
		);
		await service.loadIfConfigured();
		await app.commands.run("causal-memory:prepare-embedding-model");
		await until(() => Notice.messages.at(-1)?.startsWith("Semantic recall is on") ?? false);
		expect(Notice.messages.at(-1)).toBe(
			"Semantic recall is on: Xenova/all-MiniLM-L6-v2 (4 dimensions) finds memories by meaning once notes are embedded.",
		);
		expect(workers).toHaveLength(1);
		expect(used).toHaveLength(1);
		await service.dispose();
		expect(workers[0]?.terminated).toBe(true);
	});

	it("loads nothing at start-up unless semantic recall was turned on or a local folder is set", async () => {
		const { service, workers, used } = await setup({ ...NOTES, ...MODEL_FILES }, {});
		expect(service.isConfigured()).toBe(false);
		await service.loadIfConfigured();
		expect(workers).toHaveLength(0);
		expect(used).toEqual([]);
	});

	it("tells the user when the configured model cannot be loaded, keeps keyword recall, and retries on the command", async () => {
		const { app, engine, service, workers } = await setup(
			{ ...NOTES, "Models/topics/config.json": "{}" },
			{ localModelFolder: "Models/topics" },
		);
		await service.loadIfConfigured();
		expect(Notice.messages.at(-1)).toMatch(
			/^Causal Memory: semantic recall could not start, recall uses keywords and the graph only: Could not load embedding model "Xenova\/all-MiniLM-L6-v2"/,
		);
		expect(workers[0]?.terminated).toBe(true);
		expect((await engine.recall("dog", { readOnly: true })).results[0]?.path).toBe("Walks.md");

		await app.vault.adapter.mkdir("Models/topics/onnx");
		await app.vault.adapter.write("Models/topics/onnx/model_quantized.onnx", "weights");
		await app.commands.run("causal-memory:prepare-embedding-model");
		await until(() => Notice.messages.at(-1)?.startsWith("Semantic recall is on") ?? false);
		expect(workers).toHaveLength(2);
		await embeddingsSettled(engine);
	});
});
