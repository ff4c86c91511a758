import type { KeywordIndex } from "../../core/recall/keyword-index";
import {
	decodeKeywordIndex,
	encodeKeywordIndex,
	KeywordCodecError,
	type YieldNow,
} from "../../core/recall/keyword-codec";

/** Sliced encodings tried before one in a single stretch (see `encodeIndex`). */
const SLICED_ENCODE_ATTEMPTS = 3;
import {
	parseKeywordSettings,
	type KeywordSettings,
	type KeywordSettingsInput,
} from "../../core/model/keyword-settings";
import { indexSignature } from "../../core/recall/index-signature";
import type { CacheStore } from "../../core/model/cache-store";
import { errorMessage } from "../../core/model/error-message";

/** The keyword index's name in the CacheStore. */
export const KEYWORD_CACHE = "keyword-index";
/**
 * Bump when the layout changes (2: bytes in a CacheStore, with the body's length in the header;
 * 3: the body is `encodeKeywordIndex`'s bytes, no longer JSON).
 */
const FORMAT = 3;
/** The header line is short; a cache without a newline this early is not ours. */
const MAX_HEADER_BYTES = 4096;
const NEWLINE = 0x0a;

interface CacheHeader {
	format: number;
	/** `indexSignature` of the settings the index was built with (tokenizer version included). */
	signature: string;
	/** Length of the body after the header line: a shorter one is a partial write. */
	bytes: number;
}

export interface KeywordCacheHit {
	index: KeywordIndex;
	/** Notes whose current stamp differs from the cached one: still searchable with their old text; re-index them. */
	stale: string[];
	/** Notes the caller has that the cache lacks: index them. */
	missing: string[];
	/** Cached notes the caller no longer has: already taken out of `index`. */
	removed: string[];
}

export interface KeywordCacheMiss {
	index: null;
	/** Why the cache cannot be used, for a log line; the caller builds the index from scratch. */
	reason: string;
	/** True when there was simply no cache yet (nothing to warn about). */
	absent?: boolean;
}

/** What a note's stamp is made of: any change to either means its text may have changed. */
export interface StampedFile {
	path: string;
	mtime: number;
	size: number;
}

export function fileStamp(file: Pick<StampedFile, "mtime" | "size">): string {
	return `${file.mtime}:${file.size}`;
}

export function fileStamps(files: Iterable<StampedFile>): Map<string, string> {
	const stamps = new Map<string, string>();
	for (const file of files) stamps.set(file.path, fileStamp(file));
	return stamps;
}

/**
 * Writes the index as one cache: a header line (format, settings signature, body length), then
 * the index's bytes, so a version mismatch is found without decoding the body and a partial
 * write by its length. Call it when the index has changed and the vault is quiet; how often is
 * the caller's choice.
 */
export async function saveKeywordCache(caches: CacheStore, index: KeywordIndex, yieldNow?: YieldNow): Promise<void> {
	const body = await encodeIndex(index, yieldNow);
	const header: CacheHeader = { format: FORMAT, signature: indexSignature(index.settings), bytes: body.byteLength };
	const head = new TextEncoder().encode(`${JSON.stringify(header)}\n`);
	const bytes = new Uint8Array(head.byteLength + body.byteLength);
	bytes.set(head);
	bytes.set(body, head.byteLength);
	await caches.write(KEYWORD_CACHE, bytes);
}

/**
 * Loads the cached index and compares its notes with `stamps` (path → `fileStamp` of every note
 * the caller indexes now). Never throws: a missing, unreadable, corrupt or outdated cache gives
 * `{ index: null, reason }` and the caller rebuilds.
 */
export async function loadKeywordCache(
	caches: CacheStore,
	stamps: ReadonlyMap<string, string>,
	settings: KeywordSettingsInput = {},
): Promise<KeywordCacheHit | KeywordCacheMiss> {
	const read = await readKeywordCache(caches, settings);
	return read.index === null ? read : { index: read.index, ...reconcile(read.index, stamps) };
}

/**
 * The cached index as saved, without comparing it with the vault: for a caller that checks each
 * note's stamp as it loads the note anyway (RecallService does) and so needs no extra listing.
 */
export async function readKeywordCache(
	caches: CacheStore,
	settings: KeywordSettingsInput = {},
	yieldNow?: YieldNow,
): Promise<{ index: KeywordIndex } | KeywordCacheMiss> {
	let bytes: Uint8Array | null;
	try {
		bytes = await caches.read(KEYWORD_CACHE);
	} catch (error) {
		return miss(`the keyword index cache could not be read (${errorMessage(error)})`);
	}
	if (bytes === null) return { index: null, reason: "no keyword index cache yet", absent: true };

	const newline = bytes.subarray(0, MAX_HEADER_BYTES).indexOf(NEWLINE);
	const header = newline < 0 ? undefined : parseHeader(bytes.subarray(0, newline));
	if (header === undefined) return miss("the keyword index cache is corrupt (no header line)");
	if (header.format !== FORMAT)
		return miss(`the keyword index cache has format ${String(header.format)}, this version reads ${FORMAT}`);
	const parsedSettings = parseKeywordSettings(settings);
	if (header.signature !== indexSignature(parsedSettings)) {
		return miss(
			"the keyword index cache was built with another tokenizer version or other keyword settings (body limit, stop words, stemming)",
		);
	}
	const body = bytes.subarray(newline + 1);
	if (body.byteLength !== header.bytes)
		return miss(`the keyword index cache is partial (${body.byteLength} of ${String(header.bytes)} bytes)`);

	try {
		return { index: await decodeIndex(body, parsedSettings, yieldNow) };
	} catch (error) {
		return miss(`the keyword index cache is corrupt (${errorMessage(error)})`);
	}
}

/** The index as bytes. The two codec functions are the only ones that know the body's layout. */
async function encodeIndex(index: KeywordIndex, yieldNow?: YieldNow): Promise<Uint8Array> {
	// Encoding in slices lets edits land in between, which voids the slices done so far: try again,
	// and after a few such races encode in one go, which no edit can interrupt.
	for (let attempt = 0; attempt < SLICED_ENCODE_ATTEMPTS && yieldNow; attempt++) {
		try {
			return await encodeKeywordIndex(index, yieldNow);
		} catch (error) {
			if (!(error instanceof KeywordCodecError && error.kind === "changed")) throw error;
		}
	}
	return encodeKeywordIndex(index);
}

function decodeIndex(body: Uint8Array, settings: KeywordSettings, yieldNow?: YieldNow): Promise<KeywordIndex> {
	return decodeKeywordIndex(body, settings, yieldNow);
}

function parseHeader(bytes: Uint8Array): Partial<CacheHeader> | undefined {
	try {
		const parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) as unknown;
		return typeof parsed === "object" && parsed !== null ? parsed : undefined;
	} catch {
		return undefined;
	}
}

function reconcile(index: KeywordIndex, stamps: ReadonlyMap<string, string>): Omit<KeywordCacheHit, "index"> {
	const stale: string[] = [];
	const removed: string[] = [];
	for (const path of index.ids()) {
		const current = stamps.get(path);
		if (current === undefined) {
			index.remove(path);
			removed.push(path);
		} else if (index.stampOf(path) !== current || current === "") {
			stale.push(path);
		}
	}
	const missing: string[] = [];
	for (const path of stamps.keys()) if (!index.has(path)) missing.push(path);
	return { stale, missing, removed };
}

function miss(reason: string): KeywordCacheMiss {
	return { index: null, reason };
}
