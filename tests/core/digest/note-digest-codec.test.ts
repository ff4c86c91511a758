import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
	decodeNoteDigests,
	DigestCodecError,
	encodeNoteDigests,
	encodeNoteDigestStream,
	type NoteDigest,
} from "../../../src/core/digest/note-digest-codec";
import { decodedDigests } from "../../helpers/decoded-digests";
import { joinedBytes } from "../../../src/core/model/cache-store";

const DIGESTS: NoteDigest[] = [
	{
		path: "日本/会議.md",
		stamp: "1700000000000:42",
		ctime: 1_699_999_999_123.5,
		note: JSON.stringify([["😀"], [], { pinned: false }, null, null, ["Café", "wikilink", null]]),
		snippet: "今日の会議メモ — 😀",
		duplicateHash: 4_294_967_295,
		cues: {
			cues: ["会議", "ada", "café"],
			names: ["ada"],
			times: [{ start: 19_000, end: 19_006 }],
			written: 19_001,
		},
		warning: "",
	},
	{
		path: "Long.md",
		stamp: "1:2",
		ctime: 0,
		note: "[]",
		snippet: "",
		duplicateHash: null,
		cues: {
			cues: ["ada", "plain"],
			names: [],
			times: [
				{ start: -3, end: 0 },
				{ start: 5, end: 5 },
			],
		},
		warning: "indexed, but the file is not valid UTF-8: unreadable bytes were replaced",
	},
];

/** Digests enough for several chunks of each column and of the text. */
function manyDigests(count: number): NoteDigest[] {
	return Array.from({ length: count }, (_, i) => ({
		path: `Folder ${i % 97}/Note ${i} — ünïcode ${"x".repeat(i % 13)}.md`,
		stamp: `${1_700_000_000_000 + i}:${i * 7}`,
		ctime: 1_699_000_000_000 + i * 0.5,
		note: JSON.stringify([
			[`alias ${i}`],
			[],
			{ pinned: i % 3 === 0 },
			null,
			null,
			[`Link ${i % 50}`, "wikilink", null],
		]),
		snippet: `Snippet of note ${i}: ${"words ".repeat(i % 20)}😀`,
		duplicateHash: i % 5 === 0 ? null : (i * 2_654_435_761) % 4_294_967_296,
		cues: {
			cues: [`cue${i % 101}`, `cue${i % 7}`, `topic ${i % 1000}`],
			names: i % 2 === 0 ? [`cue${i % 7}`] : [],
			times: i % 4 === 0 ? [{ start: 19_000 + (i % 30), end: 19_010 + (i % 30) }] : [],
			...(i % 3 === 0 ? { written: 19_000 + (i % 50) } : {}),
		},
		warning: i % 11 === 0 ? "indexed, but with a warning" : "",
	}));
}

describe("note digest codec", () => {
	it("streams the records through one reused 1 MB buffer and holds only the columns until the end", async () => {
		const sha = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");
		const copies: Uint8Array[] = [];
		const buffers = new Set<ArrayBufferLike>();
		let largest = 0;
		for await (const piece of encodeNoteDigestStream(manyDigests(40_000))) {
			copies.push(piece.slice());
			buffers.add(piece.buffer);
			largest = Math.max(largest, piece.byteLength);
		}
		const bytes = joinedBytes(copies);
		expect(bytes.byteLength).toBe(12_137_176);
		expect(largest).toBeLessThanOrEqual(1 << 20);
		// ≈ 10 MB of records went through one buffer; the columns are ≈ 2 MB in 64k-number chunks.
		expect(copies.length).toBeGreaterThan(20);
		expect(buffers.size).toBeLessThan(copies.length - 8);
		expect(sha(bytes)).toBe("ea9bb21634d9780602ec2e57b2e2694144592cb7b61d844c6082f4cc581c4c56");
		expect(decodedDigests(await decodeNoteDigests(bytes))).toEqual(manyDigests(40_000));
		// The streamed checksum covers every piece: a flip in the first record is caught.
		const garbled = bytes.slice();
		garbled[100] ^= 0x20;
		await expect(decodeNoteDigests(garbled)).rejects.toThrow(/checksum mismatch/);
	});

	it("round-trips every field, Unicode, large hashes, a missing hash and a missing written day included", async () => {
		const bytes = await encodeNoteDigests(DIGESTS);
		expect(bytes.byteLength % 8).toBe(0);
		const decoded = await decodeNoteDigests(bytes);
		expect(decodedDigests(decoded)).toEqual(DIGESTS);
		expect([decoded.path(0), decoded.path(1)]).toEqual(DIGESTS.map((digest) => digest.path));
		// A cue is stored once, and every note that has it gives its number.
		const [first, second] = [decoded.digest(0).cues, decoded.digest(1).cues];
		expect(first.table.size).toBe(4);
		expect(first.table.references[second.first]).toBe(first.table.references[first.first + first.cues]);
		expect(first.table.text(first.table.references[second.first])).toBe("ada");
		// Held by both notes (as a name too in the first, which is not counted).
		expect(first.table.holders[first.table.references[second.first]]).toBe(2);
		expect((await decodeNoteDigests(await encodeNoteDigests([]))).size).toBe(0);
	});

	it("takes a note larger than the records' buffer, first or between others", async () => {
		const huge: NoteDigest = { ...DIGESTS[0], path: "Huge.md", note: JSON.stringify(["é".repeat(700_000)]) };
		for (const digests of [
			[huge, ...DIGESTS],
			[...DIGESTS, huge, DIGESTS[1]],
		]) {
			const pieces: Uint8Array[] = [];
			for await (const piece of encodeNoteDigestStream(digests)) pieces.push(piece.slice());
			expect(pieces.every((piece) => piece.byteLength > 0)).toBe(true);
			expect(decodedDigests(await decodeNoteDigests(joinedBytes(pieces)))).toEqual(digests);
		}
	});

	it("encodes and decodes many notes in slices, yielding between them", async () => {
		const many = Array.from({ length: 20_000 }, (_, i) => ({ ...DIGESTS[i % 2], path: `Note ${i}.md` }));
		let yields = 0;
		const yieldNow = (): Promise<void> => {
			yields++;
			return Promise.resolve();
		};
		const bytes = await encodeNoteDigests(many, yieldNow);
		const encodeYields = yields;
		expect(encodeYields).toBeGreaterThan(1);
		expect(decodedDigests(await decodeNoteDigests(bytes, yieldNow))).toEqual(many);
		expect(yields).toBeGreaterThan(encodeYields + 1);
	});

	it("refuses truncated or garbled bytes and reads intact ones at any offset", async () => {
		const bytes = await encodeNoteDigests(DIGESTS);
		await expect(decodeNoteDigests(bytes.subarray(0, bytes.length - 8))).rejects.toThrow(/no trailer at the end/);
		await expect(decodeNoteDigests(bytes.subarray(8))).rejects.toThrow(/truncated or padded/);
		const garbled = bytes.slice();
		garbled[40] ^= 0x01;
		await expect(decodeNoteDigests(garbled)).rejects.toThrow(/checksum mismatch/);
		await expect(decodeNoteDigests(new Uint8Array(30))).rejects.toThrow(DigestCodecError);
		const shifted = new Uint8Array(bytes.byteLength + 1);
		shifted.set(bytes, 1);
		expect(decodedDigests(await decodeNoteDigests(shifted.subarray(1)))).toEqual(DIGESTS);
	});
});
