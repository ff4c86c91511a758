import type { KeywordIndex } from "../../core/recall/keyword/keyword-index";
import {
	decodeKeywordIndex,
	encodeKeywordIndexStream,
	KeywordCodecError,
	type YieldNow,
} from "../../core/recall/keyword/keyword-codec";

import {
	parseKeywordSettings,
	type KeywordSettings,
	type KeywordSettingsInput,
} from "../../core/model/keyword-settings";
import { indexSignature } from "../../core/recall/keyword/index-signature";
import { collectedBytes, type CacheStore } from "../../core/model/cache-store";
import { frameProblem, streamedCacheFrame, unframeCache } from "../../core/model/cache-frame";
import { errorMessage } from "../../core/model/error-message";

/** The keyword index's name in the CacheStore. */
export const KEYWORD_CACHE = "keyword-index";
/**
 * Bump when the layout changes (2: bytes in a CacheStore, with the body's length in the header;
 * 3: the body is `encodeKeywordIndex`'s bytes, no longer JSON; 4: the body streamed, its length
 * in its trailer).
 */
const FORMAT = 4;
/** What a cache of another signature means, for the warning. */
const SIGNATURE_MISMATCH =
	"was built with another tokenizer version or other keyword settings (body limit, stop words, stemming)";
/** Sliced encodings tried before one in a single stretch (see `encodeIndex`). */
const SLICED_ENCODE_ATTEMPTS = 3;

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
 * Writes the index as one cache: a header line (format, settings signature), then the index's
 * bytes, handed to the store as they are made (the body's trailer gives its length and
 * checksum), so a version mismatch is found without decoding the body and a partial write by
 * the trailer. Call it when the index has changed and the vault is quiet; how often is the
 * caller's choice.
 */
export async function saveKeywordCache(caches: CacheStore, index: KeywordIndex, yieldNow?: YieldNow): Promise<void> {
	const header = { format: FORMAT, signature: indexSignature(index.settings) };
	// Encoding in slices lets edits land in between, which voids the save (nothing is written):
	// try again, and after a few such races encode in one stretch, which no edit can interrupt,
	// and write that.
	for (let attempt = 0; attempt < SLICED_ENCODE_ATTEMPTS && yieldNow; attempt++) {
		try {
			await caches.write(KEYWORD_CACHE, streamedCacheFrame(header, encodeKeywordIndexStream(index, yieldNow)));
			return;
		} catch (error) {
			if (!(error instanceof KeywordCodecError && error.kind === "changed")) throw error;
		}
	}
	const whole = await collectedBytes(streamedCacheFrame(header, encodeKeywordIndexStream(index)));
	await caches.write(KEYWORD_CACHE, whole);
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

	const parsedSettings = parseKeywordSettings(settings);
	const framed = unframeCache(bytes, { format: FORMAT, signature: indexSignature(parsedSettings) });
	if (!("body" in framed)) return miss(`the keyword index cache ${frameProblem(framed, FORMAT, SIGNATURE_MISMATCH)}`);

	try {
		return { index: await decodeIndex(framed.body, parsedSettings, yieldNow) };
	} catch (error) {
		return miss(`the keyword index cache is corrupt (${errorMessage(error)})`);
	}
}

function decodeIndex(body: Uint8Array, settings: KeywordSettings, yieldNow?: YieldNow): Promise<KeywordIndex> {
	return decodeKeywordIndex(body, settings, yieldNow);
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
