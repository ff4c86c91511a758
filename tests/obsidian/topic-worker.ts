import { setTimeout } from "node:timers";
import type { EmbeddingWorkerReply, EmbeddingWorkerRequest } from "../../src/embeddings/embedding-worker-protocol";
import type { EmbeddingWorkerPort } from "../../src/embeddings/worker-embedder";

const TOPICS = [
	["dog", "canine", "puppy"],
	["car", "tires", "road"],
	["coffee", "breakfast"],
];

/**
 * Stands in for the embedding Web Worker: asks for the model's two files, then embeds a text as
 * its topic counts (synonyms share a topic), so "canine" is near a note about a dog.
 */
export class TopicWorker implements EmbeddingWorkerPort {
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
			if (message.bytes === null)
				this.reply({ type: "load-failed", message: message.error ?? `file ${message.id} was not found` });
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
