import { setTimeout } from "node:timers";
import { describe, expect, it } from "vitest";
import type { EmbeddingWorkerReply, EmbeddingWorkerRequest } from "../../src/embeddings/embedding-worker-protocol";
import {
	createWorkerEmbedder,
	type EmbeddingWorkerPort,
	type ModelFileSource,
} from "../../src/embeddings/worker-embedder";

type Script = (worker: ScriptedWorker, message: EmbeddingWorkerRequest, transfer: Transferable[]) => void;

/** Stands in for the Web Worker: answers each message with a script, asynchronously like a real one. */
class ScriptedWorker implements EmbeddingWorkerPort {
	onmessage: ((event: MessageEvent<EmbeddingWorkerReply>) => void) | null = null;
	onerror: ((event: ErrorEvent) => void) | null = null;
	terminated = false;
	readonly received: { message: EmbeddingWorkerRequest; transfer: Transferable[] }[] = [];

	constructor(private readonly script: Script) {}

	postMessage(message: EmbeddingWorkerRequest, transfer: Transferable[]): void {
		this.received.push({ message, transfer });
		setTimeout(() => this.script(this, message, transfer), 0);
	}

	reply(data: EmbeddingWorkerReply): void {
		this.onmessage?.({ data } as MessageEvent<EmbeddingWorkerReply>);
	}

	crash(message: string): void {
		this.onerror?.({ message, preventDefault: () => undefined } as ErrorEvent);
	}

	terminate(): void {
		this.terminated = true;
	}
}

const FILES = ["config.json", "onnx/model.onnx"];

/** A model of 2 dimensions that needs FILES: embeds a text as [length, 1], normalised. */
const model: Script = (worker, message) => {
	if (message.type === "load") {
		worker.reply({ type: "progress", event: { stage: "load", file: "config.json", fraction: 0 } });
		FILES.forEach((file, index) => worker.reply({ type: "file", id: index + 1, file }));
	} else if (message.type === "file") {
		if (message.error !== undefined) worker.reply({ type: "load-failed", message: message.error });
		else if (message.bytes === null)
			worker.reply({
				type: "load-failed",
				message: `file was not found locally at "/models/${FILES[message.id - 1]}"`,
			});
		else if (message.id === FILES.length) worker.reply({ type: "loaded", dimensions: 2, maxTokens: 128 });
	} else if (message.texts.includes("poison")) {
		worker.reply({ type: "embed-failed", id: message.id, message: "tensor shape mismatch" });
	} else {
		const rows = message.texts.flatMap((text) => [
			text.length / Math.hypot(text.length, 1),
			1 / Math.hypot(text.length, 1),
		]);
		const vectors = new Float32Array(rows).buffer;
		worker.reply({ type: "embedded", id: message.id, vectors, dimensions: 2 });
	}
};

function source(files: Record<string, string | Error>): ModelFileSource & { asked: string[] } {
	const asked: string[] = [];
	return {
		location: 'the folder "Models/test"',
		asked,
		async read(file) {
			asked.push(file);
			const content = files[file];
			if (content instanceof Error) throw content;
			return content === undefined ? null : new TextEncoder().encode(content).buffer;
		},
	};
}

const complete = { "config.json": "{}", "onnx/model.onnx": "weights" };

describe("createWorkerEmbedder (main thread side of the embedding worker)", () => {
	it("loads the model in the worker, answering its file requests from the source, and returns one vector per text", async () => {
		const worker = new ScriptedWorker(model);
		const files = source(complete);
		const progress: unknown[] = [];
		const embedder = await createWorkerEmbedder({
			modelId: "owner/model",
			files,
			dtype: "q8",
			onProgress: (event) => progress.push(event),
			startWorker: () => worker,
		});

		expect(worker.received[0]?.message).toEqual({
			type: "load",
			model: { modelId: "owner/model", dtype: "q8", batchSize: 16, maxTokensCap: undefined },
		});
		expect(files.asked).toEqual(FILES);
		const answers = worker.received.filter(({ message }) => message.type === "file");
		expect(
			answers.map(
				({ message, transfer }) =>
					message.type === "file" && transfer[0] === message.bytes && message.bytes?.byteLength,
			),
		).toEqual([2, 7]);
		expect(progress).toEqual([{ stage: "load", file: "config.json", fraction: 0 }]);
		expect([embedder.modelId, embedder.dimensions, embedder.maxTokens]).toEqual(["owner/model", 2, 128]);

		const [a, b] = await embedder.embed(["abc", "abcd"]);
		expect([...(a ?? [])].map((x) => x.toFixed(4))).toEqual(
			[3 / Math.hypot(3, 1), 1 / Math.hypot(3, 1)].map((x) => x.toFixed(4)),
		);
		expect(b?.length).toBe(2);
		expect(b?.[0]).toBeCloseTo(4 / Math.hypot(4, 1), 6);
	});

	it("answers an empty batch without asking the worker", async () => {
		const worker = new ScriptedWorker(model);
		const embedder = await createWorkerEmbedder({
			modelId: "owner/model",
			files: source(complete),
			startWorker: () => worker,
		});
		const sent = worker.received.length;
		expect(await embedder.embed([])).toEqual([]);
		expect(worker.received.length).toBe(sent);
	});

	it("names the model, the missing files and where they were looked for when the load fails, and stops the worker", async () => {
		const worker = new ScriptedWorker(model);
		const failure = createWorkerEmbedder({
			modelId: "owner/model",
			files: source({ "onnx/model.onnx": "weights" }),
			startWorker: () => worker,
		});
		await expect(failure).rejects.toThrow(
			'Could not load embedding model "owner/model": config.json not found in the folder "Models/test". Keyword search and the graph keep working without it.',
		);
		expect(worker.terminated).toBe(true);
	});

	it("gives a failed download as the reason the load failed", async () => {
		const worker = new ScriptedWorker(model);
		const files = source({ ...complete, "config.json": new Error("Could not download config.json: HTTP 503") });
		await expect(createWorkerEmbedder({ modelId: "owner/model", files, startWorker: () => worker })).rejects.toThrow(
			/^Could not load embedding model "owner\/model" from the folder "Models\/test"\. .*\(Could not download config\.json: HTTP 503\)$/,
		);
	});

	it("rejects only the failed call when the model fails on a batch", async () => {
		const embedder = await createWorkerEmbedder({
			modelId: "owner/model",
			files: source(complete),
			startWorker: () => new ScriptedWorker(model),
		});
		await expect(embedder.embed(["poison"])).rejects.toThrow(
			'Embedding with "owner/model" failed: tensor shape mismatch',
		);
		expect(await embedder.embed(["ok"])).toHaveLength(1);
	});

	it("fails the pending call and every later one when the worker dies", async () => {
		const silentOnEmbed: Script = (worker, message, transfer) => {
			if (message.type !== "embed") model(worker, message, transfer);
		};
		const worker = new ScriptedWorker(silentOnEmbed);
		const embedder = await createWorkerEmbedder({
			modelId: "owner/model",
			files: source(complete),
			startWorker: () => worker,
		});
		const pending = embedder.embed(["never answered"]);
		worker.crash("out of memory");
		await expect(pending).rejects.toThrow("The embedding worker stopped (out of memory)");
		await expect(embedder.embed(["later"])).rejects.toThrow("The embedding worker stopped (out of memory)");
		expect(worker.terminated).toBe(true);
	});

	it("terminates the worker on dispose; later calls say so", async () => {
		const worker = new ScriptedWorker(model);
		const embedder = await createWorkerEmbedder({
			modelId: "owner/model",
			files: source(complete),
			startWorker: () => worker,
		});
		await embedder.dispose();
		expect(worker.terminated).toBe(true);
		await expect(embedder.embed(["x"])).rejects.toThrow('The embedder for "owner/model" was disposed');
	});
});
