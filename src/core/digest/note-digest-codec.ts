import type { CueRecord } from "../cues/extract-cues";
import { detachedString } from "../model/detached-string";
import { align8, slicedChecksum, WorkSlicer, type YieldNow } from "../model/sliced-work";

/**
 * What a full index derives from one note's text, kept so a start need not read the note again
 * while its stamp is unchanged (see src/engine/index/note-digests.ts). `note` stays JSON here,
 * parsed only for the notes a start takes.
 */
export interface NoteDigest {
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
	cues: CueRecord;
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
 * most of a note's cues are common words, and one string per cue keeps the decoded index small.
 * A note's text is encoded and decoded in one call. Encoding and decoding yield every
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

	/** Copies everything into `target` from `offset`. */
	async copyTo(target: Uint8Array, offset: number, slicer: WorkSlicer): Promise<void> {
		this.seal();
		for (const chunk of this.chunks) {
			target.set(chunk, offset);
			offset += chunk.byteLength;
			await slicer.spent(chunk.byteLength);
		}
	}

	private seal(): void {
		if (this.used > 0) this.chunks.push(this.current.subarray(0, this.used));
		this.current = new Uint8Array(0);
		this.used = 0;
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

/** The digests as bytes; `digests` is read once, a note at a time between yields. */
export async function encodeNoteDigests(digests: Iterable<NoteDigest>, yieldNow?: YieldNow): Promise<Uint8Array> {
	const slicer = new WorkSlicer(yieldNow);
	const numbers: number[] = [];
	const times: number[] = [];
	const lengths: number[] = [];
	const cueCounts: number[] = [];
	const references: number[] = [];
	const cueIds = new Map<string, number>();
	const cueLengths: number[] = [];
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
	for (const digest of digests) {
		numbers.push(digest.ctime, digest.duplicateHash ?? -1, digest.cues.written ?? Number.NaN);
		const { cues, names } = digest.cues;
		cueCounts.push(cues.length, names.length, digest.cues.times.length);
		for (const cue of cues) references.push(reference(cue));
		for (const name of names) references.push(reference(name));
		for (const range of digest.cues.times) times.push(range.start, range.end);
		const fields = [digest.path, digest.stamp, digest.snippet, digest.note, digest.warning];
		for (const field of fields) lengths.push(field.length);
		lengths.push(noteText.add(fields.join("")));
		await slicer.spent(NOTE_WORK + digest.note.length + digest.snippet.length + CUE_WORK * cues.length);
	}
	const notes = numbers.length / NUMBERS;
	const offsets = layout(notes, times.length / 2, references.length, cueLengths.length);
	const cueTextStart = offsets[offsets.length - 1];
	const total = align8(cueTextStart + cueText.bytes + noteText.bytes);
	const bytes = new Uint8Array(total);
	new Float64Array(bytes.buffer, offsets[0], numbers.length).set(numbers);
	new Float64Array(bytes.buffer, offsets[1], times.length).set(times);
	new Uint32Array(bytes.buffer, offsets[2], lengths.length).set(lengths);
	new Uint32Array(bytes.buffer, offsets[3], cueCounts.length).set(cueCounts);
	new Uint32Array(bytes.buffer, offsets[4], references.length).set(references);
	new Uint32Array(bytes.buffer, offsets[5], cueLengths.length).set(cueLengths);
	await cueText.copyTo(bytes, cueTextStart, slicer);
	await noteText.copyTo(bytes, cueTextStart + cueText.bytes, slicer);
	const prefix = new Uint32Array(bytes.buffer, 0, PREFIX_BYTES / 4);
	prefix.set([
		MAGIC,
		NOTE_DIGEST_FORMAT,
		total,
		0,
		notes,
		noteText.bytes,
		cueLengths.length,
		cueText.bytes,
		references.length,
		times.length / 2,
	]);
	prefix[3] = await slicedChecksum(bytes, PREFIX_BYTES, slicer);
	return bytes;
}

/** The digests in `input`; throws a DigestCodecError for bytes that are truncated, garbled or of another format. */
export async function decodeNoteDigests(input: Uint8Array, yieldNow?: YieldNow): Promise<NoteDigest[]> {
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
	const textEnd = cueTextStart + cueTextBytes + textBytes;
	if (total !== bytes.byteLength || align8(textEnd) !== total)
		throw corrupt(`${bytes.byteLength} bytes of ${total}: truncated or padded`);
	if ((await slicedChecksum(bytes, PREFIX_BYTES, slicer)) !== sum) throw corrupt("checksum mismatch");
	const at = (index: number): number => bytes.byteOffset + offsets[index];
	const numbers = new Float64Array(bytes.buffer, at(0), notes * NUMBERS);
	const times = new Float64Array(bytes.buffer, at(1), timeCount * 2);
	const lengths = new Uint32Array(bytes.buffer, at(2), notes * LENGTHS);
	const cueCounts = new Uint32Array(bytes.buffer, at(3), notes * CUE_COUNTS);
	const references = new Uint32Array(bytes.buffer, at(4), referenceCount);
	const cueLengths = new Uint32Array(bytes.buffer, at(5), cueCount);
	const decoder = new TextDecoder("utf-8", { fatal: true });
	const decode = (from: number, to: number): string => {
		try {
			return decoder.decode(bytes.subarray(from, to));
		} catch {
			throw corrupt("text that is not UTF-8");
		}
	};
	// Split one decoded text at the given UTF-16 lengths, which must use it all.
	const split = (text: string, pieceLengths: ArrayLike<number>): string[] => {
		const pieces: string[] = [];
		let from = 0;
		for (let i = 0; i < pieceLengths.length; i++) pieces.push(text.slice(from, (from += pieceLengths[i])));
		if (from !== text.length) throw corrupt("text lengths do not add up");
		return pieces;
	};
	// Each cue its own flat string: a slice of the table's text (two-byte when any cue is) makes
	// every lookup of it in the cue index compare character by character, ≈ 4× slower.
	const cueTable = split(decode(cueTextStart, cueTextStart + cueTextBytes), cueLengths).map(detachedString);
	await slicer.spent(cueTextBytes + CUE_WORK * cueCount);
	const cueOf = (index: number): string => {
		const cue = cueTable[references[index]] as string | undefined;
		if (cue === undefined) throw corrupt(`cue reference ${index} points past the cue table`);
		return cue;
	};
	const digests: NoteDigest[] = [];
	let offset = cueTextStart + cueTextBytes;
	let nextReference = 0;
	let nextTime = 0;
	for (let note = 0; note < notes; note++) {
		const noteLengths = lengths.subarray(note * LENGTHS, (note + 1) * LENGTHS);
		const end = offset + noteLengths[TEXT_FIELDS];
		if (end > textEnd) throw corrupt(`note ${note} runs past the end of the text`);
		const [path, stamp, snippet, noteJson, warning] = split(decode(offset, end), noteLengths.subarray(0, TEXT_FIELDS));
		const [cueTotal, nameTotal, timeTotal] = cueCounts.subarray(note * CUE_COUNTS, (note + 1) * CUE_COUNTS);
		if (nextReference + cueTotal + nameTotal > referenceCount || nextTime + timeTotal > timeCount)
			throw corrupt(`note ${note} has more cues or times than stored`);
		const cues = Array.from({ length: cueTotal }, () => cueOf(nextReference++));
		const names = Array.from({ length: nameTotal }, () => cueOf(nextReference++));
		const ranges = Array.from({ length: timeTotal }, () => {
			const range = { start: times[nextTime * 2], end: times[nextTime * 2 + 1] };
			nextTime++;
			return range;
		});
		const hash = numbers[note * NUMBERS + 1];
		const written = numbers[note * NUMBERS + 2];
		digests.push({
			path,
			stamp,
			ctime: numbers[note * NUMBERS],
			note: noteJson,
			snippet,
			duplicateHash: hash < 0 ? null : hash,
			cues: Number.isNaN(written) ? { cues, names, times: ranges } : { cues, names, times: ranges, written },
			warning,
		});
		await slicer.spent(NOTE_WORK + end - offset + CUE_WORK * (cueTotal + nameTotal));
		offset = end;
	}
	if (offset !== textEnd || nextReference !== referenceCount || nextTime !== timeCount)
		throw corrupt("the sections do not add up");
	return digests;
}

function corrupt(detail: string): DigestCodecError {
	return new DigestCodecError(`the note digest data is corrupt: ${detail}`);
}
