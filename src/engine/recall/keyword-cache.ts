import { KeywordIndex } from "../../core/recall/keyword-index";
import { parseKeywordSettings, type KeywordSettingsInput } from "../../core/model/keyword-settings";
import { indexSignature } from "../../core/recall/index-signature";
import type { StoragePort } from "../../core/model/storage-port";
import { errorMessage } from "../../core/model/error-message";

export const KEYWORD_CACHE_FILE = "keyword-index.json";
/** Bump when the file layout changes. */
const FORMAT = 1;

interface CacheHeader {
	format: number;
	/** `indexSignature` of the settings the index was built with (tokenizer version included). */
	signature: string;
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
 * Writes the index atomically as two lines: a small header (format, settings signature), then
 * the index data, so a version mismatch is found without parsing the whole file. Call it when
 * the index has changed and the vault is quiet; how often is the caller's choice.
 */
export async function saveKeywordCache(storage: StoragePort, index: KeywordIndex): Promise<void> {
	const header: CacheHeader = { format: FORMAT, signature: indexSignature(index.settings) };
	await storage.writeAtomic(KEYWORD_CACHE_FILE, `${JSON.stringify(header)}\n${JSON.stringify(index.toJSON())}`);
}

/**
 * Loads the cached index and compares its notes with `stamps` (path → `fileStamp` of every note
 * the caller indexes now). Never throws: a missing, unreadable, corrupt or outdated cache gives
 * `{ index: null, reason }` and the caller rebuilds.
 */
export async function loadKeywordCache(
	storage: StoragePort,
	stamps: ReadonlyMap<string, string>,
	settings: KeywordSettingsInput = {},
): Promise<KeywordCacheHit | KeywordCacheMiss> {
	const read = await readKeywordCache(storage, settings);
	return read.index === null ? read : { index: read.index, ...reconcile(read.index, stamps) };
}

/**
 * The cached index as saved, without comparing it with the vault: for a caller that checks each
 * note's stamp as it loads the note anyway (RecallService does) and so needs no extra listing.
 */
export async function readKeywordCache(
	storage: StoragePort,
	settings: KeywordSettingsInput = {},
): Promise<{ index: KeywordIndex } | KeywordCacheMiss> {
	let text: string | null;
	try {
		text = await storage.read(KEYWORD_CACHE_FILE);
	} catch (error) {
		return miss(`${KEYWORD_CACHE_FILE} could not be read (${errorMessage(error)})`);
	}
	if (text === null) return miss(`no ${KEYWORD_CACHE_FILE} yet`);

	const newline = text.indexOf("\n");
	const header = parseJson(newline < 0 ? text : text.slice(0, newline)) as Partial<CacheHeader> | undefined;
	if (newline < 0 || typeof header !== "object" || header === null)
		return miss(`${KEYWORD_CACHE_FILE} is corrupt (no header line)`);
	if (header.format !== FORMAT)
		return miss(`${KEYWORD_CACHE_FILE} has format ${String(header.format)}, this version reads ${FORMAT}`);
	const parsedSettings = parseKeywordSettings(settings);
	if (header.signature !== indexSignature(parsedSettings)) {
		return miss(
			`${KEYWORD_CACHE_FILE} was built with another tokenizer version or other keyword settings (body limit, stop words, stemming)`,
		);
	}

	let index: KeywordIndex;
	try {
		index = KeywordIndex.fromJSON(JSON.parse(text.slice(newline + 1)), parsedSettings);
	} catch (error) {
		return miss(`${KEYWORD_CACHE_FILE} is corrupt (${errorMessage(error)})`);
	}
	return { index };
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

function parseJson(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
}

function miss(reason: string): KeywordCacheMiss {
	return { index: null, reason };
}
