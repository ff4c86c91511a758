/**
 * What a full index derives from one note's text, kept so a start need not read the note again
 * while its stamp is unchanged (see src/engine/index/note-digests.ts). Text fields stay strings
 * here: `parsed` and `cues` are JSON, parsed only for the notes a start takes.
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
	/** JSON of the note's cue record (CueRecord). */
	cues: string;
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
 * The layout: a 24-byte prefix (magic "CMND", format, total length, checksum of everything
 * after the prefix, note count, text length), then
 *
 * | section | type | content |
 * |---|---|---|
 * | numbers | Float64 | ctime, duplicateHash (−1 for none) per note |
 * | lengths | Uint32 | UTF-8 length of each text field per note |
 * | text | UTF-8 | path, stamp, snippet, parsed, cues, warning of each note, back to back |
 *
 * padded to a multiple of 8 bytes. Encoding and decoding yield every `SLICE_WORK` units.
 */
export const NOTE_DIGEST_FORMAT = 1;
const MAGIC = 0x444e4d43;
const PREFIX_BYTES = 24;
const TEXT_FIELDS = 6;
const NUMBERS = 2;
/** Work units (≈ a byte of text) between two yields: a few ms. */
const SLICE_WORK = 1 << 18;
const NOTE_WORK = 256;

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

/** The digests as bytes; `digests` is read once, a note at a time between yields. */
export async function encodeNoteDigests(digests: Iterable<NoteDigest>, yieldNow?: YieldNow): Promise<Uint8Array> {
	const slicer = new Slicer(yieldNow);
	const encoder = new TextEncoder();
	const numbers: number[] = [];
	const lengths: number[] = [];
	const pieces: Uint8Array[] = [];
	let textBytes = 0;
	for (const digest of digests) {
		numbers.push(digest.ctime, digest.duplicateHash ?? -1);
		for (const field of [digest.path, digest.stamp, digest.snippet, digest.parsed, digest.cues, digest.warning]) {
			const bytes = encoder.encode(field);
			pieces.push(bytes);
			lengths.push(bytes.byteLength);
			textBytes += bytes.byteLength;
		}
		await slicer.spent(NOTE_WORK + digest.parsed.length + digest.snippet.length + digest.cues.length);
	}
	const notes = numbers.length / NUMBERS;
	const textStart = PREFIX_BYTES + notes * NUMBERS * 8 + notes * TEXT_FIELDS * 4;
	const total = align(textStart + textBytes);
	const bytes = new Uint8Array(total);
	new Float64Array(bytes.buffer, PREFIX_BYTES, notes * NUMBERS).set(numbers);
	new Uint32Array(bytes.buffer, PREFIX_BYTES + notes * NUMBERS * 8, notes * TEXT_FIELDS).set(lengths);
	let offset = textStart;
	for (const piece of pieces) {
		bytes.set(piece, offset);
		offset += piece.byteLength;
		await slicer.spent(piece.byteLength);
	}
	const prefix = new Uint32Array(bytes.buffer, 0, PREFIX_BYTES / 4);
	prefix.set([MAGIC, NOTE_DIGEST_FORMAT, total, 0, notes, textBytes]);
	prefix[3] = await checksum(bytes, slicer);
	return bytes;
}

/** The digests in `input`; throws a DigestCodecError for bytes that are truncated, garbled or of another format. */
export async function decodeNoteDigests(input: Uint8Array, yieldNow?: YieldNow): Promise<NoteDigest[]> {
	const slicer = new Slicer(yieldNow);
	const bytes = input.byteOffset % 8 === 0 ? input : input.slice();
	if (bytes.byteLength < PREFIX_BYTES) throw corrupt(`${bytes.byteLength} bytes, shorter than the prefix`);
	const [magic, format, total, sum, notes, textBytes] = new Uint32Array(
		bytes.buffer,
		bytes.byteOffset,
		PREFIX_BYTES / 4,
	);
	if (magic !== MAGIC) throw corrupt("not a note digest");
	if (format !== NOTE_DIGEST_FORMAT)
		throw new DigestCodecError(`note digest format ${format}, this version reads ${NOTE_DIGEST_FORMAT}`);
	const textStart = PREFIX_BYTES + notes * NUMBERS * 8 + notes * TEXT_FIELDS * 4;
	if (total !== bytes.byteLength || align(textStart + textBytes) !== total)
		throw corrupt(`${bytes.byteLength} bytes of ${total}: truncated or padded`);
	if ((await checksum(bytes, slicer)) !== sum) throw corrupt("checksum mismatch");
	const numbers = new Float64Array(bytes.buffer, bytes.byteOffset + PREFIX_BYTES, notes * NUMBERS);
	const lengths = new Uint32Array(
		bytes.buffer,
		bytes.byteOffset + PREFIX_BYTES + notes * NUMBERS * 8,
		notes * TEXT_FIELDS,
	);
	const decoder = new TextDecoder("utf-8", { fatal: true });
	const digests: NoteDigest[] = [];
	let offset = textStart;
	const text = (length: number): string => {
		const end = offset + length;
		if (end > textStart + textBytes) throw corrupt("a text field runs past the end");
		const value = decoder.decode(bytes.subarray(offset, end));
		offset = end;
		return value;
	};
	for (let note = 0; note < notes; note++) {
		const from = offset;
		const at = note * TEXT_FIELDS;
		let fields: string[];
		try {
			fields = Array.from({ length: TEXT_FIELDS }, (_, field) => text(lengths[at + field]));
		} catch (error) {
			if (error instanceof DigestCodecError) throw error;
			throw corrupt(`note ${note} holds text that is not UTF-8`);
		}
		const [path, stamp, snippet, parsed, cues, warning] = fields;
		const hash = numbers[note * NUMBERS + 1];
		digests.push({
			path,
			stamp,
			ctime: numbers[note * NUMBERS],
			parsed,
			snippet,
			duplicateHash: hash < 0 ? null : hash,
			cues,
			warning,
		});
		await slicer.spent(NOTE_WORK + offset - from);
	}
	if (offset !== textStart + textBytes) throw corrupt(`${offset - textStart} of ${textBytes} text bytes used`);
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
