import { collectedBytes } from "../../model/cache-store";
import {
	align8,
	SLICE_WORK,
	slicedChecksum,
	StreamChecksum,
	streamTrailer,
	WorkSlicer,
	type YieldNow,
} from "../../util/sliced-work";
import { parseKeywordSettings, type KeywordSettingsInput } from "../../model/keyword-settings";
import { indexSignature } from "./index-signature";
import { KEYWORD_FIELDS, KeywordIndex } from "./keyword-index";
import {
	CHUNK_HEADER,
	FIELD_BITS,
	FIELD_MASK,
	KeywordPostings,
	NO_CHUNK,
	PAGE_BITS,
	PAGE_MASK,
	TF_SATURATED,
} from "./keyword-postings";
import { RadixCursor } from "./radix-walk";

/**
 * The keyword index as bytes, made to be written as it is made (`encodeKeywordIndexStream`):
 * typed arrays written as they are, each section 8-byte aligned, then a small JSON header and a
 * 24-byte trailer (magic "CMKI", format, total length, checksum of everything before the
 * trailer, header length, posting bytes):
 *
 * | section | type | content |
 * |---|---|---|
 * | postings | Int32, Uint8 | per term, in term order: its postings (`doc << 3 \| field`), then their term frequencies (255 meaning "see overflow"), padded to 4 bytes |
 * | notes | UTF-8 | `path\0stamp\0` per note, in document order |
 * | field lengths | Uint32 | notes × fields |
 * | note postings | Uint32 | postings per note |
 * | terms | UTF-8 | `term\0` per term |
 * | term postings | Uint32 | postings per term |
 * | overflow | Uint32 | (term, doc << 3 \| field, frequency) per frequency ≥ 255 |
 * | header | JSON | the counts, the settings signature, the average field lengths |
 *
 * Only live notes are written, renumbered 0‥n−1 in their order (so tie order is kept), and only
 * terms that still have postings. The postings (≈ 100 MB at 100k notes) go out through one
 * reused 1 MB buffer: the rest (≈ 15 MB) is held until the end. Encoding and decoding run in
 * slices of bounded work with an optional `yieldNow` between them, so neither holds a thread for
 * long.
 */
export const KEYWORD_INDEX_FORMAT = 2;

export type { YieldNow } from "../../util/sliced-work";

/** Why bytes could not be decoded: `corrupt` (truncated, garbled), `format` (another version), `settings`. */
export class KeywordCodecError extends Error {
	constructor(
		readonly kind: "corrupt" | "format" | "settings" | "changed",
		message: string,
	) {
		super(message);
		this.name = "KeywordCodecError";
	}
}

interface Header {
	signature: string;
	fields: number;
	notes: number;
	terms: number;
	postings: number;
	overflow: number;
	notesBytes: number;
	termsBytes: number;
	averageLengths: number[];
}

const MAGIC = 0x494b4d43;
const TRAILER_BYTES = 24;
/** What one term costs in those units (a radix-tree insert or lookup, a string; at 48, slices took 40–60 ms of CPU at 100k notes). */
const TERM_WORK = 128;
const NOTE_WORK = 64;
/**
 * Work between two yields of the encoder: a quarter of SLICE_WORK. On an index built note by
 * note (a cold start's), each term's postings lie in chunks spread over the pages and a full
 * slice took 40–60 ms of CPU at 100k notes (10–20 on an index just decoded, whose postings are
 * in order).
 */
const ENCODE_SLICE_WORK = SLICE_WORK / 4;
const TEXT_CHUNK_BYTES = 1 << 16;
/** The postings' buffer: handed on (and reused) whenever it fills. */
const POSTING_BUFFER_BYTES = 1 << 20;

/**
 * The index as bytes (see the format above), in one array. The index must not change until the
 * promise settles: a change seen after a `yieldNow` makes it reject.
 */
export async function encodeKeywordIndex(index: KeywordIndex, yieldNow?: YieldNow): Promise<Uint8Array> {
	return collectedBytes(encodeKeywordIndexStream(index, yieldNow));
}

/**
 * `encodeKeywordIndex`'s bytes as pieces made one after the other: the postings' piece is
 * written over once the next piece is asked for, so take each (write or copy it) before asking
 * for the next (`CacheBytes`). A change to the index seen after a `yieldNow` makes it throw.
 */
export async function* encodeKeywordIndexStream(index: KeywordIndex, yieldNow?: YieldNow): AsyncGenerator<Uint8Array> {
	const postings = index.postings;
	const changes = postings.changes;
	const unchanged = (): void => {
		if (postings.changes !== changes)
			throw new KeywordCodecError(
				"changed",
				"Keyword index: the index changed while it was being encoded; encode it again.",
			);
	};
	const slicer = new WorkSlicer(yieldNow, unchanged, ENCODE_SLICE_WORK);
	const checksum = new StreamChecksum();
	const counted = (piece: Uint8Array): Promise<Uint8Array> => checksum.passed(piece, slicer);
	const fields = postings.fieldCount;
	const newDoc = new Int32Array(postings.nextDoc).fill(-1);
	let notes = 0;
	for (let doc = 0; doc < postings.nextDoc; doc++) if (postings.live[doc] === 1) newDoc[doc] = notes++;
	await slicer.spent(postings.nextDoc);

	const liveCount = postings.postingCount - postings.deadPostings;
	const buffer = new PostingBuffer();
	const termPostings: number[] = [];
	const copier = new PostingCopier(postings, newDoc, buffer);
	const termText = new TextPieces();
	let postingBytes = 0;
	const terms = new RadixCursor(postings.terms);
	while (terms.next()) {
		const id = terms.value as number;
		const before = copier.written;
		// The term's postings, then (a second walk) their frequencies.
		for (let pass = 0; pass < 2; pass++) {
			for (let address = postings.head[id]; address !== NO_CHUNK;) {
				const page = postings.docFieldPages[address >>> PAGE_BITS];
				const start = (address & PAGE_MASK) + CHUNK_HEADER;
				const next = page[start - 1];
				const end = start + (next === NO_CHUNK ? postings.tailUsed[id] : page[start - CHUNK_HEADER]);
				for (let from = start; from < end;) {
					const was = from;
					from = copier.copy(pass === 0, id, termPostings.length, address >>> PAGE_BITS, from, end);
					if (buffer.full()) yield await counted(buffer.take());
					// A term in most notes has hundreds of thousands of postings: yield within it too.
					await slicer.spent(from - was);
				}
				address = next;
			}
		}
		const count = copier.written - before;
		if (count > 0) {
			buffer.pad(4);
			postingBytes += align4(count * 5);
			termPostings.push(count);
			termText.add(terms.key);
		}
		await slicer.spent(TERM_WORK);
	}
	const { written, overflow } = copier;
	if (written !== liveCount) throw new Error(`Keyword index: ${written} live postings found, ${liveCount} counted.`);
	buffer.pad(8);
	const last = buffer.take();
	if (last.byteLength > 0) yield await counted(last);

	const pathOfNew: string[] = new Array<string>(notes);
	const stampOfNew: string[] = new Array<string>(notes);
	for (const { path, doc, stamp } of index.notes()) {
		pathOfNew[newDoc[doc]] = path;
		stampOfNew[newDoc[doc]] = stamp;
		await slicer.spent(NOTE_WORK);
	}
	const fieldLengths = new Uint32Array(notes * fields);
	const notePostings = new Uint32Array(notes);
	const noteText = new TextPieces();
	for (let doc = 0; doc < postings.nextDoc; doc++) {
		const renumbered = newDoc[doc];
		if (renumbered < 0) continue;
		fieldLengths.set(postings.lengths.subarray(doc * fields, (doc + 1) * fields), renumbered * fields);
		notePostings[renumbered] = postings.docPostings[doc];
		noteText.add(pathOfNew[renumbered]);
		noteText.add(stampOfNew[renumbered]);
		await slicer.spent(NOTE_WORK);
	}
	const notesBytes = noteText.finish();
	const termsBytes = termText.finish();
	const header: Header = {
		signature: indexSignature(index.settings),
		fields,
		notes,
		terms: termPostings.length,
		postings: liveCount,
		overflow: overflow.length / 3,
		notesBytes: notesBytes.byteLength,
		termsBytes: termsBytes.byteLength,
		averageLengths: [...postings.averageLengths],
	};
	const headerBytes = new TextEncoder().encode(JSON.stringify(header));
	const sections: ArrayBufferView[] = [
		notesBytes,
		fieldLengths,
		notePostings,
		termsBytes,
		Uint32Array.from(termPostings),
		Uint32Array.from(overflow),
		headerBytes,
	];
	for (const section of sections) {
		const view = new Uint8Array(section.buffer, section.byteOffset, section.byteLength);
		if (view.byteLength > 0) yield await counted(view);
		const padding = align8(view.byteLength) - view.byteLength;
		if (padding > 0) yield await counted(new Uint8Array(padding));
	}
	// The store's writes between pieces let edits land too: the counter says if any did.
	unchanged();
	yield streamTrailer(MAGIC, KEYWORD_INDEX_FORMAT, checksum, TRAILER_BYTES, [headerBytes.byteLength, postingBytes]);
}

/**
 * The index encoded in `bytes`, with `settings` (which must give the index signature it was
 * built with; boosts and other query-time settings may differ). Throws a `KeywordCodecError`
 * for bytes that are truncated, garbled, of another format or of other settings.
 */
export async function decodeKeywordIndex(
	input: Uint8Array,
	settings: KeywordSettingsInput = {},
	yieldNow?: YieldNow,
): Promise<KeywordIndex> {
	const slicer = new WorkSlicer(yieldNow);
	const bytes = await aligned(input, slicer);
	const { header, headerStart, postingBytes } = await readTrailer(bytes, slicer);
	const parsed = parseKeywordSettings(settings);
	if (header.signature !== indexSignature(parsed)) {
		throw new KeywordCodecError(
			"settings",
			"the keyword index was built with another tokenizer version or other keyword settings (body limit, stop words, stemming)",
		);
	}
	const { fields, notes, terms, postings: postingCount, overflow: overflowCount } = header;
	const reader = new SectionReader(bytes, align8(postingBytes));
	const notesText = reader.bytes(header.notesBytes);
	const fieldLengths = reader.uint32(notes * fields);
	const notePostings = reader.uint32(notes);
	const termsText = reader.bytes(header.termsBytes);
	const termPostings = reader.uint32(terms);
	const overflow = reader.uint32(overflowCount * 3);
	reader.end(headerStart);

	const postings = new KeywordPostings(fields);
	const index = new KeywordIndex(parsed, postings);
	const strings = await textOf(notesText, notes * 2, slicer);
	for (let doc = 0; doc < notes; doc++) {
		postings.restoreDocument(doc, fieldLengths.subarray(doc * fields, (doc + 1) * fields), notePostings[doc]);
		try {
			index.adopt(strings[doc * 2], doc, strings[doc * 2 + 1]);
		} catch (error) {
			throw corrupt(error instanceof Error ? error.message : String(error));
		}
		await slicer.spent(NOTE_WORK);
	}
	postings.averageLengths.set(header.averageLengths);

	const termStrings = await textOf(termsText, terms, slicer);
	postings.reserveTerms(terms);
	let at = 0;
	let seen = 0;
	for (let term = 0; term < terms; term++) {
		const count = termPostings[term];
		const tfsAt = at + count * 4;
		if (count === 0 || tfsAt + count > postingBytes) throw corrupt(`term ${term} has ${count} postings past the end`);
		const docFields = new Int32Array(bytes.buffer, bytes.byteOffset + at, count);
		const tfs = new Uint8Array(bytes.buffer, bytes.byteOffset + tfsAt, count);
		for (let i = 0; i < count; i++) {
			if (docFields[i] >>> FIELD_BITS >= notes || (docFields[i] & FIELD_MASK) >= fields)
				throw corrupt(`posting ${seen + i} points past the notes or fields`);
		}
		if (postings.terms.has(termStrings[term])) throw corrupt(`term "${termStrings[term]}" is listed twice`);
		postings.terms.set(termStrings[term], term);
		await slicer.spent(TERM_WORK);
		// A term in most notes has hundreds of thousands of postings: written a slice at a time.
		for (let piece = 0; piece < count; piece += SLICE_WORK) {
			const end = Math.min(count, piece + SLICE_WORK);
			postings.writeTerm(term, docFields.subarray(piece, end), tfs.subarray(piece, end));
			await slicer.spent(end - piece);
		}
		at = align4(tfsAt + count);
		seen += count;
	}
	if (seen !== postingCount || at !== postingBytes)
		throw corrupt(`${seen} postings in ${at} bytes listed by term, ${postingCount} in ${postingBytes} stored`);
	for (let i = 0; i < overflow.length; i += 3) {
		postings.tfOverflow.set(overflow[i] * 2 ** 31 + overflow[i + 1], overflow[i + 2]);
	}
	return index;
}

async function readTrailer(
	bytes: Uint8Array,
	slicer: WorkSlicer,
): Promise<{ header: Header; headerStart: number; postingBytes: number }> {
	const size = bytes.byteLength;
	if (size < TRAILER_BYTES) throw corrupt(`${size} bytes, shorter than the trailer`);
	if (size % 8 !== 0) throw corrupt(`${size} bytes, not a whole number of words: truncated`);
	const trailer = new Uint32Array(bytes.buffer, bytes.byteOffset + size - TRAILER_BYTES, TRAILER_BYTES / 4);
	const [magic, format, total, sum, headerLength, postingBytes] = trailer;
	if (magic !== MAGIC) throw corrupt("no trailer at the end: truncated, or not a keyword index");
	if (format !== KEYWORD_INDEX_FORMAT)
		throw new KeywordCodecError("format", `keyword index format ${format}, this version reads ${KEYWORD_INDEX_FORMAT}`);
	const headerStart = size - TRAILER_BYTES - align8(headerLength);
	if (total !== size || headerStart < align8(postingBytes) || postingBytes % 4 !== 0)
		throw corrupt(`${size} bytes of ${total}: truncated or padded`);
	if ((await slicedChecksum(bytes.subarray(0, size - TRAILER_BYTES), 0, slicer)) !== sum)
		throw corrupt("checksum mismatch");
	let header: Partial<Header>;
	try {
		header = JSON.parse(
			new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(headerStart, headerStart + headerLength)),
		) as Partial<Header>;
	} catch {
		throw corrupt("unreadable header");
	}
	const counts = [header.notes, header.terms, header.postings, header.overflow, header.notesBytes, header.termsBytes];
	if (
		typeof header.signature !== "string" ||
		header.fields !== KEYWORD_FIELDS.length ||
		!counts.every((count) => Number.isSafeInteger(count) && (count ?? -1) >= 0) ||
		!Array.isArray(header.averageLengths) ||
		header.averageLengths.length !== KEYWORD_FIELDS.length ||
		!header.averageLengths.every((value) => typeof value === "number")
	)
		throw corrupt("malformed header");
	return { header: header as Header, headerStart, postingBytes };
}

/** Typed views of consecutive 8-byte aligned sections after the header. */
class SectionReader {
	constructor(
		private readonly data: Uint8Array,
		private offset: number,
	) {}

	bytes(length: number): Uint8Array {
		return new Uint8Array(this.data.buffer, this.data.byteOffset + this.take(length), length);
	}

	uint32(count: number): Uint32Array {
		return new Uint32Array(this.data.buffer, this.data.byteOffset + this.take(count * 4), count);
	}

	int32(count: number): Int32Array {
		return new Int32Array(this.data.buffer, this.data.byteOffset + this.take(count * 4), count);
	}

	/** Checks that the sections end where the header starts. */
	end(headerStart: number): void {
		if (this.offset !== headerStart) throw corrupt("sections do not fill the data");
	}

	private take(length: number): number {
		const at = this.offset;
		if (at + length > this.data.byteLength) throw corrupt("a section runs past the end");
		this.offset = align8(at + length);
		return at;
	}
}

/** `count` strings from NUL-terminated UTF-8, decoded a chunk at a time. */
async function textOf(bytes: Uint8Array, count: number, slicer: WorkSlicer): Promise<string[]> {
	const decoder = new TextDecoder("utf-8", { fatal: true });
	const strings: string[] = [];
	for (let from = 0; from < bytes.length;) {
		const nul = bytes.indexOf(0, Math.min(bytes.length, from + TEXT_CHUNK_BYTES) - 1);
		if (nul < 0) throw corrupt("text without its terminator");
		let parts: string[];
		try {
			parts = decoder.decode(bytes.subarray(from, nul)).split("\0");
		} catch {
			throw corrupt("text that is not UTF-8");
		}
		for (const part of parts) strings.push(part);
		await slicer.spent(nul + 1 - from);
		from = nul + 1;
	}
	if (strings.length !== count) throw corrupt(`${strings.length} strings where ${count} belong`);
	return strings;
}

/**
 * Copies a chunk of a term's postings (renumbered, dead ones left out), or their frequencies,
 * into the buffer until it is full: the loop over every posting lives here, not in the
 * encoder's async generator, whose body V8 runs far slower.
 */
class PostingCopier {
	/** Postings copied so far (first pass only). */
	written = 0;
	/** (term, doc << 3 | field, frequency) of each frequency ≥ 255. */
	readonly overflow: number[] = [];

	constructor(
		private readonly postings: KeywordPostings,
		private readonly newDoc: Int32Array,
		private readonly buffer: PostingBuffer,
	) {}

	/** From `from` to `end` of page `pageIndex`; returns where it stopped (`end`, or where the buffer filled). */
	copy(docFields: boolean, id: number, term: number, pageIndex: number, from: number, end: number): number {
		const { newDoc, buffer } = this;
		const page = this.postings.docFieldPages[pageIndex];
		const tfPage = this.postings.tfPages[pageIndex];
		let i = from;
		for (; i < end && !buffer.full(); i++) {
			const renumbered = newDoc[page[i] >>> FIELD_BITS];
			if (renumbered < 0) continue;
			if (!docFields) {
				buffer.byte(tfPage[i]);
				continue;
			}
			const docField = (renumbered << FIELD_BITS) | (page[i] & FIELD_MASK);
			buffer.int32(docField);
			this.written++;
			if (tfPage[i] === TF_SATURATED) this.overflow.push(term, docField, this.postings.overflowTf(id, page[i]));
		}
		return i;
	}
}

/**
 * The postings section, written into one buffer that is handed on whenever it is full and then
 * written over: at 100k notes the whole section (≈ 100 MB of arrays outside the JS heap) made V8
 * collect its 400 MB heap while a stop saved. Every piece but the last is the whole buffer (a
 * multiple of 8 bytes), so alignment within the buffer is alignment within the section.
 */
class PostingBuffer {
	private readonly bytes = new Uint8Array(POSTING_BUFFER_BYTES);
	private readonly words = new Int32Array(this.bytes.buffer);
	private used = 0;

	full(): boolean {
		return this.used === this.bytes.length;
	}

	/** At a 4-byte aligned position: a term's postings start aligned and are written before its frequencies. */
	int32(value: number): void {
		this.words[this.used >>> 2] = value;
		this.used += 4;
	}

	byte(value: number): void {
		this.bytes[this.used++] = value;
	}

	/** Zeros up to a multiple of `alignment` (4 or 8; the buffer is a multiple of 8, so it never overflows). */
	pad(alignment: number): void {
		while (this.used % alignment !== 0) this.bytes[this.used++] = 0;
	}

	/** The bytes written since the last `take`; they are written over after it. */
	take(): Uint8Array {
		const filled = this.bytes.subarray(0, this.used);
		this.used = 0;
		return filled;
	}
}

/** `text\0` pieces encoded as UTF-8 about `TEXT_CHUNK_BYTES` at a time. */
class TextPieces {
	private readonly encoder = new TextEncoder();
	private readonly pieces: Uint8Array[] = [];
	private pending: string[] = [];
	private pendingLength = 0;

	add(text: string): void {
		this.pending.push(text);
		this.pendingLength += text.length + 1;
		if (this.pendingLength >= TEXT_CHUNK_BYTES) this.flush();
	}

	finish(): Uint8Array {
		this.flush();
		const all = new Uint8Array(this.pieces.reduce((sum, piece) => sum + piece.byteLength, 0));
		let offset = 0;
		for (const piece of this.pieces) {
			all.set(piece, offset);
			offset += piece.byteLength;
		}
		return all;
	}

	private flush(): void {
		if (this.pending.length === 0) return;
		this.pieces.push(this.encoder.encode(`${this.pending.join("\0")}\0`));
		this.pending = [];
		this.pendingLength = 0;
	}
}

/** The bytes at an 8-byte aligned offset (copied when they are not), so typed views can be laid on them. */
async function aligned(bytes: Uint8Array, slicer: WorkSlicer): Promise<Uint8Array> {
	if (bytes.byteOffset % 8 === 0) return bytes;
	const copy = new Uint8Array(bytes.byteLength);
	for (let from = 0; from < bytes.length; from += SLICE_WORK * 4) {
		copy.set(bytes.subarray(from, from + SLICE_WORK * 4), from);
		await slicer.spent(SLICE_WORK);
	}
	return copy;
}

function align4(offset: number): number {
	return Math.ceil(offset / 4) * 4;
}

function corrupt(detail: string): KeywordCodecError {
	return new KeywordCodecError("corrupt", `the keyword index data is corrupt: ${detail}`);
}
