import { z } from "zod";
import { parseSettings } from "./parse-settings";
import { once } from "../util/once";

/** Built on first use: zod schemas cost time to build, not paid while Obsidian evaluates main.js. */
export const embeddingSettingsSchema = once(() => {
	return z.object({
		modelId: z
			.string()
			.trim()
			.regex(/^[\w.-]+\/[\w.-]+$/, { error: 'must be a model id like "Xenova/all-MiniLM-L6-v2" (owner/name)' })
			.default("Xenova/all-MiniLM-L6-v2")
			.describe("Sentence-embedding model (384 dimensions by default) used for semantic recall.")
			.meta({ title: "Model" }),
		allowDownload: z
			.boolean()
			.default(false)
			.describe(
				"Semantic recall is on: turning it on (the settings' switch, the command, or `causal-memory model download`) agreed to download the model once from huggingface.co into the plugin folder. Off by default: nothing is downloaded before.",
			)
			.meta({ internal: true, title: "Allow the model download" }),
		localModelFolder: z
			.string()
			.trim()
			.default("")
			.describe(
				"A vault folder holding the model files (config.json, tokenizer.json, onnx/…); used instead of a download when set.",
			)
			.meta({ title: "Model files in the vault" }),
		dtype: z
			.enum(["fp32", "q8"])
			.default("q8")
			.describe("Model weights: q8 (quantized, smaller and faster in Obsidian) or fp32.")
			.meta({
				title: "Model weights",
				optionLabels: { fp32: "Full precision (fp32)", q8: "Quantized (q8), smaller and faster" },
			}),
	});
});

export type EmbeddingSettings = z.infer<ReturnType<typeof embeddingSettingsSchema>>;

export function parseEmbeddingSettings(input: unknown): EmbeddingSettings {
	return parseSettings(embeddingSettingsSchema(), input, "embeddings");
}
