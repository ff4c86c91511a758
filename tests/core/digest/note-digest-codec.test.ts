import { describe, expect, it } from "vitest";
import {
	decodeNoteDigests,
	DigestCodecError,
	encodeNoteDigests,
	type NoteDigest,
} from "../../../src/core/digest/note-digest-codec";
import { decodedDigests } from "../../helpers/decoded-digests";

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

describe("note digest codec", () => {
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
		await expect(decodeNoteDigests(bytes.subarray(0, bytes.length - 8))).rejects.toThrow(/truncated or padded/);
		const garbled = bytes.slice();
		garbled[40] ^= 0x01;
		await expect(decodeNoteDigests(garbled)).rejects.toThrow(/checksum mismatch/);
		await expect(decodeNoteDigests(new Uint8Array(30))).rejects.toThrow(DigestCodecError);
		const shifted = new Uint8Array(bytes.byteLength + 1);
		shifted.set(bytes, 1);
		expect(decodedDigests(await decodeNoteDigests(shifted.subarray(1)))).toEqual(DIGESTS);
	});
});
