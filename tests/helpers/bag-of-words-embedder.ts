import type { Embedder } from "../../src/core/model/embedder";
import { setTimeout } from "node:timers";

/**
 * A stand-in model: words of four letters or more hashed into 64 dimensions, normalised.
 * Texts sharing words are similar, and the same text always gives the same vector. `delayMs`
 * makes every call that slow, as a busy machine would.
 */
export function bagOfWordsEmbedder(options: { delayMs?: number } = {}): Embedder {
	const dimensions = 64;
	const embedOne = (text: string): Float32Array => {
		const vector = new Float32Array(dimensions);
		for (const word of text.toLowerCase().match(/[a-z]{4,}/g) ?? []) {
			let hash = 0;
			for (const char of word) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
			vector[hash % dimensions] += 1;
		}
		const norm = Math.hypot(...vector) || 1;
		return vector.map((value) => value / norm);
	};
	const delay = options.delayMs ?? 0;
	return {
		modelId: "test/bag-of-words",
		dimensions,
		maxTokens: 256,
		embed: async (texts) => {
			if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
			return texts.map(embedOne);
		},
		dispose: () => Promise.resolve(),
	};
}
