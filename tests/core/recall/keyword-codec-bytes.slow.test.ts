import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decodeKeywordIndex, encodeKeywordIndexParts } from "../../../src/core/recall/keyword-codec";
import { KeywordIndex } from "../../../src/core/recall/keyword-index";
import { joinedBytes } from "../../../src/core/model/cache-store";

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
	it("are those of the encoder that kept all postings in one array, past a chunk of postings (caches saved before still load)", async () => {
		const index = madeUpIndex(50_000);
		expect(index.postings.postingCount - index.postings.deadPostings).toBeGreaterThan(1 << 20);
		const bytes = joinedBytes(await encodeKeywordIndexParts(index));
		// SHA-256 of what the previous encoder (one Int32Array of postings, checksummed per section) made of this index.
		expect(createHash("sha256").update(bytes).digest("hex")).toBe(
			"7e5f169fa0e0ca4c5fe64e1c3cc2e1bb0c6c9472f495bd08673963cd8626dcbb",
		);
		// A flip in the second chunk of postings is caught by the streamed checksum.
		const garbled = bytes.slice();
		garbled[bytes.length - (1 << 20)] ^= 0x01;
		await expect(decodeKeywordIndex(garbled)).rejects.toThrow(/checksum mismatch/);
	}, 60_000);
});
