import { align8, SLICE_WORK, slicedChecksum, StreamChecksum, WorkSlicer, type YieldNow } from "../model/sliced-work";
import { parseKeywordSettings, type KeywordSettingsInput } from "../model/keyword-settings";
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
 * The keyword index as bytes: a 24-byte prefix (magic "CMKI", format, total length, checksum of
 * everything after the prefix, header length, 0), a small JSON header, then typed arrays
 * written as they are, each 8-byte aligned:
 *
 * | section | type | content |
 * |---|---|---|
 * | notes | UTF-8 | `path\0stamp\0` per note, in document order |
 * | field lengths | Uint32 | notes × fields |
 * | note postings | Uint32 | postings per note |
 * | terms | UTF-8 | `term\0` per term |
 * | term postings | Uint32 | postings per term |
 * | postings | Int32 | `doc << 3 \| field`, grouped by term in term order |
 * | term frequencies | Uint8 | one per posting, 255 meaning "see overflow" |
 * | overflow | Uint32 | (term, doc << 3 \| field, frequency) per frequency ≥ 255 |
 *
 * Only live notes are written, renumbered 0‥n−1 in their order (so tie order is kept), and only
 * terms that still have postings. Encoding and decoding run in slices of bounded work with an
 * optional `yieldNow` between them, so neither holds a thread for long.
 */
export const KEYWORD_INDEX_FORMAT = 1;

export type { YieldNow } from "../model/sliced-work";

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
const PREFIX_BYTES = 24;
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
/** Postings in a chunk of the postings section (4 MB, and 1 MB of term frequencies). */
const POSTING_CHUNK = 1 << 20;

/**
 * The index as bytes (see the format above). The index must not change until the promise
 * settles: a change seen after a `yieldNow` makes it reject.
 */
export async function encodeKeywordIndex(index: KeywordIndex, yieldNow?: YieldNow): Promise<Uint8Array> {
	const slicer = new WorkSlicer(yieldNow);
	const parts = await encodeKeywordIndexParts(index, yieldNow);
	const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
	let offset = 0;
	for (const part of parts) {
		for (let from = 0; from < part.length; from += SLICE_WORK * 4) {
			bytes.set(part.subarray(from, from + SLICE_WORK * 4), offset + from);
			await slicer.spent(SLICE_WORK);
		}
		offset += part.byteLength;
	}
	return bytes;
}

/**
 * `encodeKeywordIndex`'s bytes as the pieces they are made of, one after the other (zeros
 * between them as the alignment needs): written as they are, a 100+ MB index is not copied
 * into one array first.
 */
export async function encodeKeywordIndexParts(index: KeywordIndex, yieldNow?: YieldNow): Promise<Uint8Array[]> {
	const postings = index.postings;
	const changes = postings.changes;
	const slicer = new WorkSlicer(
		yieldNow,
		() => {
			if (postings.changes !== changes)
				throw new KeywordCodecError(
					"changed",
					"Keyword index: the index changed while it was being encoded; encode it again.",
				);
		},
		ENCODE_SLICE_WORK,
	);
	const fields = postings.fieldCount;
	const newDoc = new Int32Array(postings.nextDoc).fill(-1);
	let notes = 0;
	for (let doc = 0; doc < postings.nextDoc; doc++) if (postings.live[doc] === 1) newDoc[doc] = notes++;
	await slicer.spent(postings.nextDoc);

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

	const liveCount = postings.postingCount - postings.deadPostings;
	const livePostings = new PostingChunks();
	const termPostings: number[] = [];
	const overflow: number[] = [];
	const termText = new TextPieces();
	let written = 0;
	const terms = new RadixCursor(postings.terms);
	while (terms.next()) {
		const term = terms.key;
		const id = terms.value as number;
		const before = written;
		for (let address = postings.head[id]; address !== NO_CHUNK;) {
			const page = postings.docFieldPages[address >>> PAGE_BITS];
			const tfPage = postings.tfPages[address >>> PAGE_BITS];
			const start = (address & PAGE_MASK) + CHUNK_HEADER;
			const next = page[start - 1];
			const end = start + (next === NO_CHUNK ? postings.tailUsed[id] : page[start - CHUNK_HEADER]);
			for (let i = start; i < end; i++) {
				const renumbered = newDoc[page[i] >>> FIELD_BITS];
				if (renumbered < 0) continue;
				const docField = (renumbered << FIELD_BITS) | (page[i] & FIELD_MASK);
				livePostings.push(docField, tfPage[i]);
				written++;
				if (tfPage[i] === TF_SATURATED) overflow.push(termPostings.length, docField, postings.overflowTf(id, page[i]));
			}
			address = next;
		}
		if (written > before) {
			termPostings.push(written - before);
			termText.add(term);
		}
		await slicer.spent(TERM_WORK + (written - before));
	}
	livePostings.trimLast();
	if (written !== liveCount) throw new Error(`Keyword index: ${written} live postings found, ${liveCount} counted.`);

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
	const sections: (ArrayBufferView | ArrayBufferView[])[] = [
		headerBytes,
		notesBytes,
		fieldLengths,
		notePostings,
		termsBytes,
		Uint32Array.from(termPostings),
		livePostings.docFields,
		livePostings.tfs,
		Uint32Array.from(overflow),
	];
	let total = PREFIX_BYTES;
	const parts: Uint8Array[] = [new Uint8Array(PREFIX_BYTES)];
	const checksum = new StreamChecksum();
	for (const section of sections) {
		let length = 0;
		for (const piece of Array.isArray(section) ? section : [section]) {
			const view = new Uint8Array(piece.buffer, piece.byteOffset, piece.byteLength);
			await checksum.add(view, slicer);
			parts.push(view);
			length += view.byteLength;
		}
		const padding = align8(length) - length;
		if (padding > 0) {
			parts.push(new Uint8Array(padding));
			await checksum.add(parts[parts.length - 1], slicer);
		}
		total += length + padding;
	}
	new Uint32Array(parts[0].buffer).set([MAGIC, KEYWORD_INDEX_FORMAT, total, checksum.value, headerBytes.byteLength, 0]);
	return parts;
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
	const { header, headerLength } = await readHeader(bytes, slicer);
	const parsed = parseKeywordSettings(settings);
	if (header.signature !== indexSignature(parsed)) {
		throw new KeywordCodecError(
			"settings",
			"the keyword index was built with another tokenizer version or other keyword settings (body limit, stop words, stemming)",
		);
	}
	const { fields, notes, terms, postings: postingCount, overflow: overflowCount } = header;
	const reader = new SectionReader(bytes, align8(PREFIX_BYTES + headerLength));
	const notesText = reader.bytes(header.notesBytes);
	const fieldLengths = reader.uint32(notes * fields);
	const notePostings = reader.uint32(notes);
	const termsText = reader.bytes(header.termsBytes);
	const termPostings = reader.uint32(terms);
	const docFields = reader.int32(postingCount);
	const tfs = reader.bytes(postingCount);
	const overflow = reader.uint32(overflowCount * 3);
	reader.end();

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
	let from = 0;
	for (let term = 0; term < terms; term++) {
		const count = termPostings[term];
		const to = from + count;
		if (count === 0 || to > postingCount) throw corrupt(`term ${term} has ${count} postings past the end`);
		for (let i = from; i < to; i++) {
			if (docFields[i] >>> FIELD_BITS >= notes || (docFields[i] & FIELD_MASK) >= fields)
				throw corrupt(`posting ${i} points past the notes or fields`);
		}
		if (postings.terms.has(termStrings[term])) throw corrupt(`term "${termStrings[term]}" is listed twice`);
		postings.terms.set(termStrings[term], term);
		await slicer.spent(TERM_WORK);
		// A term in most notes has hundreds of thousands of postings: written a slice at a time.
		for (let piece = from; piece < to; piece += SLICE_WORK) {
			const end = Math.min(to, piece + SLICE_WORK);
			postings.writeTerm(term, docFields.subarray(piece, end), tfs.subarray(piece, end));
			await slicer.spent(end - piece);
		}
		from = to;
	}
	if (from !== postingCount) throw corrupt(`${from} postings listed by term, ${postingCount} stored`);
	for (let i = 0; i < overflow.length; i += 3) {
		postings.tfOverflow.set(overflow[i] * 2 ** 31 + overflow[i + 1], overflow[i + 2]);
	}
	return index;
}

async function readHeader(bytes: Uint8Array, slicer: WorkSlicer): Promise<{ header: Header; headerLength: number }> {
	if (bytes.byteLength < PREFIX_BYTES) throw corrupt(`${bytes.byteLength} bytes, shorter than the prefix`);
	const [magic, format, total, sum, headerLength] = new Uint32Array(bytes.buffer, bytes.byteOffset, PREFIX_BYTES / 4);
	if (magic !== MAGIC) throw corrupt("not a keyword index");
	if (format !== KEYWORD_INDEX_FORMAT)
		throw new KeywordCodecError("format", `keyword index format ${format}, this version reads ${KEYWORD_INDEX_FORMAT}`);
	if (total !== bytes.byteLength || headerLength > total - PREFIX_BYTES)
		throw corrupt(`${bytes.byteLength} bytes of ${total}: truncated or padded`);
	if ((await slicedChecksum(bytes, PREFIX_BYTES, slicer)) !== sum) throw corrupt("checksum mismatch");
	let header: Partial<Header>;
	try {
		header = JSON.parse(
			new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(PREFIX_BYTES, PREFIX_BYTES + headerLength)),
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
	return { header: header as Header, headerLength };
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

	end(): void {
		if (this.offset !== this.data.byteLength) throw corrupt("sections do not fill the data");
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
 * The live postings and their term frequencies, in arrays of POSTING_CHUNK allocated as they
 * fill: at 100k notes one array of all of them (80 + 20 MB) made V8 collect the whole heap at
 * once for the outside-the-heap memory it added, a pause of 0.4–3 s at the start of a save.
 */
class PostingChunks {
	readonly docFields: Int32Array[] = [];
	readonly tfs: Uint8Array[] = [];
	private used = POSTING_CHUNK;

	push(docField: number, tf: number): void {
		if (this.used === POSTING_CHUNK) {
			this.docFields.push(new Int32Array(POSTING_CHUNK));
			this.tfs.push(new Uint8Array(POSTING_CHUNK));
			this.used = 0;
		}
		this.docFields[this.docFields.length - 1][this.used] = docField;
		this.tfs[this.tfs.length - 1][this.used++] = tf;
	}

	/** Cuts the last chunk to what was written; call once all are pushed. */
	trimLast(): void {
		const last = this.docFields.length - 1;
		if (last < 0 || this.used === POSTING_CHUNK) return;
		this.docFields[last] = this.docFields[last].subarray(0, this.used);
		this.tfs[last] = this.tfs[last].subarray(0, this.used);
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

function corrupt(detail: string): KeywordCodecError {
	return new KeywordCodecError("corrupt", `the keyword index data is corrupt: ${detail}`);
}
