import { setTimeout } from "node:timers";
import { afterEach, describe, expect, it } from "vitest";
import type { EmbeddingWorkerReply, EmbeddingWorkerRequest } from "../../src/embeddings/embedding-worker-protocol";
import type { EmbeddingWorkerPort } from "../../src/embeddings/worker-embedder";
import { readMemorySettings } from "../../src/core/model/settings";
import { ObsidianEmbeddings } from "../../src/obsidian/embedding-service";
import { EngineService } from "../../src/obsidian/engine-service";
import { Notice } from "../fakes/obsidian";
import { engineOver, RecordingStatus } from "./engine-harness";
import { removeVaultDirs } from "./fake-app";
import { pluginUnderTest } from "./plugin-under-test";
import { until } from "./until";

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
	for (const cleanup of cleanups.splice(0)) await cleanup();
	await removeVaultDirs();
});

const TOPICS = [
	["dog", "canine", "puppy"],
	["car", "tires", "road"],
	["coffee", "breakfast"],
];

/**
 * Stands in for the embedding Web Worker: asks for the model's two files, then embeds a text as
 * its topic counts (synonyms share a topic), so "canine" is near a note about a dog.
 */
class TopicWorker implements EmbeddingWorkerPort {
	onmessage: ((event: MessageEvent<EmbeddingWorkerReply>) => void) | null = null;
	onerror: ((event: ErrorEvent) => void) | null = null;
	terminated = false;
	embedded = 0;

	postMessage(message: EmbeddingWorkerRequest): void {
		setTimeout(() => this.answer(message), 0);
	}

	terminate(): void {
		this.terminated = true;
	}

	private answer(message: EmbeddingWorkerRequest): void {
		if (message.type === "load") {
			this.reply({ type: "file", id: 1, file: "config.json" });
			this.reply({ type: "file", id: 2, file: "onnx/model_quantized.onnx" });
		} else if (message.type === "file") {
			if (message.bytes === null) this.reply({ type: "load-failed", message: `file ${message.id} was not found` });
			else if (message.id === 2) this.reply({ type: "loaded", dimensions: TOPICS.length + 1, maxTokens: 128 });
		} else {
			this.embedded += message.texts.length;
			const rows = message.texts.flatMap((text) => {
				const words = text.toLowerCase().split(/\W+/);
				const counts = [...TOPICS.map((topic) => words.filter((word) => topic.includes(word)).length), 0.01];
				const norm = Math.hypot(...counts);
				return counts.map((count) => count / norm);
			});
			this.reply({
				type: "embedded",
				id: message.id,
				vectors: new Float32Array(rows).buffer,
				dimensions: TOPICS.length + 1,
			});
		}
	}

	private reply(data: EmbeddingWorkerReply): void {
		this.onmessage?.({ data } as MessageEvent<EmbeddingWorkerReply>);
	}
}

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
	const settings = { ...defaults, embeddings: { ...defaults.embeddings, ...embeddings } };
	const { engine } = engineOver(app, { settings });
	const memory = new EngineService(engine, new RecordingStatus(), () => undefined);
	const workers: TopicWorker[] = [];
	const used: string[] = [];
	const service = new ObsidianEmbeddings(
		obsidianPlugin,
		() => settings.embeddings,
		async (embedder) => {
			used.push(embedder.modelId);
			await engine.useEmbedder(embedder);
		},
		() => {
			const worker = new TopicWorker();
			workers.push(worker);
			return worker;
		},
	);
	service.addCommands();
	cleanups.push(async () => {
		await memory.stop();
		await service.dispose();
	});
	await memory.start();
	return { app, engine, service, workers, used };
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
		await until(() => Notice.messages.at(-1)?.startsWith("Embedding model X") ?? false);
		expect(Notice.messages.at(-1)).toBe(
			"Embedding model Xenova/all-MiniLM-L6-v2 is ready (4 dimensions); recall is semantic once notes are embedded.",
		);
		expect(workers).toHaveLength(1);
		expect(used).toHaveLength(1);
		await service.dispose();
		expect(workers[0]?.terminated).toBe(true);
	});

	it("loads nothing at start-up unless a download is allowed or a local folder is set", async () => {
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
			/^Causal Memory: the embedding model could not be loaded, recall uses keywords only: Could not load embedding model "Xenova\/all-MiniLM-L6-v2"/,
		);
		expect(workers[0]?.terminated).toBe(true);
		expect((await engine.recall("dog", { readOnly: true })).results[0]?.path).toBe("Walks.md");

		await app.vault.adapter.mkdir("Models/topics/onnx");
		await app.vault.adapter.write("Models/topics/onnx/model_quantized.onnx", "weights");
		await app.commands.run("causal-memory:prepare-embedding-model");
		await until(() => Notice.messages.at(-1)?.startsWith("Embedding model X") ?? false);
		expect(workers).toHaveLength(2);
		await embeddingsSettled(engine);
	});
});
