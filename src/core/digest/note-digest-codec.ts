import type { CueTable, TabledCueRecord } from "../cues/cue-table";
import type { CueRecord } from "../cues/extract-cues";
import { collectedBytes } from "../model/cache-store";
import { align8, slicedChecksum, StreamChecksum, streamTrailer, WorkSlicer, type YieldNow } from "../util/sliced-work";
import type { DayRange } from "../time/calendar";

/**
 * What a full index derives from one note's text, kept so a start need not read the note again
 * while its stamp is unchanged (see src/engine/index/note-digests.ts). `note` stays JSON here,
 * parsed only for the notes a start takes.
 */
export interface NoteDigest extends DigestFields {
	cues: CueRecord;
}

/** What a note's digest says besides its cues. */
interface DigestFields {
	path: string;
	/** `fileStamp` (mtime:size) of the file the digest was taken from. */
	stamp: string;
	/** The file's creation time: cue extraction falls back to it, so it must match too. */
	ctime: number;
	/** What the graph keeps of the note, as JSON (`encodeDigestNote`). */
	note: string;
	snippet: string;
	/** duplicateHash of the body; null when the body is longer than any memory. */
	duplicateHash: number | null;
	/** The warning the note gave when read (indexed despite it); "" for none. */
	warning: string;
}

export type { YieldNow } from "../util/sliced-work";

/** Why bytes could not be decoded; the caller reads every note instead. */
export class DigestCodecError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "DigestCodecError";
	}
}

/**
 * The layout, made to be written as it is made (`encodeNoteDigestStream`): first each note's
 * record, then the columns, then a 40-byte trailer (magic "CMND", format, total length, checksum
 * of everything before the trailer, then the counts: notes, record bytes, distinct cues, cue text
 * bytes, cue references, times).
 *
 * | section | type | content |
 * |---|---|---|
 * | records | Uint32, UTF-8 | per note: its cues then its names as numbers in the cue table, then path, stamp, snippet, note, warning back to back, padded to 4 bytes |
 * | numbers | Float64 | ctime, duplicateHash (−1 for none), the day written (NaN for none) per note |
 * | times | Float64 | start, end day of each time range, note after note |
 * | lengths | Uint32 | per note: the UTF-16 length of each text field, then the UTF-8 length of them all |
 * | cue counts | Uint32 | cues, names, times per note |
 * | cue lengths | Uint32 | UTF-16 length of each distinct cue |
 * | cue table | UTF-8 | the distinct cues, back to back |
 *
 * The records are padded to 8 bytes, and so are the columns. Cues are stored once and shared by
 * every note that has them: most of a note's cues are common words, and whoever takes the notes
 * looks each cue up once (`CueTable`). The records are the bulk (≈ 75 MB of 85 at 100k notes):
 * they are written into one buffer that is handed on whenever it fills and then reused, so a
 * save holds a few MB outside the JS heap, not the whole cache (which made V8 collect its heap
 * again and again while a stop saved). A note's fields are decoded in one call when the note is
 * taken (`DecodedNoteDigests`). Encoding and decoding yield every `SLICE_WORK` units.
 */
const NOTE_DIGEST_FORMAT = 5;
const MAGIC = 0x444e4d43;
const TRAILER_BYTES = 40;
const TEXT_FIELDS = 5;
/** Per note: the fields' UTF-16 lengths and their UTF-8 length. */
const LENGTHS = TEXT_FIELDS + 1;
const NUMBERS = 3;
const CUE_COUNTS = 3;
const NOTE_WORK = 256;
const CUE_WORK = 16;
/** The records' buffer: handed on (and reused) whenever the next record does not fit. */
const RECORD_CHUNK_BYTES = 1 << 20;
const CUE_CHUNK_BYTES = 1 << 16;
/** Numbers in a chunk of a column (0.25–0.5 MB). */
const COLUMN_CHUNK = 1 << 16;

/** UTF-8 written into chunks with `encodeInto`: one allocation per chunk, not per string. */
class Utf8Chunks {
	private readonly encoder = new TextEncoder();
	private readonly chunks: Uint8Array[] = [];
	private current = new Uint8Array(0);
	private used = 0;
	bytes = 0;

	/** Appends `text`; returns its UTF-8 length. */
	add(text: string): number {
		if (this.current.length - this.used < text.length * 3) {
			this.seal();
			this.current = new Uint8Array(Math.max(CUE_CHUNK_BYTES, text.length * 3));
		}
		const { written } = this.encoder.encodeInto(text, this.current.subarray(this.used));
		this.used += written;
		this.bytes += written;
		return written;
	}

	/** The text so far, as the chunks it was written in. */
	parts(): Uint8Array[] {
		this.seal();
		return this.chunks;
	}

	private seal(): void {
		if (this.used > 0) this.chunks.push(this.current.subarray(0, this.used));
		this.current = new Uint8Array(0);
		this.used = 0;
	}
}

/**
 * A column of numbers in fixed-size typed chunks: no JS array of a million numbers to grow and
 * copy, and the chunks are written as they are.
 */
class NumberChunks {
	private readonly chunks: (Float64Array | Uint32Array)[] = [];
	private current: Float64Array | Uint32Array;
	private used = 0;
	length = 0;

	constructor(private readonly make: (length: number) => Float64Array | Uint32Array) {
		this.current = make(COLUMN_CHUNK);
	}

	push(value: number): void {
		if (this.used === this.current.length) {
			this.chunks.push(this.current);
			this.current = this.make(COLUMN_CHUNK);
			this.used = 0;
		}
		this.current[this.used++] = value;
		this.length++;
	}

	/** The column's bytes, chunk after chunk. */
	parts(): Uint8Array[] {
		const chunks = [...this.chunks, this.current.subarray(0, this.used)];
		return chunks.filter((chunk) => chunk.length > 0).map((chunk) => new Uint8Array(chunk.buffer, 0, chunk.byteLength));
	}
}

/**
 * The notes' records, written into one buffer that is handed on when the next record does not
 * fit and then written over (a record larger than the buffer gets a larger one).
 */
class RecordBuffer {
	private readonly encoder = new TextEncoder();
	private bytes = new Uint8Array(RECORD_CHUNK_BYTES);
	private words = new Uint32Array(this.bytes.buffer);
	private used = 0;

	/** The bytes written since the last `take`, to hand on, if a record of at most `size` bytes does not fit after them. */
	full(size: number): Uint8Array | null {
		if (this.used + size <= this.bytes.length) return null;
		const filled = this.used > 0 ? this.take() : null;
		if (size > this.bytes.length) {
			this.bytes = new Uint8Array(size + 3 - ((size + 3) % 4));
			this.words = new Uint32Array(this.bytes.buffer);
		}
		return filled;
	}

	/** Appends a record's cue numbers (the record starts 4-byte aligned). */
	number(value: number): void {
		this.words[this.used >>> 2] = value;
		this.used += 4;
	}

	/** Appends `text`; returns its UTF-8 length. */
	text(text: string): number {
		const { written } = this.encoder.encodeInto(text, this.bytes.subarray(this.used));
		this.used += written;
		return written;
	}

	/** Pads the record to 4 bytes with zeros (the buffer holds an earlier record's bytes). */
	endRecord(): void {
		while (this.used % 4 !== 0) this.bytes[this.used++] = 0;
	}

	/** The bytes written since the last `take`; they may be written over after the next record. */
	take(): Uint8Array {
		const filled = this.bytes.subarray(0, this.used);
		this.used = 0;
		return filled;
	}
}

/** Byte offsets of the columns after the records, from the counts in the trailer. */
function layout(recordBytes: number, notes: number, times: number, cues: number): number[] {
	const offsets = [align8(recordBytes)];
	const sizes = [notes * NUMBERS * 8, times * 2 * 8, notes * LENGTHS * 4, notes * CUE_COUNTS * 4, cues * 4];
	for (const size of sizes) offsets.push(offsets[offsets.length - 1] + size);
	return offsets;
}

/** `encodeNoteDigestStream`'s pieces copied into one array, for callers that want the bytes whole. */
export async function encodeNoteDigests(digests: Iterable<NoteDigest>, yieldNow?: YieldNow): Promise<Uint8Array> {
	return collectedBytes(encodeNoteDigestStream(digests, yieldNow));
}

/**
 * The digests as bytes (the format above), in pieces made as `digests` is read, a note at a time
 * between yields. The records' piece is written over once the next piece is asked for: take each
 * piece (write or copy it) before asking for the next (`CacheBytes`).
 */
export async function* encodeNoteDigestStream(
	digests: Iterable<NoteDigest>,
	yieldNow?: YieldNow,
): AsyncGenerator<Uint8Array> {
	const slicer = new WorkSlicer(yieldNow);
	const checksum = new StreamChecksum();
	const counted = (piece: Uint8Array): Promise<Uint8Array> => checksum.passed(piece, slicer);
	const float64 = (length: number): Float64Array => new Float64Array(length);
	const uint32 = (length: number): Uint32Array => new Uint32Array(length);
	const numbers = new NumberChunks(float64);
	const times = new NumberChunks(float64);
	const lengths = new NumberChunks(uint32);
	const cueCounts = new NumberChunks(uint32);
	const cueLengths = new NumberChunks(uint32);
	const cueIds = new Map<string, number>();
	const cueText = new Utf8Chunks();
	const records = new RecordBuffer();
	let references = 0;
	const reference = (cue: string): number => {
		let id = cueIds.get(cue);
		if (id === undefined) {
			id = cueIds.size;
			cueIds.set(cue, id);
			cueText.add(cue);
			cueLengths.push(cue.length);
		}
		return id;
	};
	let utf8 = 0;
	const text = (field: string): void => {
		lengths.push(field.length);
		utf8 += records.text(field);
	};
	for (const digest of digests) {
		numbers.push(digest.ctime);
		numbers.push(digest.duplicateHash ?? -1);
		numbers.push(digest.cues.written ?? Number.NaN);
		const { cues, names } = digest.cues;
		cueCounts.push(cues.length);
		cueCounts.push(names.length);
		cueCounts.push(digest.cues.times.length);
		for (const range of digest.cues.times) {
			times.push(range.start);
			times.push(range.end);
		}
		const { path, stamp, snippet, note, warning } = digest;
		const textUnits = path.length + stamp.length + snippet.length + note.length + warning.length;
		const filled = records.full((cues.length + names.length) * 4 + textUnits * 3 + 3);
		if (filled) yield await counted(filled);
		for (const cue of cues) records.number(reference(cue));
		for (const name of names) records.number(reference(name));
		references += cues.length + names.length;
		utf8 = 0;
		text(path);
		text(stamp);
		text(snippet);
		text(note);
		text(warning);
		lengths.push(utf8);
		records.endRecord();
		await slicer.spent(NOTE_WORK + note.length + snippet.length + CUE_WORK * cues.length);
	}
	const last = records.take();
	if (last.byteLength > 0) yield await counted(last);
	const recordBytes = checksum.length;
	const columns = [
		...numbers.parts(),
		...times.parts(),
		...lengths.parts(),
		...cueCounts.parts(),
		...cueLengths.parts(),
		...cueText.parts(),
	];
	if (recordBytes % 8 !== 0) columns.unshift(new Uint8Array(4));
	for (const piece of columns) yield await counted(piece);
	if (checksum.length % 8 !== 0) yield await counted(new Uint8Array(8 - (checksum.length % 8)));
	yield streamTrailer(MAGIC, NOTE_DIGEST_FORMAT, checksum, TRAILER_BYTES, [
		numbers.length / NUMBERS,
		recordBytes,
		cueLengths.length,
		cueText.bytes,
		references,
		times.length / 2,
	]);
}

/**
 * The digests in `input`, read a note at a time (`DecodedNoteDigests`); throws a DigestCodecError
 * for bytes that are truncated, garbled or of another format. What is checked here, in slices:
 * the trailer, the checksum and that the sections add up; a note's own text is decoded (and
 * checked) when it is taken.
 */
export async function decodeNoteDigests(input: Uint8Array, yieldNow?: YieldNow): Promise<DecodedNoteDigests> {
	const slicer = new WorkSlicer(yieldNow);
	const bytes = input.byteOffset % 8 === 0 ? input : input.slice();
	const size = bytes.byteLength;
	if (size < TRAILER_BYTES || size % 8 !== 0) throw corrupt(`${size} bytes, not a whole number of words: truncated`);
	const trailer = new Uint32Array(bytes.buffer, bytes.byteOffset + size - TRAILER_BYTES, TRAILER_BYTES / 4);
	const [magic, format, total, sum, notes, recordBytes, cueCount, cueTextBytes, referenceCount, timeCount] = trailer;
	if (magic !== MAGIC) throw corrupt("no trailer at the end: truncated, or not a note digest");
	if (format !== NOTE_DIGEST_FORMAT)
		throw new DigestCodecError(`note digest format ${format}, this version reads ${NOTE_DIGEST_FORMAT}`);
	const offsets = layout(recordBytes, notes, timeCount, cueCount);
	const cueTextStart = offsets[offsets.length - 1];
	if (total !== size || align8(cueTextStart + cueTextBytes) + TRAILER_BYTES !== total || recordBytes % 4 !== 0)
		throw corrupt(`${size} bytes of ${total}: truncated or padded`);
	if ((await slicedChecksum(bytes.subarray(0, size - TRAILER_BYTES), 0, slicer)) !== sum)
		throw corrupt("checksum mismatch");
	const at = (index: number): number => bytes.byteOffset + offsets[index];
	const sections: Sections = {
		bytes,
		numbers: new Float64Array(bytes.buffer, at(0), notes * NUMBERS),
		times: new Float64Array(bytes.buffer, at(1), timeCount * 2),
		lengths: new Uint32Array(bytes.buffer, at(2), notes * LENGTHS),
		cueCounts: new Uint32Array(bytes.buffer, at(3), notes * CUE_COUNTS),
		starts: new Float64Array((notes + 1) * STARTS),
	};
	const cueStarts = await utf8Starts(bytes, cueTextStart, new Uint32Array(bytes.buffer, at(4), cueCount), slicer);
	if (cueStarts[cueCount] !== cueTextStart + cueTextBytes) throw corrupt("cue lengths do not add up");
	const words = new Uint32Array(bytes.buffer, bytes.byteOffset, recordBytes / 4);
	const { starts, lengths, cueCounts } = sections;
	const holders = new Uint32Array(cueCount);
	let record = 0;
	let referencesSeen = 0;
	for (let note = 0; note < notes; note++) {
		const start = note * STARTS;
		const [cueTotal, nameTotal, timeTotal] = cueCounts.subarray(note * CUE_COUNTS, (note + 1) * CUE_COUNTS);
		const first = record / 4;
		const textStart = record + (cueTotal + nameTotal) * 4;
		record = textStart + align4(lengths[note * LENGTHS + TEXT_FIELDS]);
		if (record > recordBytes) throw corrupt(`note ${note} runs past the records`);
		for (let i = first; i < first + cueTotal + nameTotal; i++) {
			if (words[i] >= cueCount) throw corrupt(`cue reference ${i} points past the cue table`);
			if (i < first + cueTotal) holders[words[i]]++;
		}
		starts[start] = textStart;
		starts[start + 1] = first;
		starts[start + STARTS + 2] = starts[start + 2] + timeTotal;
		referencesSeen += cueTotal + nameTotal;
		await slicer.spent(CUE_WORK + cueTotal + nameTotal);
	}
	if (record !== recordBytes || referencesSeen !== referenceCount || starts[notes * STARTS + 2] !== timeCount)
		throw corrupt("the sections do not add up");
	return new DecodedNoteDigests(sections, new Utf8CueTable(bytes, cueStarts, words, holders));
}

/** Per note in `Sections.starts`: where its text, cue references and times start. */
const STARTS = 3;

interface Sections {
	bytes: Uint8Array;
	numbers: Float64Array;
	times: Float64Array;
	lengths: Uint32Array;
	cueCounts: Uint32Array;
	/** Per note: byte offset of its text, word offset of its first cue reference, first time (and one past the last note's). */
	starts: Float64Array;
}

/** A note's digest as decoded: its cues as numbers into the digests' cue table. */
export interface DecodedNoteDigest extends DigestFields {
	cues: TabledCueRecord;
}

/**
 * The decoded digests, read a note at a time: a note's path when asked for (a start keys the
 * digests by it), the rest when it is taken. Nothing is held per note but the bytes, so a
 * start does not keep 100k digests' strings alive until it takes them.
 */
export class DecodedNoteDigests {
	readonly size: number;
	private readonly decoder = new TextDecoder("utf-8", { fatal: true });

	constructor(
		private readonly sections: Sections,
		private readonly cueTable: Utf8CueTable,
	) {
		this.size = sections.starts.length / STARTS - 1;
	}

	path(note: number): string {
		const { bytes, lengths, starts } = this.sections;
		const from = starts[note * STARTS];
		return decodeUtf8(this.decoder, bytes, from, utf8End(bytes, from, lengths[note * LENGTHS]));
	}

	/** The note's digest; throws a DigestCodecError if its text is not what its lengths say. */
	digest(note: number): DecodedNoteDigest {
		const { bytes, numbers, times, lengths, cueCounts, starts } = this.sections;
		const start = note * STARTS;
		const from = starts[start];
		const text = decodeUtf8(this.decoder, bytes, from, from + lengths[note * LENGTHS + TEXT_FIELDS]);
		const [path, stamp, snippet, noteJson, warning] = split(
			text,
			lengths.subarray(note * LENGTHS, note * LENGTHS + TEXT_FIELDS),
		);
		const ranges: DayRange[] = [];
		for (let time = starts[start + 2]; time < starts[start + STARTS + 2]; time++)
			ranges.push({ start: times[time * 2], end: times[time * 2 + 1] });
		const hash = numbers[note * NUMBERS + 1];
		const written = numbers[note * NUMBERS + 2];
		const cues: TabledCueRecord = {
			table: this.cueTable,
			first: starts[start + 1],
			cues: cueCounts[note * CUE_COUNTS],
			names: cueCounts[note * CUE_COUNTS + 1],
			times: ranges,
		};
		if (!Number.isNaN(written)) cues.written = written;
		return {
			path,
			stamp,
			ctime: numbers[note * NUMBERS],
			note: noteJson,
			snippet,
			duplicateHash: hash < 0 ? null : hash,
			cues,
			warning,
		};
	}
}

/** The digests' distinct cues, each decoded from its own bytes when asked for (so a flat string of its own). */
class Utf8CueTable implements CueTable {
	readonly size: number;
	private readonly decoder = new TextDecoder("utf-8", { fatal: true });

	constructor(
		private readonly bytes: Uint8Array,
		/** Byte offset of each cue in `bytes`, and one past the last. */
		private readonly starts: Uint32Array,
		readonly references: Uint32Array,
		readonly holders: Uint32Array,
	) {
		this.size = starts.length - 1;
	}

	text(cue: number): string {
		return decodeUtf8(this.decoder, this.bytes, this.starts[cue], this.starts[cue + 1]);
	}
}

/** Where each of the UTF-8 texts lying back to back from `from` starts (and the last ends), given their UTF-16 lengths. */
async function utf8Starts(
	bytes: Uint8Array,
	from: number,
	lengths: Uint32Array,
	slicer: WorkSlicer,
): Promise<Uint32Array> {
	const starts = new Uint32Array(lengths.length + 1);
	starts[0] = from;
	for (let i = 0; i < lengths.length; i++) {
		starts[i + 1] = utf8End(bytes, starts[i], lengths[i]);
		await slicer.spent(CUE_WORK + lengths[i]);
	}
	return starts;
}

/**
 * Where the UTF-8 text at `from` that is `units` UTF-16 code units long ends (four-byte
 * sequences are two units); past the end of `bytes` for a length its bytes do not have.
 */
function utf8End(bytes: Uint8Array, from: number, units: number): number {
	let at = from;
	for (let counted = 0; counted < units && at < bytes.length;) {
		const lead = bytes[at];
		if (lead < 0x80) {
			at++;
			counted++;
		} else if (lead < 0xe0) {
			at += 2;
			counted++;
		} else if (lead < 0xf0) {
			at += 3;
			counted++;
		} else {
			at += 4;
			counted += 2;
		}
	}
	return at;
}

function decodeUtf8(decoder: TextDecoder, bytes: Uint8Array, from: number, to: number): string {
	if (to > bytes.length) throw corrupt("a text runs past the end of its section");
	try {
		return decoder.decode(bytes.subarray(from, to));
	} catch {
		throw corrupt("text that is not UTF-8");
	}
}

/** One decoded text split at the given UTF-16 lengths, which must use it all. */
function split(text: string, pieceLengths: ArrayLike<number>): string[] {
	const pieces: string[] = [];
	let from = 0;
	for (let i = 0; i < pieceLengths.length; i++) pieces.push(text.slice(from, (from += pieceLengths[i])));
	if (from !== text.length) throw corrupt("text lengths do not add up");
	return pieces;
}

function align4(offset: number): number {
	return Math.ceil(offset / 4) * 4;
}

function corrupt(detail: string): DigestCodecError {
	return new DigestCodecError(`the note digest data is corrupt: ${detail}`);
}
