import type { CacheStore } from "../../core/model/cache-store";
import { errorMessage } from "../../core/model/error-message";
import { frameProblem, streamedCacheFrame, unframeCache } from "../../core/model/cache-frame";
import { noteDigestSignature } from "../../core/digest/digest-signature";
import {
	decodeNoteDigests,
	encodeNoteDigestStream,
	type DecodedNoteDigests,
	type NoteDigest,
	type YieldNow,
} from "../../core/digest/note-digest-codec";

/** The note digests' name in the CacheStore. */
export const NOTE_DIGEST_CACHE = "note-digests";
/** Bump when the header or the way the body is made changes (2: the body streamed, its length in its trailer). */
const FORMAT = 2;
/** What a cache of another signature means, for the warning. */
const SIGNATURE_MISMATCH = "was made by another version of the parser or cue extraction";

export type NoteDigestRead =
	| { digests: DecodedNoteDigests }
	| {
			digests: null;
			/** Why the cache cannot be used, for a log line; the caller reads every note. */
			reason: string;
			/** True when there was simply no cache yet (nothing to warn about). */
			absent?: boolean;
	  };

/**
 * Writes the digests as one cache: a header line (format, signature), then the codec's bytes,
 * handed to the store as they are made (the body's trailer gives its length).
 */
export async function saveNoteDigestCache(
	caches: CacheStore,
	digests: Iterable<NoteDigest>,
	yieldNow?: YieldNow,
): Promise<void> {
	const header = { format: FORMAT, signature: noteDigestSignature() };
	await caches.write(NOTE_DIGEST_CACHE, streamedCacheFrame(header, encodeNoteDigestStream(digests, yieldNow)));
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

	const framed = unframeCache(bytes, { format: FORMAT, signature: noteDigestSignature() });
	if (!("body" in framed)) return miss(`the note digest cache ${frameProblem(framed, FORMAT, SIGNATURE_MISMATCH)}`);
	try {
		return { digests: await decodeNoteDigests(framed.body, yieldNow) };
	} catch (error) {
		return miss(`the note digest cache is corrupt (${errorMessage(error)})`);
	}
}

function miss(reason: string): NoteDigestRead {
	return { digests: null, reason };
}
