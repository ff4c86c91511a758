import { describe, expect, it } from "vitest";
import { WorkerFileCache } from "../../src/embeddings/worker-file-cache";

function cache(files: Record<string, string>) {
	const asked: string[] = [];
	const fileCache = new WorkerFileCache({
		localPrefix: "/models/owner/model/",
		remotePrefix: "https://huggingface.co/owner/model/resolve/",
		request: async (file) => {
			asked.push(file);
			return file in files ? new TextEncoder().encode(files[file]).buffer : null;
		},
	});
	return { fileCache, asked };
}

describe("WorkerFileCache (transformers.js' custom cache inside the embedding worker)", () => {
	it("maps local and hub keys to the file inside the model folder and answers with its bytes", async () => {
		const { fileCache, asked } = cache({ "config.json": '{"model_type":"bert"}', "onnx/model.onnx": "weights" });
		const local = await fileCache.match("/models/owner/model/config.json");
		expect(await local?.text()).toBe('{"model_type":"bert"}');
		expect(local?.headers.get("content-length")).toBe("21");
		expect(
			await (await fileCache.match("https://huggingface.co/owner/model/resolve/main/onnx/model.onnx"))?.text(),
		).toBe("weights");
		expect(asked).toEqual(["config.json", "onnx/model.onnx"]);
	});

	it("asks the main thread once per file, whichever key and however often, until told to forget", async () => {
		const { fileCache, asked } = cache({ "tokenizer.json": "{}" });
		await fileCache.match("/models/owner/model/tokenizer.json");
		expect(
			await (await fileCache.match("https://huggingface.co/owner/model/resolve/main/tokenizer.json"))?.text(),
		).toBe("{}");
		expect(await fileCache.match("/models/owner/model/generation_config.json")).toBeUndefined();
		expect(
			await fileCache.match("https://huggingface.co/owner/model/resolve/main/generation_config.json"),
		).toBeUndefined();
		expect(asked).toEqual(["tokenizer.json", "generation_config.json"]);
		fileCache.forget();
		await fileCache.match("/models/owner/model/tokenizer.json");
		expect(asked).toEqual(["tokenizer.json", "generation_config.json", "tokenizer.json"]);
	});

	it("ignores keys of other models and never stores anything", async () => {
		const { fileCache, asked } = cache({ "config.json": "{}" });
		expect(await fileCache.match("/models/other/model/config.json")).toBeUndefined();
		expect(await fileCache.match("https://huggingface.co/owner/model-2/resolve/main/config.json")).toBeUndefined();
		await fileCache.put();
		expect(asked).toEqual([]);
	});
});
