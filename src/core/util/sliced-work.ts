/** Lets the event loop run (the host's timers); a long encode or decode awaits it between slices. */
export type YieldNow = () => Promise<void>;

/** Work units (≈ a byte or a posting copied) between two yields: a few ms on a laptop core. */
export const SLICE_WORK = 1 << 18;

/** Counts the work done and yields every SLICE_WORK units; `afterYield` may throw to abandon the work. */
export class WorkSlicer {
	private work = 0;

	/** `sliceWork`: the units between two yields, for work whose units cost more than most. */
	constructor(
		private readonly yieldNow: YieldNow | undefined,
		private readonly afterYield?: () => void,
		private readonly sliceWork = SLICE_WORK,
	) {}

	async spent(units: number): Promise<void> {
		this.work += units;
		if (this.work < this.sliceWork || this.yieldNow === undefined) return;
		this.work = 0;
		await this.yieldNow();
		this.afterYield?.();
	}
}

/**
 * FNV-1a over the 32-bit little-endian words from byte `start` on (the data is a multiple of 8
 * bytes long): catches truncation, garbling and bit flips; it is not a cryptographic digest.
 */
export async function slicedChecksum(bytes: Uint8Array, start: number, slicer: WorkSlicer): Promise<number> {
	const words = new Uint32Array(bytes.buffer, bytes.byteOffset + start, (bytes.byteLength - start) >>> 2);
	let hash = 0x811c9dc5;
	for (let from = 0; from < words.length; from += SLICE_WORK) {
		const to = Math.min(words.length, from + SLICE_WORK);
		for (let i = from; i < to; i++) hash = Math.imul(hash ^ words[i], 0x01000193);
		await slicer.spent(to - from);
	}
	return hash >>> 0;
}

/**
 * `slicedChecksum` over data given as pieces of any length that lie back to back (a word may
 * straddle two pieces): the same value as over the joined bytes, so a cache made of many pieces
 * is checksummed as they are made and never joined. The data must end on a word boundary.
 */
export class StreamChecksum {
	private hash = 0x811c9dc5;
	/** Bytes of the word the last piece began, and their value so far. */
	private carried = 0;
	private word = 0;
	private bytes = 0;

	/** How many bytes were added so far. */
	get length(): number {
		return this.bytes;
	}

	/** Adds `piece` and hands it back, for encoders that yield each piece as they checksum it. */
	async passed(piece: Uint8Array, slicer: WorkSlicer): Promise<Uint8Array> {
		await this.add(piece, slicer);
		return piece;
	}

	async add(piece: Uint8Array, slicer: WorkSlicer): Promise<void> {
		this.bytes += piece.byteLength;
		let at = 0;
		while (this.carried > 0 && at < piece.length) this.addByte(piece[at++]);
		const whole = (piece.length - at) >>> 2;
		const start = piece.byteOffset + at;
		let hash = this.hash;
		if (start % 4 === 0) {
			const words = new Uint32Array(piece.buffer, start, whole);
			for (let from = 0; from < whole; from += SLICE_WORK) {
				const to = Math.min(whole, from + SLICE_WORK);
				for (let i = from; i < to; i++) hash = Math.imul(hash ^ words[i], 0x01000193);
				this.hash = hash;
				await slicer.spent(to - from);
			}
		} else {
			const view = new DataView(piece.buffer, start, whole * 4);
			for (let from = 0; from < whole; from += SLICE_WORK) {
				const to = Math.min(whole, from + SLICE_WORK);
				for (let i = from; i < to; i++) hash = Math.imul(hash ^ view.getUint32(i * 4, true), 0x01000193);
				this.hash = hash;
				await slicer.spent(to - from);
			}
		}
		for (at += whole * 4; at < piece.length; at++) this.addByte(piece[at]);
	}

	get value(): number {
		if (this.carried !== 0) throw new Error("StreamChecksum: the data does not end on a word boundary.");
		return this.hash >>> 0;
	}

	private addByte(byte: number): void {
		this.word |= byte << (8 * this.carried);
		if (++this.carried < 4) return;
		this.hash = Math.imul(this.hash ^ this.word, 0x01000193);
		this.carried = 0;
		this.word = 0;
	}
}

/**
 * A streamed cache body's trailer: magic, format, the whole length (trailer included), the
 * checksum of everything before it, then the format's own `fields`, as 32-bit words.
 */
export function streamTrailer(
	magic: number,
	format: number,
	checksum: StreamChecksum,
	trailerBytes: number,
	fields: readonly number[],
): Uint8Array {
	const trailer = new Uint8Array(trailerBytes);
	new Uint32Array(trailer.buffer).set([magic, format, checksum.length + trailerBytes, checksum.value, ...fields]);
	return trailer;
}

/** `offset` rounded up to a multiple of 8, where typed views of any width can start. */
export function align8(offset: number): number {
	return Math.ceil(offset / 8) * 8;
}
