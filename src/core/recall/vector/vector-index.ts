import { quantizeInt8 } from "./int8";
import { TopK } from "../../util/top-k";

export type VectorQuantization = "float32" | "int8";

export interface VectorIndexOptions {
	dimensions: number;
	/** "int8" keeps one byte per dimension plus a scale per vector: 4× less memory, ≈ 1e-3 cosine error. */
	quantization?: VectorQuantization;
	/** Rows to allocate up front; the store doubles when full. */
	initialCapacity?: number;
}

export interface ChunkVector {
	/** The chunk's index in its note. */
	chunk: number;
	/** L2-normalised, `dimensions` long. */
	vector: Float32Array;
}

export interface VectorHit {
	path: string;
	/** Index of the note's best-matching chunk. */
	chunk: number;
	/** Cosine similarity of that chunk to the query, in [-1, 1]. */
	similarity: number;
}

interface NoteRows {
	id: number;
	rows: number[];
}

/**
 * Exact cosine search over chunk embeddings kept in one contiguous array (one row per chunk),
 * returning the best chunk per note. Vectors are expected L2-normalised, so cosine is a dot
 * product. Removal moves the last row into the hole, so rows stay dense.
 */
export class VectorIndex {
	readonly dimensions: number;
	readonly quantization: VectorQuantization;
	private capacity: number;
	private rowCount = 0;
	private floats: Float32Array;
	private codes: Int8Array;
	private scales: Float32Array;
	/** Per row: the note id and the chunk index. */
	private rowNote: Int32Array;
	private rowChunk: Int32Array;
	private readonly notes = new Map<string, NoteRows>();
	/** Note id → path; ids of removed notes are reused. */
	private notePaths: (string | undefined)[] = [];
	private freeIds: number[] = [];
	private bestScore = new Float32Array(0);
	private bestRow = new Int32Array(0);

	constructor(options: VectorIndexOptions) {
		if (!Number.isInteger(options.dimensions) || options.dimensions < 1) {
			throw new Error(`VectorIndex: dimensions must be a positive integer, got ${options.dimensions}`);
		}
		this.dimensions = options.dimensions;
		this.quantization = options.quantization ?? "float32";
		this.capacity = Math.max(1, options.initialCapacity ?? 1024);
		const quantized = this.quantization === "int8";
		this.floats = new Float32Array(quantized ? 0 : this.capacity * this.dimensions);
		this.codes = new Int8Array(quantized ? this.capacity * this.dimensions : 0);
		this.scales = new Float32Array(quantized ? this.capacity : 0);
		this.rowNote = new Int32Array(this.capacity);
		this.rowChunk = new Int32Array(this.capacity);
	}

	/** Number of chunk vectors held. */
	get size(): number {
		return this.rowCount;
	}

	get noteCount(): number {
		return this.notes.size;
	}

	has(path: string): boolean {
		return this.notes.has(path);
	}

	/** Replaces all vectors of a note (an empty list removes it). */
	setNote(path: string, chunks: readonly ChunkVector[]): void {
		for (const { vector } of chunks) {
			if (vector.length !== this.dimensions) {
				throw new Error(
					`VectorIndex: a vector of "${path}" has ${vector.length} dimensions, the index holds ${this.dimensions}; rebuild the index after changing the embedding model`,
				);
			}
		}
		this.removeNote(path);
		if (chunks.length === 0) return;
		const id = this.freeIds.pop() ?? this.notePaths.length;
		this.notePaths[id] = path;
		const entry: NoteRows = { id, rows: [] };
		this.notes.set(path, entry);
		for (const { chunk, vector } of chunks) {
			if (this.rowCount === this.capacity) this.grow();
			const row = this.rowCount++;
			this.writeRow(row, vector);
			this.rowNote[row] = id;
			this.rowChunk[row] = chunk;
			entry.rows.push(row);
		}
	}

	removeNote(path: string): void {
		const entry = this.notes.get(path);
		if (entry === undefined) return;
		// Highest rows first, so a row moved into a hole is never one of this note's own.
		for (const row of [...entry.rows].sort((a, b) => b - a)) this.removeRow(row);
		this.notes.delete(path);
		this.notePaths[entry.id] = undefined;
		this.freeIds.push(entry.id);
	}

	renameNote(from: string, to: string): void {
		const entry = this.notes.get(from);
		if (entry === undefined || from === to) return;
		this.removeNote(to);
		this.notes.delete(from);
		this.notes.set(to, entry);
		this.notePaths[entry.id] = to;
	}

	/**
	 * The `k` notes whose best chunk is most similar to `query` (normalised here), best first;
	 * `filter` leaves notes out before any of their rows is scored.
	 */
	nearest(query: Float32Array, k: number, filter?: (path: string) => boolean): VectorHit[] {
		if (query.length !== this.dimensions) {
			throw new Error(`VectorIndex: the query has ${query.length} dimensions, the index holds ${this.dimensions}`);
		}
		if (k <= 0 || this.rowCount === 0) return [];
		const unit = normalized(query);
		const noteSlots = this.notePaths.length;
		if (this.bestScore.length < noteSlots) {
			this.bestScore = new Float32Array(this.notePaths.length * 2);
			this.bestRow = new Int32Array(this.notePaths.length * 2);
		}
		const bestScore = this.bestScore;
		const bestRow = this.bestRow;
		// -Infinity marks a note to score, NaN one the filter left out (a NaN never compares greater).
		for (let id = 0; id < noteSlots; id++) {
			const path = this.notePaths[id];
			bestScore[id] = path === undefined || (filter !== undefined && !filter(path)) ? NaN : -Infinity;
		}
		if (this.quantization === "int8") this.scanInt8(unit, bestScore, bestRow);
		else this.scanFloat32(unit, bestScore, bestRow);

		const top = new TopK(Math.min(k, this.notes.size));
		for (let id = 0; id < noteSlots; id++) {
			const score = bestScore[id];
			if (score > -Infinity) top.offer(id, score);
		}
		return top.sorted().map(({ id, score }) => ({
			path: this.notePaths[id] as string,
			chunk: this.rowChunk[bestRow[id]],
			similarity: Math.max(-1, Math.min(1, score)),
		}));
	}

	// scanFloat32 and scanInt8 are two copies on purpose: one monomorphic loop per array type is
	// what keeps a 100k-chunk scan within budget; a shared helper over both types is not.
	private scanFloat32(query: Float32Array, bestScore: Float32Array, bestRow: Int32Array): void {
		const dims = this.dimensions;
		const data = this.floats;
		const rowNote = this.rowNote;
		const rows = this.rowCount;
		const tail = dims - (dims % 4);
		for (let row = 0; row < rows; row++) {
			const note = rowNote[row];
			const best = bestScore[note];
			if (Number.isNaN(best)) continue;
			const base = row * dims;
			let s0 = 0;
			let s1 = 0;
			let s2 = 0;
			let s3 = 0;
			for (let i = 0; i < tail; i += 4) {
				s0 += query[i] * data[base + i];
				s1 += query[i + 1] * data[base + i + 1];
				s2 += query[i + 2] * data[base + i + 2];
				s3 += query[i + 3] * data[base + i + 3];
			}
			for (let i = tail; i < dims; i++) s0 += query[i] * data[base + i];
			const score = s0 + s1 + s2 + s3;
			if (score > best) {
				bestScore[note] = score;
				bestRow[note] = row;
			}
		}
	}

	private scanInt8(query: Float32Array, bestScore: Float32Array, bestRow: Int32Array): void {
		const dims = this.dimensions;
		const codes = this.codes;
		const scales = this.scales;
		const rowNote = this.rowNote;
		const rows = this.rowCount;
		const tail = dims - (dims % 4);
		for (let row = 0; row < rows; row++) {
			const note = rowNote[row];
			const best = bestScore[note];
			if (Number.isNaN(best)) continue;
			const base = row * dims;
			let s0 = 0;
			let s1 = 0;
			let s2 = 0;
			let s3 = 0;
			for (let i = 0; i < tail; i += 4) {
				s0 += query[i] * codes[base + i];
				s1 += query[i + 1] * codes[base + i + 1];
				s2 += query[i + 2] * codes[base + i + 2];
				s3 += query[i + 3] * codes[base + i + 3];
			}
			for (let i = tail; i < dims; i++) s0 += query[i] * codes[base + i];
			const score = (s0 + s1 + s2 + s3) * scales[row];
			if (score > best) {
				bestScore[note] = score;
				bestRow[note] = row;
			}
		}
	}

	private writeRow(row: number, vector: Float32Array): void {
		const offset = row * this.dimensions;
		if (this.quantization === "float32") {
			this.floats.set(vector, offset);
			return;
		}
		const { codes, scale } = quantizeInt8(vector);
		this.codes.set(codes, offset);
		this.scales[row] = scale;
	}

	private removeRow(row: number): void {
		const last = --this.rowCount;
		if (row === last) return;
		const dims = this.dimensions;
		if (this.quantization === "float32") this.floats.copyWithin(row * dims, last * dims, (last + 1) * dims);
		else {
			this.codes.copyWithin(row * dims, last * dims, (last + 1) * dims);
			this.scales[row] = this.scales[last];
		}
		const movedNote = this.rowNote[last];
		this.rowNote[row] = movedNote;
		this.rowChunk[row] = this.rowChunk[last];
		const owner = this.notes.get(this.notePaths[movedNote] as string) as NoteRows;
		owner.rows[owner.rows.indexOf(last)] = row;
	}

	private grow(): void {
		const capacity = this.capacity * 2;
		const dims = this.dimensions;
		const widen = <T extends Float32Array | Int8Array | Int32Array>(
			old: T,
			make: (length: number) => T,
			perRow: number,
		): T => {
			if (old.length === 0) return old;
			const next = make(capacity * perRow);
			next.set(old);
			return next;
		};
		this.floats = widen(this.floats, (n) => new Float32Array(n), dims);
		this.codes = widen(this.codes, (n) => new Int8Array(n), dims);
		this.scales = widen(this.scales, (n) => new Float32Array(n), 1);
		this.rowNote = widen(this.rowNote, (n) => new Int32Array(n), 1);
		this.rowChunk = widen(this.rowChunk, (n) => new Int32Array(n), 1);
		this.capacity = capacity;
	}
}

function normalized(vector: Float32Array): Float32Array {
	let norm = 0;
	for (let i = 0; i < vector.length; i++) norm += vector[i] * vector[i];
	if (norm === 0 || Math.abs(norm - 1) < 1e-6) return vector;
	const scale = 1 / Math.sqrt(norm);
	return vector.map((x) => x * scale);
}
