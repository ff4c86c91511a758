import type { CueRecord } from "../cues/extract-cues";

/**
 * What a full index derives from one note's text, kept so a start need not read the note again
 * while its stamp is unchanged (see src/engine/index/note-digests.ts). `parsed` stays JSON here,
 * parsed only for the notes a start takes.
 */
export interface NoteDigest {
	path: string;
	/** `fileStamp` (mtime:size) of the file the digest was taken from. */
	stamp: string;
	/** The file's creation time: cue extraction falls back to it, so it must match too. */
	ctime: number;
	/** JSON of the note's ParsedNote. */
	parsed: string;
	snippet: string;
	/** duplicateHash of the body; null when the body is longer than any memory. */
	duplicateHash: number | null;
	cues: CueRecord;
	/** The warning the note gave when read (indexed despite it); "" for none. */
	warning: string;
}

export type YieldNow = () => Promise<void>;

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
 * | numbers | Float64 | ctime, duplicateHash (−1 for none) per note |
 * | times | Float64 | start, end day of each time range, note after note |
 * | lengths | Uint32 | UTF-8 length of each text field per note |
 * | cue counts | Uint32 | cues, names, times per note |
 * | cue references | Uint32 | the note's cues then its names, as numbers in the cue table |
 * | cue lengths | Uint32 | UTF-8 length of each distinct cue |
 * | cue table | UTF-8 | the distinct cues, back to back |
 * | text | UTF-8 | path, stamp, snippet, parsed, warning of each note, back to back |
 *
 * padded to a multiple of 8 bytes. Cues are stored once and shared by every note that has them:
 * most of a note's cues are common words, and one string per cue keeps the decoded index small.
 * Encoding and decoding yield every `SLICE_WORK` units.
 */
export const NOTE_DIGEST_FORMAT = 2;
const MAGIC = 0x444e4d43;
const PREFIX_BYTES = 40;
const TEXT_FIELDS = 5;
const NUMBERS = 2;
const CUE_COUNTS = 3;
/** Work units (≈ a byte of text) between two yields: a few ms. */
const SLICE_WORK = 1 << 18;
const NOTE_WORK = 256;
const CUE_WORK = 16;

class Slicer {
	private work = 0;
	constructor(private readonly yieldNow: YieldNow | undefined) {}

	async spent(units: number): Promise<void> {
		this.work += units;
		if (this.work < SLICE_WORK || this.yieldNow === undefined) return;
		this.work = 0;
		await this.yieldNow();
	}
}

/** Byte offsets of the sections, from the counts in the prefix. */
function layout(notes: number, times: number, references: number, cues: number): number[] {
	const offsets = [PREFIX_BYTES];
	const sizes = [
		notes * NUMBERS * 8,
		times * 2 * 8,
		notes * TEXT_FIELDS * 4,
		notes * CUE_COUNTS * 4,
		references * 4,
		cues * 4,
	];
	for (const size of sizes) offsets.push(offsets[offsets.length - 1] + size);
	return offsets;
}

/** The digests as bytes; `digests` is read once, a note at a time between yields. */
export async function encodeNoteDigests(digests: Iterable<NoteDigest>, yieldNow?: YieldNow): Promise<Uint8Array> {
	const slicer = new Slicer(yieldNow);
	const encoder = new TextEncoder();
	const numbers: number[] = [];
	const times: number[] = [];
	const lengths: number[] = [];
	const cueCounts: number[] = [];
	const references: number[] = [];
	const cueIds = new Map<string, number>();
	const cueLengths: number[] = [];
	const cuePieces: Uint8Array[] = [];
	const pieces: Uint8Array[] = [];
	let textBytes = 0;
	let cueTextBytes = 0;
	const reference = (cue: string): number => {
		let id = cueIds.get(cue);
		if (id === undefined) {
			id = cueIds.size;
			cueIds.set(cue, id);
			const bytes = encoder.encode(cue);
			cuePieces.push(bytes);
			cueLengths.push(bytes.byteLength);
			cueTextBytes += bytes.byteLength;
		}
		return id;
	};
	for (const digest of digests) {
		numbers.push(digest.ctime, digest.duplicateHash ?? -1);
		const { cues, names } = digest.cues;
		cueCounts.push(cues.length, names.length, digest.cues.times.length);
		for (const cue of cues) references.push(reference(cue));
		for (const name of names) references.push(reference(name));
		for (const range of digest.cues.times) times.push(range.start, range.end);
		for (const field of [digest.path, digest.stamp, digest.snippet, digest.parsed, digest.warning]) {
			const bytes = encoder.encode(field);
			pieces.push(bytes);
			lengths.push(bytes.byteLength);
			textBytes += bytes.byteLength;
		}
		await slicer.spent(NOTE_WORK + digest.parsed.length + digest.snippet.length + CUE_WORK * references.length);
	}
	const notes = numbers.length / NUMBERS;
	const offsets = layout(notes, times.length / 2, references.length, cueLengths.length);
	const cueTextStart = offsets[offsets.length - 1];
	const total = align(cueTextStart + cueTextBytes + textBytes);
	const bytes = new Uint8Array(total);
	new Float64Array(bytes.buffer, offsets[0], numbers.length).set(numbers);
	new Float64Array(bytes.buffer, offsets[1], times.length).set(times);
	new Uint32Array(bytes.buffer, offsets[2], lengths.length).set(lengths);
	new Uint32Array(bytes.buffer, offsets[3], cueCounts.length).set(cueCounts);
	new Uint32Array(bytes.buffer, offsets[4], references.length).set(references);
	new Uint32Array(bytes.buffer, offsets[5], cueLengths.length).set(cueLengths);
	let offset = cueTextStart;
	for (const piece of [...cuePieces, ...pieces]) {
		bytes.set(piece, offset);
		offset += piece.byteLength;
		await slicer.spent(piece.byteLength + CUE_WORK);
	}
	const prefix = new Uint32Array(bytes.buffer, 0, PREFIX_BYTES / 4);
	prefix.set([
		MAGIC,
		NOTE_DIGEST_FORMAT,
		total,
		0,
		notes,
		textBytes,
		cueLengths.length,
		cueTextBytes,
		references.length,
		times.length / 2,
	]);
	prefix[3] = await checksum(bytes, slicer);
	return bytes;
}

/** The digests in `input`; throws a DigestCodecError for bytes that are truncated, garbled or of another format. */
export async function decodeNoteDigests(input: Uint8Array, yieldNow?: YieldNow): Promise<NoteDigest[]> {
	const slicer = new Slicer(yieldNow);
	const bytes = input.byteOffset % 8 === 0 ? input : input.slice();
	if (bytes.byteLength < PREFIX_BYTES) throw corrupt(`${bytes.byteLength} bytes, shorter than the prefix`);
	const prefix = new Uint32Array(bytes.buffer, bytes.byteOffset, PREFIX_BYTES / 4);
	const [magic, format, total, sum, notes, textBytes, cueCount, cueTextBytes, referenceCount, timeCount] = prefix;
	if (magic !== MAGIC) throw corrupt("not a note digest");
	if (format !== NOTE_DIGEST_FORMAT)
		throw new DigestCodecError(`note digest format ${format}, this version reads ${NOTE_DIGEST_FORMAT}`);
	const offsets = layout(notes, timeCount, referenceCount, cueCount);
	const cueTextStart = offsets[offsets.length - 1];
	if (total !== bytes.byteLength || align(cueTextStart + cueTextBytes + textBytes) !== total)
		throw corrupt(`${bytes.byteLength} bytes of ${total}: truncated or padded`);
	if ((await checksum(bytes, slicer)) !== sum) throw corrupt("checksum mismatch");
	const at = (index: number): number => bytes.byteOffset + offsets[index];
	const numbers = new Float64Array(bytes.buffer, at(0), notes * NUMBERS);
	const times = new Float64Array(bytes.buffer, at(1), timeCount * 2);
	const lengths = new Uint32Array(bytes.buffer, at(2), notes * TEXT_FIELDS);
	const cueCounts = new Uint32Array(bytes.buffer, at(3), notes * CUE_COUNTS);
	const references = new Uint32Array(bytes.buffer, at(4), referenceCount);
	const cueLengths = new Uint32Array(bytes.buffer, at(5), cueCount);
	const decoder = new TextDecoder("utf-8", { fatal: true });
	let offset = cueTextStart;
	const text = (length: number, end: number): string => {
		if (offset + length > end) throw corrupt("a text field runs past the end");
		let value: string;
		try {
			value = decoder.decode(bytes.subarray(offset, offset + length));
		} catch {
			throw corrupt("text that is not UTF-8");
		}
		offset += length;
		return value;
	};
	const cueTable: string[] = [];
	for (let cue = 0; cue < cueCount; cue++) {
		cueTable.push(text(cueLengths[cue], cueTextStart + cueTextBytes));
		await slicer.spent(CUE_WORK + cueLengths[cue]);
	}
	const cueOf = (index: number): string => {
		const cue = cueTable[references[index]] as string | undefined;
		if (cue === undefined) throw corrupt(`cue reference ${index} points past the cue table`);
		return cue;
	};
	const digests: NoteDigest[] = [];
	let nextReference = 0;
	let nextTime = 0;
	for (let note = 0; note < notes; note++) {
		const from = offset;
		const [path, stamp, snippet, parsed, warning] = Array.from({ length: TEXT_FIELDS }, (_, field) =>
			text(lengths[note * TEXT_FIELDS + field], cueTextStart + cueTextBytes + textBytes),
		);
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
		digests.push({
			path,
			stamp,
			ctime: numbers[note * NUMBERS],
			parsed,
			snippet,
			duplicateHash: hash < 0 ? null : hash,
			cues: { cues, names, times: ranges },
			warning,
		});
		await slicer.spent(NOTE_WORK + offset - from + CUE_WORK * (cueTotal + nameTotal));
	}
	if (offset !== cueTextStart + cueTextBytes + textBytes || nextReference !== referenceCount || nextTime !== timeCount)
		throw corrupt("the sections do not add up");
	return digests;
}

/** FNV-1a over the 32-bit words after the prefix: catches truncation, garbling and bit flips. */
async function checksum(bytes: Uint8Array, slicer: Slicer): Promise<number> {
	const words = new Uint32Array(bytes.buffer, bytes.byteOffset + PREFIX_BYTES, (bytes.byteLength - PREFIX_BYTES) >>> 2);
	let hash = 0x811c9dc5;
	for (let from = 0; from < words.length; from += SLICE_WORK) {
		const to = Math.min(words.length, from + SLICE_WORK);
		for (let i = from; i < to; i++) hash = Math.imul(hash ^ words[i], 0x01000193);
		await slicer.spent(to - from);
	}
	return hash >>> 0;
}

function align(offset: number): number {
	return Math.ceil(offset / 8) * 8;
}

function corrupt(detail: string): DigestCodecError {
	return new DigestCodecError(`the note digest data is corrupt: ${detail}`);
}
