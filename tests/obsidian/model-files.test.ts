import type { RequestUrlParam, RequestUrlResponse } from "obsidian";
import { describe, expect, it } from "vitest";
import { downloadedModelFiles, localModelFiles, type ModelFileAdapter } from "../../src/obsidian/model-files";
import { DEFAULT_CONFIG_DIR as CONFIG_DIR } from "../fakes/obsidian/vault";

/** The adapter calls model-files uses, over a Map; parent folders must exist, as in the app. */
class MemoryAdapter implements ModelFileAdapter {
	readonly files = new Map<string, ArrayBuffer>();
	readonly folders = new Set<string>([""]);
	readonly writes: string[] = [];

	async exists(path: string): Promise<boolean> {
		return this.files.has(path) || this.folders.has(path);
	}
	async readBinary(path: string): Promise<ArrayBuffer> {
		const bytes = this.files.get(path);
		if (bytes === undefined) throw new Error(`ENOENT: ${path}`);
		return bytes;
	}
	async writeBinary(path: string, data: ArrayBuffer): Promise<void> {
		if (!this.folders.has(path.slice(0, path.lastIndexOf("/")))) throw new Error(`ENOENT: no folder for ${path}`);
		this.writes.push(path);
		this.files.set(path, data);
	}
	async mkdir(path: string): Promise<void> {
		const parts = path.split("/");
		parts.forEach((_, i) => this.folders.add(parts.slice(0, i + 1).join("/")));
	}
	async rename(from: string, to: string): Promise<void> {
		const bytes = await this.readBinary(from);
		if (this.files.has(to)) throw new Error("Destination file already exists!");
		this.files.delete(from);
		this.files.set(to, bytes);
	}
	async remove(path: string): Promise<void> {
		this.files.delete(path);
	}
}

const text = (bytes: ArrayBuffer | null): string | null => (bytes === null ? null : new TextDecoder().decode(bytes));
const encode = (value: string): ArrayBuffer => new TextEncoder().encode(value).buffer;

/** A hub that honours Range requests (206 + Content-Range), like huggingface.co's file server. */
function hub(files: Record<string, string>, options: { ignoreRange?: boolean; failWith?: number } = {}) {
	const requests: { url: string; range?: string }[] = [];
	const request = async ({ url, headers }: RequestUrlParam): Promise<RequestUrlResponse> => {
		requests.push({ url, range: headers?.Range });
		const respond = (status: number, body: ArrayBuffer, extra: Record<string, string> = {}): RequestUrlResponse => ({
			status,
			headers: extra,
			arrayBuffer: body,
			json: null,
			text: "",
		});
		if (options.failWith !== undefined) return respond(options.failWith, new ArrayBuffer(0));
		const file = /^https:\/\/huggingface\.co\/owner\/model\/resolve\/main\/(.+)$/.exec(url)?.[1];
		const content = file === undefined ? undefined : files[decodeURIComponent(file)];
		if (content === undefined) return respond(404, encode("Entry not found"));
		const bytes = new TextEncoder().encode(content);
		const range = /^bytes=(\d+)-(\d+)$/.exec(headers?.Range ?? "");
		if (options.ignoreRange || range === null) return respond(200, bytes.buffer);
		const start = Number(range[1]);
		const end = Math.min(Number(range[2]), bytes.length - 1);
		return respond(206, bytes.slice(start, end + 1).buffer, {
			"Content-Range": `bytes ${start}-${end}/${bytes.length}`,
		});
	};
	return { request, requests };
}

const WEIGHTS = "0123456789abcdefghij-weights";

describe("downloadedModelFiles (model files kept in the plugin folder, downloaded once)", () => {
	it("downloads a missing file in chunks with progress, stores it in the model's folder, and reads it from there next time", async () => {
		const adapter = new MemoryAdapter();
		const { request, requests } = hub({ "onnx/model.onnx": WEIGHTS });
		const progress: unknown[] = [];
		const options = {
			adapter,
			folder: `${CONFIG_DIR}/plugins/causal-memory/models`,
			modelId: "owner/model",
			allowDownload: true,
			request,
			chunkBytes: 10,
		};
		const files = downloadedModelFiles({ ...options, onProgress: (event) => progress.push(event) });

		expect(text(await files.read("onnx/model.onnx"))).toBe(WEIGHTS);
		expect(requests.map(({ range }) => range)).toEqual(["bytes=0-9", "bytes=10-19", "bytes=20-29"]);
		expect(progress).toEqual(
			[0, 10 / 28, 20 / 28, 1].map((fraction) => ({ stage: "download", file: "onnx/model.onnx", fraction })),
		);
		const stored = `${CONFIG_DIR}/plugins/causal-memory/models/owner/model/onnx/model.onnx`;
		expect(text(adapter.files.get(stored) ?? null)).toBe(WEIGHTS);
		expect(adapter.writes).toEqual([`${stored}.part`]);
		expect(adapter.files.has(`${stored}.part`)).toBe(false);

		const later = downloadedModelFiles({ ...options, request: () => Promise.reject(new Error("offline")) });
		expect(text(await later.read("onnx/model.onnx"))).toBe(WEIGHTS);
	});

	it("takes the whole file from a server that ignores Range, and shares one download between concurrent reads", async () => {
		const adapter = new MemoryAdapter();
		const { request, requests } = hub({ "config.json": '{"model_type":"bert"}' }, { ignoreRange: true });
		const files = downloadedModelFiles({
			adapter,
			folder: "models",
			modelId: "owner/model",
			allowDownload: true,
			request,
		});
		const [a, b] = await Promise.all([files.read("config.json"), files.read("config.json")]);
		expect([text(a), text(b)]).toEqual(['{"model_type":"bert"}', '{"model_type":"bert"}']);
		expect(a).not.toBe(b);
		expect(requests).toHaveLength(1);
	});

	it("answers null for a file the hub does not have, and stores nothing", async () => {
		const adapter = new MemoryAdapter();
		const files = downloadedModelFiles({
			adapter,
			folder: "models",
			modelId: "owner/model",
			allowDownload: true,
			request: hub({}).request,
		});
		expect(await files.read("generation_config.json")).toBeNull();
		expect(adapter.writes).toEqual([]);
	});

	it("with downloads off, reads only what the folder has and never asks the network", async () => {
		const adapter = new MemoryAdapter();
		await adapter.mkdir("models/owner/model");
		await adapter.writeBinary("models/owner/model/config.json", encode("{}"));
		const { request, requests } = hub({ "tokenizer.json": "{}" });
		const files = downloadedModelFiles({
			adapter,
			folder: "models",
			modelId: "owner/model",
			allowDownload: false,
			request,
		});
		expect(text(await files.read("config.json"))).toBe("{}");
		expect(await files.read("tokenizer.json")).toBeNull();
		expect(requests).toEqual([]);
		expect(files.location).toBe('"models/owner/model" (downloading is turned off)');
	});

	it("says which file, model and URL failed, and where the files can be put by hand", async () => {
		const adapter = new MemoryAdapter();
		const files = downloadedModelFiles({
			adapter,
			folder: "models",
			modelId: "owner/model",
			allowDownload: true,
			request: hub({}, { failWith: 503 }).request,
		});
		await expect(files.read("onnx/model.onnx")).rejects.toThrow(
			'Could not download onnx/model.onnx of embedding model "owner/model" from https://huggingface.co/owner/model/resolve/main/onnx/model.onnx: HTTP 503. ' +
				'Check the connection, or put the model\'s files in "models/owner/model".',
		);
		expect(adapter.files.size).toBe(0);
	});

	it("refuses model ids and file names that would leave the model folder", async () => {
		const adapter = new MemoryAdapter();
		const { request } = hub({});
		expect(() =>
			downloadedModelFiles({ adapter, folder: "models", modelId: "../secrets", allowDownload: true, request }),
		).toThrow('Embedding model id "../secrets" must look like "owner/name"');
		const files = downloadedModelFiles({
			adapter,
			folder: "models",
			modelId: "owner/model",
			allowDownload: true,
			request,
		});
		await expect(files.read("../../data.json")).rejects.toThrow(
			'Model file name "../../data.json" is not a plain path inside the model folder.',
		);
	});
});

describe("localModelFiles (a model folder the user points to)", () => {
	it("reads the folder's files and answers null for the others", async () => {
		const adapter = new MemoryAdapter();
		await adapter.mkdir("Models/minilm/onnx");
		await adapter.writeBinary("Models/minilm/onnx/model.onnx", encode("weights"));
		const files = localModelFiles(adapter, "Models/minilm/");
		expect(text(await files.read("onnx/model.onnx"))).toBe("weights");
		expect(await files.read("config.json")).toBeNull();
		expect(files.location).toBe('the folder "Models/minilm"');
	});
});
