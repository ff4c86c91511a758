import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { errorMessage } from "../core/model/error-message";
import { isModelId } from "../embeddings/model-file-list";

export const HUGGING_FACE_HOST = "https://huggingface.co";
const MAX_REDIRECTS = 5;
/** A server that stops sending for this long fails the transfer (it resumes on the next run). */
const REQUEST_TIMEOUT_MS = 60_000;

export interface FileProgress {
	file: string;
	received: number;
	/** Null while the server has not said how big the file is. */
	total: number | null;
}

export interface ModelDownloadOptions {
	/** Serves files as the hub does: `<host>/<model id>/resolve/main/<file>`. */
	host: string;
	modelId: string;
	/** Absolute folder the model's files go to (`<models>/<owner>/<name>`). */
	folder: string;
	/** Paths inside the model folder, e.g. "onnx/model_quantized.onnx". */
	files: readonly string[];
	onProgress?: (progress: FileProgress) => void;
}

export interface DownloadedFile {
	file: string;
	bytes: number;
	/** What the file was checked against: the server's SHA-256, its git blob id, or only its size; "present" when it was there already. */
	checked: "sha256" | "git-sha1" | "size" | "present";
	/** Bytes kept from an interrupted earlier transfer. */
	resumedFrom: number;
}

/** What the server says the complete file is; the hub sends the digest and size of a large file on its redirect. */
interface Expected {
	size: number | null;
	sha256: string | null;
	gitSha1: string | null;
}

/**
 * Downloads a model's files, laid out as on the hub, into `folder`. Each file arrives as
 * `<file>.part` and is renamed once its size and digest match what the server announced: an
 * interrupted transfer resumes from the part with an HTTP Range request, a mismatch deletes the
 * part and fails. Files already in the folder are kept.
 */
export async function downloadModel(options: ModelDownloadOptions): Promise<DownloadedFile[]> {
	if (!isModelId(options.modelId))
		throw new Error(`--model "${options.modelId}" must be a model id like "Xenova/all-MiniLM-L6-v2" (owner/name)`);
	const downloaded: DownloadedFile[] = [];
	for (const file of options.files) {
		const path = join(options.folder, ...file.split("/"));
		const present = await sizeOf(path);
		downloaded.push(
			present === null
				? await downloadFile(fileUrl(options.host, options.modelId, file), path, file, options.onProgress)
				: { file, bytes: present, checked: "present", resumedFrom: 0 },
		);
	}
	return downloaded;
}

function fileUrl(host: string, modelId: string, file: string): string {
	return `${host.replace(/\/+$/, "")}/${modelId}/resolve/main/${file.split("/").map(encodeURIComponent).join("/")}`;
}

async function downloadFile(
	url: string,
	path: string,
	file: string,
	onProgress: ModelDownloadOptions["onProgress"],
): Promise<DownloadedFile> {
	const part = `${path}.part`;
	await mkdir(dirname(path), { recursive: true });
	const kept = (await sizeOf(part)) ?? 0;
	// identity: a compressed body would make Content-Length and Range count other bytes than the file's.
	const headers: Record<string, string> = { "accept-encoding": "identity" };
	if (kept > 0) headers.range = `bytes=${kept}-`;
	const { response, expected } = await get(url, headers);
	let resumedFrom = 0;
	if (response.status === 416 && kept > 0) {
		// The part already holds the whole file (the last run stopped before checking it).
		response.body.resume();
		expected.size ??= rangeTotal(response.header("content-range"));
		resumedFrom = kept;
	} else if (response.status === 206) {
		const range = contentRange(response.header("content-range"));
		if (range === null || range.start !== kept) {
			response.body.resume();
			await rm(part, { force: true });
			throw new Error(
				`${url} answered the request for bytes ${kept}- with "${response.header("content-range") ?? "no Content-Range"}"; the partial file was deleted, run the command again`,
			);
		}
		expected.size ??= range.total;
		resumedFrom = kept;
		await receive(response, part, file, kept, expected.size, onProgress);
	} else if (response.status === 200) {
		// A server without ranges sends the whole file: start over.
		expected.size ??= numberHeader(response.header("content-length"));
		await receive(response, part, file, 0, expected.size, onProgress);
	} else {
		response.body.resume();
		const hint = response.status === 404 ? ": check the model id (--model) and the host (--host)" : "";
		throw new Error(`could not download ${file} from ${url}: HTTP ${response.status}${hint}`);
	}
	const checked = await check(part, file, url, expected);
	await rename(part, path);
	return { file, bytes: (await sizeOf(path)) ?? 0, checked, resumedFrom };
}

/** A response as read here: status, lower-case headers, the body as a stream. */
interface Reply {
	status: number;
	header(name: string): string | null;
	body: IncomingMessage;
}

/** Follows redirects by hand, so the hub's X-Linked-Size and X-Linked-ETag on the redirect are seen. */
async function get(start: string, headers: Record<string, string>): Promise<{ response: Reply; expected: Expected }> {
	let url = start;
	let linkedSize: string | null = null;
	let linkedEtag: string | null = null;
	for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
		let response: Reply;
		try {
			response = await send(url, headers);
		} catch (error) {
			throw new Error(`could not reach ${url}: ${errorMessage(error)}`, { cause: error });
		}
		linkedSize ??= response.header("x-linked-size");
		linkedEtag ??= response.header("x-linked-etag");
		const location = response.header("location");
		if (response.status >= 300 && response.status < 400 && location !== null) {
			response.body.resume();
			url = new URL(location, url).href;
			continue;
		}
		const digest = etagDigest(linkedEtag ?? response.header("etag"));
		return { response, expected: { size: numberHeader(linkedSize), ...digest } };
	}
	throw new Error(`more than ${MAX_REDIRECTS} redirects from ${start}`);
}

/** One GET over node:http or node:https (no proxy, no redirects followed). */
function send(url: string, headers: Record<string, string>): Promise<Reply> {
	const target = new URL(url);
	if (target.protocol !== "https:" && target.protocol !== "http:")
		return Promise.reject(new Error(`--host must be an http or https URL, got ${target.protocol}`));
	const get = target.protocol === "https:" ? httpsRequest : httpRequest;
	return new Promise((resolve, reject) => {
		const request = get(target, { method: "GET", headers }, (body) => {
			resolve({
				status: body.statusCode ?? 0,
				header: (name) => {
					const value = body.headers[name];
					return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
				},
				body,
			});
		});
		request.setTimeout(REQUEST_TIMEOUT_MS, () =>
			request.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS / 1000} s`)),
		);
		request.on("error", reject);
		request.end();
	});
}

/**
 * Appends the body to the part file, reporting progress. Each chunk is written before the next is
 * read, so an interrupted body leaves on disk every byte that arrived, where the next run resumes.
 */
async function receive(
	response: Reply,
	part: string,
	file: string,
	offset: number,
	total: number | null,
	onProgress: ModelDownloadOptions["onProgress"],
): Promise<void> {
	let received = offset;
	onProgress?.({ file, received, total });
	const out = await open(part, offset > 0 ? "a" : "w");
	try {
		for await (const chunk of response.body as AsyncIterable<Buffer>) {
			await out.write(chunk);
			received += chunk.length;
			onProgress?.({ file, received, total });
		}
	} catch (error) {
		throw new Error(
			`the transfer of ${file} stopped after ${received} of ${total ?? "?"} bytes (${errorMessage(error)}); run the same command again to resume from there`,
			{ cause: error },
		);
	} finally {
		await out.close();
	}
}

/** Size first, then the digest the server named; a mismatch deletes the part. */
async function check(part: string, file: string, url: string, expected: Expected): Promise<DownloadedFile["checked"]> {
	const size = (await sizeOf(part)) ?? 0;
	const refuse = async (what: string): Promise<never> => {
		await rm(part, { force: true });
		throw new Error(
			`${file} from ${url} is not the file the server announced (${what}); the partial file was deleted and nothing was installed. Run the command again, or check --host`,
		);
	};
	if (expected.size !== null && size !== expected.size) return refuse(`${size} bytes instead of ${expected.size}`);
	if (expected.sha256 !== null) {
		const actual = await digestOf(part, "sha256");
		return actual === expected.sha256 ? "sha256" : refuse(`SHA-256 ${actual} instead of ${expected.sha256}`);
	}
	if (expected.gitSha1 !== null) {
		const actual = await digestOf(part, "sha1", `blob ${size}\0`);
		return actual === expected.gitSha1 ? "git-sha1" : refuse(`git blob id ${actual} instead of ${expected.gitSha1}`);
	}
	return "size";
}

async function digestOf(path: string, algorithm: "sha256" | "sha1", prefix = ""): Promise<string> {
	const hash = createHash(algorithm);
	hash.update(prefix);
	for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
	return hash.digest("hex");
}

/**
 * The hub names large files by their SHA-256 (64 hex digits) and others by their git blob id
 * (40); any other entity tag (a mirror's own) only identifies a version, so it checks nothing.
 */
function etagDigest(etag: string | null): { sha256: string | null; gitSha1: string | null } {
	const tag = (etag ?? "").replace(/^W\//, "").replaceAll('"', "").trim().toLowerCase();
	return {
		sha256: /^[0-9a-f]{64}$/.test(tag) ? tag : null,
		gitSha1: /^[0-9a-f]{40}$/.test(tag) ? tag : null,
	};
}

/** "bytes 100-199/1234" → { start: 100, total: 1234 }. */
function contentRange(value: string | null): { start: number; total: number | null } | null {
	const match = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec((value ?? "").trim());
	if (match === null) return null;
	return { start: Number(match[1]), total: match[2] === "*" ? null : Number(match[2]) };
}

/** "bytes * /1234" (of a 416) → 1234. */
function rangeTotal(value: string | null): number | null {
	return numberHeader(/\/(\d+)\s*$/.exec(value ?? "")?.[1] ?? null);
}

function numberHeader(value: string | null): number | null {
	if (value === null || !/^\d+$/.test(value.trim())) return null;
	return Number(value);
}

async function sizeOf(path: string): Promise<number | null> {
	try {
		const info = await stat(path);
		return info.isFile() ? info.size : null;
	} catch {
		return null;
	}
}
