import type { CueTable, TabledCueRecord } from "../cues/cue-table";
import type { CueRecord } from "../cues/extract-cues";
import { joinedBytes } from "../model/cache-store";
import { align8, SLICE_WORK, slicedChecksum, StreamChecksum, WorkSlicer, type YieldNow } from "../model/sliced-work";
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

export type { YieldNow } from "../model/sliced-work";

/** Why bytes could not be decoded; the caller reads every note instead. */
export class DigestCodecError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "DigestCodecError";
	}
}

/**
 * The layout: a 40-byte prefix (magic "CMND", format, total length, checksum of everything
 * after the prefix, then the counts: notes, note text bytes, distinct cues, cue text bytes, cue
 * references, times), then
 *
 * | section | type | content |
 * |---|---|---|
 * | numbers | Float64 | ctime, duplicateHash (−1 for none), the day written (NaN for none) per note |
 * | times | Float64 | start, end day of each time range, note after note |
 * | lengths | Uint32 | per note: the UTF-16 length of each text field, then the UTF-8 length of them all |
 * | cue counts | Uint32 | cues, names, times per note |
 * | cue references | Uint32 | the note's cues then its names, as numbers in the cue table |
 * | cue lengths | Uint32 | UTF-16 length of each distinct cue |
 * | cue table | UTF-8 | the distinct cues, back to back |
 * | text | UTF-8 | path, stamp, snippet, note, warning of each note, back to back |
 *
 * padded to a multiple of 8 bytes. Cues are stored once and shared by every note that has them:
 * most of a note's cues are common words, and whoever takes the notes looks each cue up once
 * (`CueTable`). A note's fields are encoded one by one into large chunks, and decoded in one
 * call when the note is taken (`DecodedNoteDigests`). Encoding and decoding yield every
 * `SLICE_WORK` units.
 */
export const NOTE_DIGEST_FORMAT = 4;
const MAGIC = 0x444e4d43;
const PREFIX_BYTES = 40;
const TEXT_FIELDS = 5;
/** Per note: the fields' UTF-16 lengths and their UTF-8 length. */
const LENGTHS = TEXT_FIELDS + 1;
const NUMBERS = 3;
const CUE_COUNTS = 3;
const NOTE_WORK = 256;
const CUE_WORK = 16;
const CHUNK_BYTES = 1 << 20;
/** Numbers in a chunk of a column (0.25–0.5 MB). */
const COLUMN_CHUNK = 1 << 16;

/** UTF-8 written into large chunks with `encodeInto`: one allocation per MB, not per string. */
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
			this.current = new Uint8Array(Math.max(CHUNK_BYTES, text.length * 3));
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

/** Byte offsets of the sections, from the counts in the prefix. */
function layout(notes: number, times: number, references: number, cues: number): number[] {
	const offsets = [PREFIX_BYTES];
	const sizes = [
		notes * NUMBERS * 8,
		times * 2 * 8,
		notes * LENGTHS * 4,
		notes * CUE_COUNTS * 4,
		references * 4,
		cues * 4,
	];
	for (const size of sizes) offsets.push(offsets[offsets.length - 1] + size);
	return offsets;
}

/** `encodeNoteDigestParts`'s pieces joined into one array, for callers that want the bytes whole. */
export async function encodeNoteDigests(digests: Iterable<NoteDigest>, yieldNow?: YieldNow): Promise<Uint8Array> {
	return joinedBytes(await encodeNoteDigestParts(digests, yieldNow));
}

/**
 * The digests as bytes, in the pieces they were made in (one after the other they are the
 * format above): neither the columns nor the text are copied into one array, so the cache is
 * never in memory twice. `digests` is read once, a note at a time between yields.
 */
export async function encodeNoteDigestParts(digests: Iterable<NoteDigest>, yieldNow?: YieldNow): Promise<Uint8Array[]> {
	const slicer = new WorkSlicer(yieldNow);
	const float64 = (length: number): Float64Array => new Float64Array(length);
	const uint32 = (length: number): Uint32Array => new Uint32Array(length);
	const numbers = new NumberChunks(float64);
	const times = new NumberChunks(float64);
	const lengths = new NumberChunks(uint32);
	const cueCounts = new NumberChunks(uint32);
	const references = new NumberChunks(uint32);
	const cueLengths = new NumberChunks(uint32);
	const cueIds = new Map<string, number>();
	const cueText = new Utf8Chunks();
	const noteText = new Utf8Chunks();
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
		utf8 += noteText.add(field);
	};
	for (const digest of digests) {
		numbers.push(digest.ctime);
		numbers.push(digest.duplicateHash ?? -1);
		numbers.push(digest.cues.written ?? Number.NaN);
		const { cues, names } = digest.cues;
		cueCounts.push(cues.length);
		cueCounts.push(names.length);
		cueCounts.push(digest.cues.times.length);
		for (const cue of cues) references.push(reference(cue));
		for (const name of names) references.push(reference(name));
		for (const range of digest.cues.times) {
			times.push(range.start);
			times.push(range.end);
		}
		utf8 = 0;
		text(digest.path);
		text(digest.stamp);
		text(digest.snippet);
		text(digest.note);
		text(digest.warning);
		lengths.push(utf8);
		await slicer.spent(NOTE_WORK + digest.note.length + digest.snippet.length + CUE_WORK * cues.length);
	}
	const sections = [
		...numbers.parts(),
		...times.parts(),
		...lengths.parts(),
		...cueCounts.parts(),
		...references.parts(),
		...cueLengths.parts(),
		...cueText.parts(),
		...noteText.parts(),
	];
	const bodyBytes = sections.reduce((sum, part) => sum + part.byteLength, 0);
	const total = align8(PREFIX_BYTES + bodyBytes);
	if (total > PREFIX_BYTES + bodyBytes) sections.push(new Uint8Array(total - PREFIX_BYTES - bodyBytes));
	const checksum = new StreamChecksum();
	for (const part of sections) await checksum.add(part, slicer);
	const prefix = new Uint8Array(PREFIX_BYTES);
	new Uint32Array(prefix.buffer).set([
		MAGIC,
		NOTE_DIGEST_FORMAT,
		total,
		checksum.value,
		numbers.length / NUMBERS,
		noteText.bytes,
		cueLengths.length,
		cueText.bytes,
		references.length,
		times.length / 2,
	]);
	return [prefix, ...sections];
}

/**
 * The digests in `input`, read a note at a time (`DecodedNoteDigests`); throws a DigestCodecError
 * for bytes that are truncated, garbled or of another format. What is checked here, in slices:
 * the prefix, the checksum and that the sections add up; a note's own text is decoded (and
 * checked) when it is taken.
 */
export async function decodeNoteDigests(input: Uint8Array, yieldNow?: YieldNow): Promise<DecodedNoteDigests> {
	const slicer = new WorkSlicer(yieldNow);
	const bytes = input.byteOffset % 8 === 0 ? input : input.slice();
	if (bytes.byteLength < PREFIX_BYTES) throw corrupt(`${bytes.byteLength} bytes, shorter than the prefix`);
	const prefix = new Uint32Array(bytes.buffer, bytes.byteOffset, PREFIX_BYTES / 4);
	const [magic, format, total, sum, notes, textBytes, cueCount, cueTextBytes, referenceCount, timeCount] = prefix;
	if (magic !== MAGIC) throw corrupt("not a note digest");
	if (format !== NOTE_DIGEST_FORMAT)
		throw new DigestCodecError(`note digest format ${format}, this version reads ${NOTE_DIGEST_FORMAT}`);
	const offsets = layout(notes, timeCount, referenceCount, cueCount);
	const cueTextStart = offsets[offsets.length - 1];
	const textStart = cueTextStart + cueTextBytes;
	if (total !== bytes.byteLength || align8(textStart + textBytes) !== total)
		throw corrupt(`${bytes.byteLength} bytes of ${total}: truncated or padded`);
	if ((await slicedChecksum(bytes, PREFIX_BYTES, slicer)) !== sum) throw corrupt("checksum mismatch");
	const at = (index: number): number => bytes.byteOffset + offsets[index];
	const sections: Sections = {
		bytes,
		numbers: new Float64Array(bytes.buffer, at(0), notes * NUMBERS),
		times: new Float64Array(bytes.buffer, at(1), timeCount * 2),
		lengths: new Uint32Array(bytes.buffer, at(2), notes * LENGTHS),
		cueCounts: new Uint32Array(bytes.buffer, at(3), notes * CUE_COUNTS),
		starts: new Float64Array((notes + 1) * STARTS),
		textStart,
	};
	const references = new Uint32Array(bytes.buffer, at(4), referenceCount);
	for (let from = 0; from < referenceCount; from += SLICE_WORK) {
		const to = Math.min(referenceCount, from + SLICE_WORK);
		for (let i = from; i < to; i++)
			if (references[i] >= cueCount) throw corrupt(`cue reference ${i} points past the cue table`);
		await slicer.spent(to - from);
	}
	const cueStarts = await utf8Starts(bytes, cueTextStart, new Uint32Array(bytes.buffer, at(5), cueCount), slicer);
	if (cueStarts[cueCount] !== textStart) throw corrupt("cue lengths do not add up");
	const { starts, lengths, cueCounts } = sections;
	const holders = new Uint32Array(cueCount);
	for (let note = 0; note < notes; note++) {
		const start = note * STARTS;
		const [cueTotal, nameTotal, timeTotal] = cueCounts.subarray(note * CUE_COUNTS, (note + 1) * CUE_COUNTS);
		const firstReference = starts[start + 1];
		if (firstReference + cueTotal + nameTotal > referenceCount) throw corrupt(`note ${note} has more cues than stored`);
		for (let i = firstReference; i < firstReference + cueTotal; i++) holders[references[i]]++;
		starts[start + STARTS] = starts[start] + lengths[note * LENGTHS + TEXT_FIELDS];
		starts[start + STARTS + 1] = firstReference + cueTotal + nameTotal;
		starts[start + STARTS + 2] = starts[start + 2] + timeTotal;
		await slicer.spent(CUE_WORK + cueTotal);
	}
	const end = notes * STARTS;
	if (starts[end] !== textBytes || starts[end + 1] !== referenceCount || starts[end + 2] !== timeCount)
		throw corrupt("the sections do not add up");
	return new DecodedNoteDigests(sections, new Utf8CueTable(bytes, cueStarts, references, holders));
}

/** Per note in `Sections.starts`: where its text, cue references and times start. */
const STARTS = 3;

interface Sections {
	bytes: Uint8Array;
	numbers: Float64Array;
	times: Float64Array;
	lengths: Uint32Array;
	cueCounts: Uint32Array;
	/** Per note and one past the last: byte offset of its text from `textStart`, first cue reference, first time. */
	starts: Float64Array;
	textStart: number;
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
		const { bytes, lengths, starts, textStart } = this.sections;
		const from = textStart + starts[note * STARTS];
		return decodeUtf8(this.decoder, bytes, from, utf8End(bytes, from, lengths[note * LENGTHS]));
	}

	/** The note's digest; throws a DigestCodecError if its text is not what its lengths say. */
	digest(note: number): DecodedNoteDigest {
		const { bytes, numbers, times, lengths, cueCounts, starts, textStart } = this.sections;
		const start = note * STARTS;
		const text = decodeUtf8(this.decoder, bytes, textStart + starts[start], textStart + starts[start + STARTS]);
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

function corrupt(detail: string): DigestCodecError {
	return new DigestCodecError(`the note digest data is corrupt: ${detail}`);
}
