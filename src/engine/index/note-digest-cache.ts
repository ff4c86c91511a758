import type { CacheStore } from "../../core/model/cache-store";
import { errorMessage } from "../../core/model/error-message";
import { noteDigestSignature } from "../../core/digest/digest-signature";
import {
	decodeNoteDigests,
	encodeNoteDigests,
	type NoteDigest,
	type YieldNow,
} from "../../core/digest/note-digest-codec";

/** The note digests' name in the CacheStore. */
export const NOTE_DIGEST_CACHE = "note-digests";
/** Bump when the header or the way the body is made changes. */
const FORMAT = 1;
/** The header line is short; a cache without a newline this early is not ours. */
const MAX_HEADER_BYTES = 4096;
const NEWLINE = 0x0a;

interface CacheHeader {
	format: number;
	/** `noteDigestSignature()` of the code that made the digests. */
	signature: string;
	/** Length of the body after the header line: a shorter one is a partial write. */
	bytes: number;
}

export type NoteDigestRead =
	| { digests: NoteDigest[] }
	| {
			digests: null;
			/** Why the cache cannot be used, for a log line; the caller reads every note. */
			reason: string;
			/** True when there was simply no cache yet (nothing to warn about). */
			absent?: boolean;
	  };

/** Writes the digests as one cache: a header line (format, signature, body length), then the codec's bytes. */
export async function saveNoteDigestCache(
	caches: CacheStore,
	digests: Iterable<NoteDigest>,
	yieldNow?: YieldNow,
): Promise<void> {
	const body = await encodeNoteDigests(digests, yieldNow);
	const header: CacheHeader = { format: FORMAT, signature: noteDigestSignature(), bytes: body.byteLength };
	const head = new TextEncoder().encode(`${JSON.stringify(header)}\n`);
	const bytes = new Uint8Array(head.byteLength + body.byteLength);
	bytes.set(head);
	bytes.set(body, head.byteLength);
	await caches.write(NOTE_DIGEST_CACHE, bytes);
}

/** The saved digests. Never throws: a missing, unreadable, partial, corrupt or outdated cache is a miss with its reason. */
export async function readNoteDigestCache(caches: CacheStore, yieldNow?: YieldNow): Promise<NoteDigestRead> {
	let bytes: Uint8Array | null;
	try {
		bytes = await caches.read(NOTE_DIGEST_CACHE);
	} catch (error) {
		return miss(`the note digest cache could not be read (${errorMessage(error)})`);
	}
	if (bytes === null) return { digests: null, reason: "no note digest cache yet", absent: true };

	const newline = bytes.subarray(0, MAX_HEADER_BYTES).indexOf(NEWLINE);
	const header = newline < 0 ? undefined : parseHeader(bytes.subarray(0, newline));
	if (header === undefined) return miss("the note digest cache is corrupt (no header line)");
	if (header.format !== FORMAT)
		return miss(`the note digest cache has format ${String(header.format)}, this version reads ${FORMAT}`);
	if (header.signature !== noteDigestSignature())
		return miss("the note digest cache was made by another version of the parser or cue extraction");
	const body = bytes.subarray(newline + 1);
	if (body.byteLength !== header.bytes)
		return miss(`the note digest cache is partial (${body.byteLength} of ${String(header.bytes)} bytes)`);
	try {
		return { digests: await decodeNoteDigests(body, yieldNow) };
	} catch (error) {
		return miss(`the note digest cache is corrupt (${errorMessage(error)})`);
	}
}

function parseHeader(bytes: Uint8Array): Partial<CacheHeader> | undefined {
	try {
		const parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) as unknown;
		return typeof parsed === "object" && parsed !== null ? parsed : undefined;
	} catch {
		return undefined;
	}
}

function miss(reason: string): NoteDigestRead {
	return { digests: null, reason };
}
