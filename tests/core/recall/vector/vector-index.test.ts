import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dequantizeInt8, quantizeInt8 } from "../../../../src/core/recall/vector/int8";
import { TopK } from "../../../../src/core/util/top-k";
import { VectorIndex, type ChunkVector, type VectorHit } from "../../../../src/core/recall/vector/vector-index";

/** Seeded unit vectors (mulberry32), so failures reproduce. */
function unitVectors(count: number, dims: number, seed: number): Float32Array[] {
	let state = seed >>> 0;
	const next = (): number => {
		state = (state + 0x6d2b79f5) | 0;
		let t = Math.imul(state ^ (state >>> 15), 1 | state);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296 - 0.5;
	};
	return Array.from({ length: count }, () => {
		const vector = Float32Array.from({ length: dims }, next);
		const norm = Math.hypot(...vector);
		return vector.map((x) => x / norm);
	});
}

const dot = (a: Float32Array, b: Float32Array): number => a.reduce((sum, x, i) => sum + x * b[i], 0);

/** Brute force: best chunk per note by exact cosine, then the top k notes. */
function bruteForce(notes: Map<string, ChunkVector[]>, query: Float32Array, k: number): VectorHit[] {
	const best: VectorHit[] = [];
	for (const [path, chunks] of notes) {
		let hit: VectorHit | null = null;
		for (const { chunk, vector } of chunks) {
			const similarity = dot(query, vector);
			if (hit === null || similarity > hit.similarity) hit = { path, chunk, similarity };
		}
		if (hit !== null) best.push(hit);
	}
	return best.sort((a, b) => b.similarity - a.similarity).slice(0, k);
}

function buildCorpus(noteCount: number, dims: number, seed: number): Map<string, ChunkVector[]> {
	const vectors = unitVectors(noteCount * 4, dims, seed);
	const notes = new Map<string, ChunkVector[]>();
	let next = 0;
	for (let n = 0; n < noteCount; n++) {
		const chunkCount = 1 + (n % 4);
		notes.set(
			`notes/${n}.md`,
			Array.from({ length: chunkCount }, (_, chunk) => ({ chunk, vector: vectors[next++] })),
		);
	}
	return notes;
}

function fill(index: VectorIndex, notes: Map<string, ChunkVector[]>): void {
	for (const [path, chunks] of notes) index.setNote(path, chunks);
}

describe("VectorIndex (float32)", () => {
	it("returns the best chunk per note, in the same order as brute force", () => {
		const notes = buildCorpus(300, 48, 1);
		const index = new VectorIndex({ dimensions: 48, initialCapacity: 4 });
		fill(index, notes);
		expect(index.size).toBe(750);
		expect(index.noteCount).toBe(300);
		for (const query of unitVectors(20, 48, 99)) {
			const expected = bruteForce(notes, query, 10);
			const actual = index.nearest(query, 10);
			expect(actual.map((hit) => [hit.path, hit.chunk])).toEqual(expected.map((hit) => [hit.path, hit.chunk]));
			actual.forEach((hit, i) => expect(hit.similarity).toBeCloseTo(expected[i].similarity, 5));
		}
	});

	it("finds a note by one of its chunks and reports that chunk", () => {
		const [a, b, c, d] = unitVectors(4, 16, 3);
		const index = new VectorIndex({ dimensions: 16 });
		index.setNote("x.md", [
			{ chunk: 0, vector: a },
			{ chunk: 1, vector: b },
		]);
		index.setNote("y.md", [{ chunk: 0, vector: c }]);
		index.setNote("z.md", [{ chunk: 5, vector: d }]);
		const [first] = index.nearest(b, 1);
		expect(first).toEqual({ path: "x.md", chunk: 1, similarity: expect.closeTo(1, 5) as number });
		// An unnormalised query gives the same cosine.
		expect(
			index.nearest(
				d.map((x) => x * 7),
				1,
			)[0],
		).toMatchObject({ path: "z.md", chunk: 5, similarity: expect.closeTo(1, 5) as number });
	});

	it("applies the filter per note", () => {
		const notes = buildCorpus(50, 8, 5);
		const index = new VectorIndex({ dimensions: 8 });
		fill(index, notes);
		const query = unitVectors(1, 8, 6)[0];
		const allowed = (path: string): boolean => path.startsWith("notes/1");
		const hits = index.nearest(query, 100, allowed);
		const expected = bruteForce(new Map([...notes].filter(([path]) => allowed(path))), query, 100);
		expect(hits.map((hit) => hit.path)).toEqual(expected.map((hit) => hit.path));
		expect(hits).toHaveLength(11); // notes/1.md and notes/10.md … notes/19.md
	});

	it("stays correct through replacements, removals (swap with last) and renames", () => {
		const notes = buildCorpus(120, 12, 7);
		const index = new VectorIndex({ dimensions: 12, initialCapacity: 1 });
		fill(index, notes);
		const fresh = unitVectors(200, 12, 8);
		for (let n = 0; n < 120; n += 3) {
			const path = `notes/${n}.md`;
			index.removeNote(path);
			notes.delete(path);
		}
		for (let n = 1; n < 120; n += 5) {
			const path = `notes/${n}.md`;
			const chunks = [
				{ chunk: 0, vector: fresh[n] },
				{ chunk: 1, vector: fresh[n + 1] },
			];
			index.setNote(path, chunks);
			notes.set(path, chunks);
		}
		index.renameNote("notes/2.md", "moved/2.md");
		notes.set("moved/2.md", notes.get("notes/2.md") as ChunkVector[]);
		notes.delete("notes/2.md");
		index.setNote("notes/4.md", []);
		notes.delete("notes/4.md");

		expect(index.noteCount).toBe(notes.size);
		expect(index.size).toBe([...notes.values()].reduce((sum, chunks) => sum + chunks.length, 0));
		expect(index.has("notes/0.md")).toBe(false);
		expect(index.has("moved/2.md")).toBe(true);
		for (const query of unitVectors(10, 12, 9)) {
			const all = index.nearest(query, notes.size);
			expect(all.map((hit) => [hit.path, hit.chunk])).toEqual(
				bruteForce(notes, query, notes.size).map((hit) => [hit.path, hit.chunk]),
			);
		}
	});

	it("matches brute force after any sequence of edits (property)", () => {
		const vectors = unitVectors(64, 6, 11);
		const edit = fc.record({
			note: fc.integer({ min: 0, max: 9 }),
			chunks: fc.array(fc.integer({ min: 0, max: 63 }), { maxLength: 4 }),
		});
		fc.assert(
			fc.property(fc.array(edit, { maxLength: 40 }), fc.integer({ min: 0, max: 63 }), (edits, queryAt) => {
				const index = new VectorIndex({ dimensions: 6, initialCapacity: 1 });
				const notes = new Map<string, ChunkVector[]>();
				for (const { note, chunks } of edits) {
					const entry = chunks.map((at, chunk) => ({ chunk, vector: vectors[at] }));
					index.setNote(`${note}.md`, entry);
					if (entry.length === 0) notes.delete(`${note}.md`);
					else notes.set(`${note}.md`, entry);
				}
				const query = vectors[queryAt];
				const actual = index.nearest(query, 10);
				const expected = bruteForce(notes, query, 10);
				expect(actual.map((hit) => hit.similarity)).toEqual(
					expected.map((hit) => expect.closeTo(hit.similarity, 5) as number),
				);
				expect(new Set(actual.map((hit) => hit.path)).size).toBe(actual.length);
			}),
		);
	});

	it("rejects vectors of the wrong length with the fix in the message", () => {
		const index = new VectorIndex({ dimensions: 4 });
		expect(() => index.setNote("a.md", [{ chunk: 0, vector: new Float32Array(3) }])).toThrow(
			'a vector of "a.md" has 3 dimensions, the index holds 4; rebuild the index after changing the embedding model',
		);
		expect(() => index.nearest(new Float32Array(5), 3)).toThrow("the query has 5 dimensions, the index holds 4");
		expect(index.nearest(new Float32Array(4), 3)).toEqual([]);
	});
});

describe("VectorIndex (int8)", () => {
	it("ranks close to float32 with similarities within 0.01", () => {
		const notes = buildCorpus(400, 384, 21);
		const exact = new VectorIndex({ dimensions: 384 });
		const quantized = new VectorIndex({ dimensions: 384, quantization: "int8", initialCapacity: 2 });
		fill(exact, notes);
		fill(quantized, notes);
		let overlap = 0;
		for (const query of unitVectors(20, 384, 22)) {
			const expected = exact.nearest(query, 10);
			const actual = quantized.nearest(query, 10);
			const expectedPaths = new Set(expected.map((hit) => hit.path));
			overlap += actual.filter((hit) => expectedPaths.has(hit.path)).length;
			for (const hit of actual) {
				const vector = (notes.get(hit.path) as ChunkVector[])[hit.chunk].vector;
				expect(Math.abs(hit.similarity - dot(query, vector))).toBeLessThan(0.01);
			}
		}
		expect(overlap / 200).toBeGreaterThan(0.9);
	});

	it("survives removals like the float32 layout", () => {
		const notes = buildCorpus(40, 32, 31);
		const index = new VectorIndex({ dimensions: 32, quantization: "int8", initialCapacity: 1 });
		fill(index, notes);
		for (let n = 0; n < 40; n += 2) {
			index.removeNote(`notes/${n}.md`);
			notes.delete(`notes/${n}.md`);
		}
		const [query] = unitVectors(1, 32, 32);
		expect(index.nearest(query, 5).map((hit) => hit.path)).toEqual(bruteForce(notes, query, 5).map((hit) => hit.path));
	});
});

describe("quantizeInt8", () => {
	it("round-trips a vector within half a step per value", () => {
		const [vector] = unitVectors(1, 64, 41);
		const { codes, scale } = quantizeInt8(vector);
		const back = dequantizeInt8(codes, scale);
		vector.forEach((x, i) => expect(Math.abs(back[i] - x)).toBeLessThanOrEqual(scale / 2 + 1e-7));
		expect(Math.max(...codes.map(Math.abs))).toBe(127);
	});

	it("maps the zero vector to zero codes", () => {
		expect(quantizeInt8(new Float32Array(4))).toEqual({ codes: new Int8Array(4), scale: 0 });
	});
});

describe("TopK", () => {
	it("keeps the k highest scores, best first", () => {
		const top = new TopK(3);
		[5, 1, 9, 3, 7, 2, 8].forEach((score, id) => top.offer(id, score));
		expect(top.sorted()).toEqual([
			{ id: 2, score: 9 },
			{ id: 6, score: 8 },
			{ id: 4, score: 7 },
		]);
	});

	it("agrees with a full sort on random input (property)", () => {
		fc.assert(
			fc.property(
				fc.array(
					fc.double({ min: -1, max: 1, noNaN: true }).map((x) => x + 0),
					{ maxLength: 200 },
				),
				fc.integer({ min: 1, max: 20 }),
				(scores, k) => {
					const top = new TopK(k);
					scores.forEach((score, id) => top.offer(id, score));
					const expected = [...scores].sort((a, b) => b - a).slice(0, k);
					expect(top.sorted().map((entry) => entry.score)).toEqual(expected);
				},
			),
		);
	});
});
