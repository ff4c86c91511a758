import { normalizePath, requestUrl, type DataAdapter, type RequestUrlParam, type RequestUrlResponse } from "obsidian";
import type { ModelProgress } from "../core/model/embedder";
import type { ModelFileSource } from "../embeddings/worker-embedder";
import { errorMessage } from "../core/model/error-message";

const HUGGING_FACE = "https://huggingface.co/";
/** One request per chunk: requestUrl has no progress events, so progress is reported per chunk. */
const DEFAULT_CHUNK_BYTES = 8 * 1024 * 1024;

/** The adapter calls used here (the desktop FileSystemAdapter has them all). */
export type ModelFileAdapter = Pick<
	DataAdapter,
	"exists" | "readBinary" | "writeBinary" | "mkdir" | "rename" | "remove"
>;
export type RequestUrl = (request: RequestUrlParam) => Promise<RequestUrlResponse>;

export interface DownloadedModelOptions {
	adapter: ModelFileAdapter;
	/** Vault-relative folder that keeps downloaded models, e.g. `${manifest.dir}/models`; one sub-folder per model id. */
	folder: string;
	/** Hub id (`owner/name`). */
	modelId: string;
	/** Download files the folder does not have yet (once; later loads read the folder). */
	allowDownload: boolean;
	onProgress?: ModelProgress;
	/** Default: Obsidian's requestUrl (not subject to CORS, unlike the renderer's fetch). */
	request?: RequestUrl;
	/** Default: huggingface.co. */
	host?: string;
	chunkBytes?: number;
}

/**
 * A model's files kept in the plugin's folder: read from there, or downloaded once from the hub
 * (in chunks, with progress) and stored there first. A file the hub does not have is null.
 */
export function downloadedModelFiles(options: DownloadedModelOptions): ModelFileSource {
	checkModelId(options.modelId);
	const folder = normalizePath(`${options.folder}/${options.modelId}`);
	const host = options.host ?? HUGGING_FACE;
	const inFlight = new Map<string, Promise<ArrayBuffer | null>>();
	return {
		location: options.allowDownload ? `${host} (kept in "${folder}")` : `"${folder}" (downloading is turned off)`,
		read(file) {
			const pending = inFlight.get(file);
			// Each caller gets its own buffer: the embedder transfers (detaches) what it is given.
			if (pending !== undefined) return pending.then((bytes) => bytes?.slice(0) ?? null);
			const started = readOrDownload(options, host, folder, file).finally(() => inFlight.delete(file));
			inFlight.set(file, started);
			return started;
		},
	};
}

/** A model folder the user points to, inside the vault (hidden folders included); nothing is downloaded. */
export function localModelFiles(adapter: ModelFileAdapter, folder: string): ModelFileSource {
	const root = normalizePath(folder);
	return {
		location: `the folder "${root}"`,
		async read(file) {
			const path = filePath(root, file);
			return (await adapter.exists(path)) ? adapter.readBinary(path) : null;
		},
	};
}

async function readOrDownload(
	options: DownloadedModelOptions,
	host: string,
	folder: string,
	file: string,
): Promise<ArrayBuffer | null> {
	const { adapter } = options;
	const path = filePath(folder, file);
	if (await adapter.exists(path)) return adapter.readBinary(path);
	if (!options.allowDownload) return null;
	const url = `${host}${options.modelId}/resolve/main/${file.split("/").map(encodeURIComponent).join("/")}`;
	let bytes: ArrayBuffer | null;
	try {
		bytes = await download(url, file, options);
	} catch (error) {
		const detail = errorMessage(error);
		throw new Error(
			`Could not download ${file} of embedding model "${options.modelId}" from ${url}: ${detail}. Check the connection, or put the model's files in "${folder}".`,
			{ cause: error },
		);
	}
	if (bytes !== null) await store(adapter, path, bytes);
	return bytes;
}

async function download(url: string, file: string, options: DownloadedModelOptions): Promise<ArrayBuffer | null> {
	const request = options.request ?? requestUrl;
	const chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
	const chunks: ArrayBuffer[] = [];
	let received = 0;
	let total: number | null = null;
	options.onProgress?.({ stage: "download", file, fraction: 0 });
	while (total === null || received < total) {
		const response = await request({
			url,
			headers: { Range: `bytes=${received}-${received + chunkBytes - 1}` },
			throw: false,
		});
		if (response.status === 404 && received === 0) return null;
		// A server that ignores Range sends the whole file at once.
		if (response.status === 200 && received === 0) {
			options.onProgress?.({ stage: "download", file, fraction: 1 });
			return response.arrayBuffer;
		}
		// An empty file cannot satisfy any range.
		if (response.status === 416 && received === 0) return new ArrayBuffer(0);
		if (response.status !== 206) throw new Error(`HTTP ${response.status}`);
		total = totalFromContentRange(header(response, "content-range"));
		if (response.arrayBuffer.byteLength === 0)
			throw new Error(`the server sent no bytes at offset ${received} of ${total}`);
		chunks.push(response.arrayBuffer);
		received += response.arrayBuffer.byteLength;
		options.onProgress?.({ stage: "download", file, fraction: Math.min(1, received / total) });
	}
	return concat(chunks, received);
}

/** Through a temporary file, so an interrupted download never looks like a complete file. */
async function store(adapter: ModelFileAdapter, path: string, bytes: ArrayBuffer): Promise<void> {
	const parent = path.slice(0, path.lastIndexOf("/"));
	if (!(await adapter.exists(parent))) await adapter.mkdir(parent);
	const partial = `${path}.part`;
	await adapter.writeBinary(partial, bytes);
	if (await adapter.exists(path)) await adapter.remove(path);
	await adapter.rename(partial, path);
}

function header(response: RequestUrlResponse, name: string): string | undefined {
	const key = Object.keys(response.headers).find((candidate) => candidate.toLowerCase() === name);
	return key === undefined ? undefined : response.headers[key];
}

/** "bytes 0-99/1234" → 1234. */
function totalFromContentRange(value: string | undefined): number {
	const total = /\/(\d+)\s*$/.exec(value ?? "")?.[1];
	if (total === undefined) throw new Error(`a partial response without a usable Content-Range ("${value ?? ""}")`);
	return Number(total);
}

function concat(chunks: ArrayBuffer[], length: number): ArrayBuffer {
	const bytes = new Uint8Array(length);
	let offset = 0;
	for (const chunk of chunks) {
		bytes.set(new Uint8Array(chunk), offset);
		offset += chunk.byteLength;
	}
	return bytes.buffer;
}

function checkModelId(modelId: string): void {
	if (!/^[\w.-]+\/[\w.-]+$/.test(modelId) || modelId.split("/").some((part) => part === "." || part === "..")) {
		throw new Error(`Embedding model id "${modelId}" must look like "owner/name" (letters, digits, ".", "_" and "-").`);
	}
}

/** The path of one model file; the worker names files, so a name that leaves the model folder is refused. */
function filePath(folder: string, file: string): string {
	const parts = file.split("/");
	if (parts.some((part) => !/^[\w.-]+$/.test(part) || part === "." || part === "..")) {
		throw new Error(`Model file name "${file}" is not a plain path inside the model folder.`);
	}
	return normalizePath(`${folder}/${file}`);
}
