import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decodeKeywordIndex, encodeKeywordIndexStream } from "../../../../src/core/recall/keyword/keyword-codec";
import { KeywordIndex } from "../../../../src/core/recall/keyword/keyword-index";
import { joinedBytes } from "../../../../src/core/model/cache-store";

/** An index of `notes` notes of 30 made-up words each, every seventh removing an earlier note. */
function madeUpIndex(notes: number): KeywordIndex {
	const index = new KeywordIndex();
	let seed = 7;
	const random = (): number => (seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff) / 0x7fffffff;
	const syllables = ["ka", "ro", "mi", "tes", "lun", "pa", "zo", "qui", "é", "会"];
	const word = (): string =>
		Array.from({ length: 1 + Math.floor(random() * 4) }, () => syllables[Math.floor(random() * 10)]).join("");
	for (let i = 0; i < notes; i++) {
		const body = Array.from({ length: 30 }, word).join(" ");
		index.add({ id: `n${i}.md`, title: word(), aliases: [], headings: [word()], tags: [], body }, `${i}:1`);
		if (i % 7 === 0) index.remove(`n${i - 3}.md`);
	}
	return index;
}

describe("keyword index codec bytes", () => {
	it("stream more than a buffer of postings through one reused 1 MB buffer, and a flip anywhere in them is caught", async () => {
		const index = madeUpIndex(50_000);
		expect(index.postings.postingCount - index.postings.deadPostings).toBeGreaterThan(1 << 20);
		const copies: Uint8Array[] = [];
		const buffers = new Set<ArrayBufferLike>();
		for await (const piece of encodeKeywordIndexStream(index)) {
			copies.push(piece.slice());
			buffers.add(piece.buffer);
			expect(piece.byteLength).toBeLessThanOrEqual(1 << 20);
		}
		const bytes = joinedBytes(copies);
		// ≈ 7 MB of postings went through one buffer; the other sections are pieces of their own.
		expect(bytes.byteLength).toBeGreaterThan(6 << 20);
		expect(buffers.size).toBeLessThan(copies.length - 5);
		// Pins the format: a change to it must bump KEYWORD_INDEX_FORMAT and this hash.
		expect(createHash("sha256").update(bytes).digest("hex")).toBe(
			"23dd94b3a670295c2a7d2e47c0e714179e8ca6cf023050997b32b1fe235bc063",
		);
		const decoded = await decodeKeywordIndex(bytes);
		for (const query of ["kaka", "romi lun", "会"]) expect(decoded.match(query)).toEqual(index.match(query));
		// A flip in the second buffer of postings is caught by the streamed checksum.
		const garbled = bytes.slice();
		garbled[(1 << 20) + 5] ^= 0x01;
		await expect(decodeKeywordIndex(garbled)).rejects.toThrow(/checksum mismatch/);
	}, 60_000);
});
