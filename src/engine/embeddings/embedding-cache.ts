import { crc32Hex } from "../../core/activity/crc32";
import type { StoragePort } from "../../core/model/storage-port";
import { fnv1a64 } from "../../core/util/content-hash";
import { quantizeInt8 } from "../../core/recall/vector/int8";
import { errorMessage } from "../../core/model/error-message";

export type EmbeddingEncoding = "float32" | "int8";

export interface EmbeddingCacheOptions {
	modelId: string;
	dimensions: number;
	/** How vectors are stored on disk and in memory: "int8" takes ≈ 4× less room (≈ 1e-3 cosine error). Default "float32". */
	encoding?: EmbeddingEncoding;
	onWarning?: (warning: EmbeddingCacheWarning) => void;
}

/** Something the cache repaired or could not do; it never stops embedding or search. */
export interface EmbeddingCacheWarning {
	file: string;
	message: string;
}

export interface CachedEmbedding {
	hash: string;
	vector: Float32Array;
}

const FORMAT = "causal-memory/embeddings";
const VERSION = 1;
const MAX_WARNINGS = 50;

interface Header {
	format: string;
	version: number;
	model: string;
	dimensions: number;
	encoding: EmbeddingEncoding;
}

/**
 * Chunk embeddings of one model keyed by chunk hash, persisted through a StoragePort as an
 * append-only text file: a JSON header line, then one `<crc32> <hash> <base64 vector>` line per
 * chunk. Compaction writes the live entries to the next generation's file (atomically) and then
 * removes the old one. A corrupt, foreign or old-version file is a warning and a fresh start,
 * never a failure: everything here can be recomputed.
 */
export class EmbeddingCache {
	readonly warnings: EmbeddingCacheWarning[] = [];
	readonly modelId: string;
	readonly dimensions: number;
	readonly encoding: EmbeddingEncoding;
	/** Encoded vectors (the bytes behind each line's base64). */
	private readonly entries = new Map<string, Uint8Array>();
	private readonly prefix: string;
	private generation = 0;
	/** The file may end in a partial line (a failed append): the next append starts a new line. */
	private needsSeparator = false;
	/** Whether the current generation's file exists with a valid header. */
	private fileExists = false;
	private writes: Promise<void> = Promise.resolve();

	private constructor(
		private readonly storage: StoragePort,
		options: EmbeddingCacheOptions,
		private readonly onWarning?: (warning: EmbeddingCacheWarning) => void,
	) {
		if (!Number.isInteger(options.dimensions) || options.dimensions < 1) {
			throw new Error(`EmbeddingCache: dimensions must be a positive integer, got ${options.dimensions}`);
		}
		this.modelId = options.modelId;
		this.dimensions = options.dimensions;
		this.encoding = options.encoding ?? "float32";
		this.prefix = cacheFilePrefix(options.modelId);
	}

	/** Loads the model's cache file (if any). Never throws for bad or unreadable data. */
	static async open(storage: StoragePort, options: EmbeddingCacheOptions): Promise<EmbeddingCache> {
		const cache = new EmbeddingCache(storage, options, options.onWarning);
		await cache.load();
		return cache;
	}

	get size(): number {
		return this.entries.size;
	}

	has(hash: string): boolean {
		return this.entries.has(hash);
	}

	get(hash: string): Float32Array | undefined {
		const bytes = this.entries.get(hash);
		return bytes === undefined ? undefined : decodeVector(bytes, this.encoding, this.dimensions);
	}

	/** Keeps the vectors at once and appends them to the file; a write failure is only a warning. */
	add(items: readonly CachedEmbedding[]): Promise<void> {
		for (const { hash, vector } of items) {
			if (vector.length !== this.dimensions) {
				throw new Error(
					`EmbeddingCache: the vector for chunk ${hash} has ${vector.length} dimensions, the cache for "${this.modelId}" holds ${this.dimensions}`,
				);
			}
			if (!/^\S+$/.test(hash))
				throw new Error(`EmbeddingCache: chunk hash "${hash}" must be non-empty and without spaces`);
		}
		const lines = items.map(({ hash, vector }) => {
			const bytes = encodeVector(vector, this.encoding);
			this.entries.set(hash, bytes);
			return entryLine(hash, bytes);
		});
		if (lines.length === 0) return this.writes;
		return this.enqueue(async () => {
			// Appending to a file that could not be created would make one without a header.
			if (!this.fileExists) return this.rewrite();
			const data = `${this.needsSeparator ? "\n" : ""}${lines.join("\n")}\n`;
			try {
				await this.storage.append(this.fileName(), data);
				this.needsSeparator = false;
			} catch (error) {
				this.needsSeparator = true;
				this.warn(
					this.fileName(),
					`could not save ${lines.length} embeddings (${errorMessage(error)}); they stay in memory and are saved at the next compaction`,
				);
			}
		});
	}

	/**
	 * Rewrites the file with the entries `keep` accepts (all by default) and forgets the others.
	 * Call it with the hashes of the chunks that still exist once the whole vault has been seen.
	 */
	compact(keep: (hash: string) => boolean = () => true): Promise<void> {
		for (const hash of [...this.entries.keys()]) if (!keep(hash)) this.entries.delete(hash);
		return this.enqueue(() => this.rewrite());
	}

	/** Resolves when every write started so far has finished. */
	flush(): Promise<void> {
		return this.writes;
	}

	private enqueue(write: () => Promise<void>): Promise<void> {
		// A failing write must not stall the ones after it.
		this.writes = this.writes
			.then(write)
			.catch((error: unknown) => this.warn(this.fileName(), `embedding cache write failed (${errorMessage(error)})`));
		return this.writes;
	}

	private fileName(generation = this.generation): string {
		return `${this.prefix}${generation}.txt`;
	}

	private header(): string {
		const header: Header = {
			format: FORMAT,
			version: VERSION,
			model: this.modelId,
			dimensions: this.dimensions,
			encoding: this.encoding,
		};
		return JSON.stringify(header);
	}

	private async load(): Promise<void> {
		let generations: number[];
		try {
			generations = (await this.storage.list())
				.map((name) =>
					name.startsWith(this.prefix) && name.endsWith(".txt")
						? Number(name.slice(this.prefix.length, -".txt".length))
						: NaN,
				)
				.filter((generation) => Number.isSafeInteger(generation) && generation > 0)
				.sort((a, b) => a - b);
		} catch (error) {
			this.warn(
				this.prefix,
				`could not list the cache folder (${errorMessage(error)}); starting with an empty embedding cache`,
			);
			generations = [];
		}
		const latest = generations[generations.length - 1];
		if (latest === undefined) {
			await this.startFresh(1);
			return;
		}
		this.generation = latest;
		// Older generations are leftovers of a compaction interrupted before its cleanup.
		for (const old of generations.slice(0, -1)) await this.removeQuietly(this.fileName(old));

		let text: string | null = null;
		try {
			text = await this.storage.read(this.fileName());
		} catch (error) {
			this.warn(this.fileName(), `could not read the embedding cache (${errorMessage(error)}); starting empty`);
		}
		this.fileExists = text !== null;
		const needsRewrite = text === null || this.parse(text);
		if (needsRewrite) await this.enqueue(() => this.rewrite());
	}

	/** Reads a cache file into `entries`; true when the file should be rewritten. */
	private parse(text: string): boolean {
		const file = this.fileName();
		const lines = text.split("\n");
		const header = parseHeader(lines[0] ?? "");
		if (header === null || header.format !== FORMAT) {
			this.warn(file, "not an embedding cache file (unreadable header); starting empty");
			return true;
		}
		if (header.version !== VERSION) {
			this.warn(file, `embedding cache format version ${header.version} is not ${VERSION}; starting empty`);
			return true;
		}
		if (header.model !== this.modelId || header.dimensions !== this.dimensions) {
			this.warn(
				file,
				`the cache holds "${header.model}" (${header.dimensions} dimensions), not "${this.modelId}" (${this.dimensions}); starting empty`,
			);
			return true;
		}
		let corrupt = 0;
		for (let i = 1; i < lines.length; i++) {
			const line = lines[i];
			if (line === "") continue;
			const entry = parseEntryLine(line, header.encoding, this.dimensions);
			if (entry === null) corrupt++;
			else
				this.entries.set(
					entry.hash,
					header.encoding === this.encoding
						? entry.bytes
						: encodeVector(decodeVector(entry.bytes, header.encoding, this.dimensions), this.encoding),
				);
		}
		if (corrupt > 0)
			this.warn(
				file,
				`skipped ${corrupt} damaged line${corrupt === 1 ? "" : "s"}; those chunks will be embedded again`,
			);
		return corrupt > 0 || header.encoding !== this.encoding;
	}

	/** A new, empty generation file. */
	private async startFresh(generation: number): Promise<void> {
		this.generation = generation;
		try {
			await this.storage.writeAtomic(this.fileName(), `${this.header()}\n`);
			this.fileExists = true;
		} catch (error) {
			this.warn(
				this.fileName(),
				`could not create the embedding cache (${errorMessage(error)}); embeddings are kept in memory only`,
			);
		}
	}

	/** Writes every entry to the next generation's file, then removes the current one. */
	private async rewrite(): Promise<void> {
		const previous = this.fileName();
		const next = this.generation + 1;
		const body = [...this.entries].map(([hash, bytes]) => `${entryLine(hash, bytes)}\n`).join("");
		try {
			await this.storage.writeAtomic(this.fileName(next), `${this.header()}\n${body}`);
		} catch (error) {
			this.warn(
				this.fileName(next),
				`could not rewrite the embedding cache (${errorMessage(error)}); keeping the previous file`,
			);
			return;
		}
		const hadFile = this.fileExists;
		this.generation = next;
		this.needsSeparator = false;
		this.fileExists = true;
		if (hadFile) await this.removeQuietly(previous);
	}

	private async removeQuietly(name: string): Promise<void> {
		try {
			await this.storage.remove(name);
		} catch (error) {
			this.warn(name, `could not remove an old embedding cache file (${errorMessage(error)})`);
		}
	}

	private warn(file: string, message: string): void {
		const warning = { file, message };
		if (this.warnings.length === MAX_WARNINGS) this.warnings.shift();
		this.warnings.push(warning);
		this.onWarning?.(warning);
	}
}

/** File names of one model's cache: readable, and distinct for ids that read the same. */
export function cacheFilePrefix(modelId: string): string {
	const readable = modelId.replace(/[^A-Za-z0-9.-]+/g, "_").slice(0, 60);
	return `embeddings-${readable}-${fnv1a64(modelId).slice(0, 8)}-`;
}

function parseHeader(line: string): Header | null {
	try {
		const value = JSON.parse(line) as Partial<Header> | null;
		if (value === null || typeof value !== "object") return null;
		const { format, version, model, dimensions, encoding } = value;
		if (
			typeof format !== "string" ||
			typeof version !== "number" ||
			typeof model !== "string" ||
			typeof dimensions !== "number"
		)
			return null;
		if (encoding !== "float32" && encoding !== "int8") return null;
		return { format, version, model, dimensions, encoding };
	} catch {
		return null;
	}
}

function entryLine(hash: string, bytes: Uint8Array): string {
	const payload = `${hash} ${toBase64(bytes)}`;
	return `${crc32Hex(payload)} ${payload}`;
}

function parseEntryLine(
	line: string,
	encoding: EmbeddingEncoding,
	dimensions: number,
): { hash: string; bytes: Uint8Array } | null {
	const [crc, hash, base64, extra] = line.split(" ");
	if (extra !== undefined || hash === undefined || base64 === undefined || crc !== crc32Hex(`${hash} ${base64}`))
		return null;
	const bytes = fromBase64(base64);
	if (bytes === null || bytes.length !== encodedLength(encoding, dimensions)) return null;
	return { hash, bytes };
}

function encodedLength(encoding: EmbeddingEncoding, dimensions: number): number {
	return encoding === "float32" ? dimensions * 4 : 4 + dimensions;
}

/** float32: the values little-endian; int8: the scale (float32 little-endian), then one byte per value. */
function encodeVector(vector: Float32Array, encoding: EmbeddingEncoding): Uint8Array {
	const bytes = new Uint8Array(encodedLength(encoding, vector.length));
	const view = new DataView(bytes.buffer);
	if (encoding === "float32") {
		for (let i = 0; i < vector.length; i++) view.setFloat32(i * 4, vector[i], true);
		return bytes;
	}
	const { codes, scale } = quantizeInt8(vector);
	view.setFloat32(0, scale, true);
	bytes.set(new Uint8Array(codes.buffer), 4);
	return bytes;
}

function decodeVector(bytes: Uint8Array, encoding: EmbeddingEncoding, dimensions: number): Float32Array {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	const vector = new Float32Array(dimensions);
	if (encoding === "float32") {
		for (let i = 0; i < dimensions; i++) vector[i] = view.getFloat32(i * 4, true);
		return vector;
	}
	const scale = view.getFloat32(0, true);
	for (let i = 0; i < dimensions; i++) vector[i] = view.getInt8(4 + i) * scale;
	return vector;
}

function toBase64(bytes: Uint8Array): string {
	let binary = "";
	for (let i = 0; i < bytes.length; i += 0x2000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x2000));
	return btoa(binary);
}

function fromBase64(text: string): Uint8Array | null {
	try {
		const binary = atob(text);
		const bytes = new Uint8Array(binary.length);
		for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
		return bytes;
	} catch {
		return null;
	}
}
