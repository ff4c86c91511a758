import { describe, expect, it } from "vitest";
import {
	decodeKeywordIndex,
	encodeKeywordIndex,
	encodeKeywordIndexStream,
	KEYWORD_INDEX_FORMAT,
	KeywordCodecError,
} from "../../../../src/core/recall/keyword/keyword-codec";
import type { KeywordDocument } from "../../../../src/core/recall/keyword/keyword-document";
import { KeywordIndex } from "../../../../src/core/recall/keyword/keyword-index";

function doc(id: string, body: string, fields: Partial<KeywordDocument> = {}): KeywordDocument {
	return { id, title: id.replace(/\.md$/, ""), aliases: [], headings: [], tags: [], body, ...fields };
}

const QUERIES = [
	"retention",
	"retent",
	"retension",
	"cafe",
	"会議",
	"risk",
	"plan budget",
	"renamed",
	"memory",
	"zebra",
	"note7",
	"nothing-here",
];

/** An index that has seen every kind of change, with a term frequency past the one-byte limit. */
function buildIndex(): KeywordIndex {
	const index = new KeywordIndex();
	index.add(doc("a.md", "retention score decays", { tags: ["memory"], aliases: ["Retention plan"] }), "1:1");
	index.add(doc("b.md", "会議メモ about the café"), "2:2");
	index.add(doc("c.md", "to be renamed"), "3:3");
	index.add(doc("d.md", Array.from({ length: 300 }, () => "risk").join(" ")), "4:4");
	index.add(doc("gone.md", "zebra crossing"), "5:5");
	for (let i = 0; i < 40; i++) index.add(doc(`n${i}.md`, `note${i} plan budget risk`), `n:${i}`);
	index.replace(doc("a.md", "retention score decays faster", { headings: ["Plan"] }), "1:2");
	index.rename("c.md", "e.md");
	index.remove("gone.md");
	for (let i = 0; i < 40; i += 3) index.replace(doc(`n${i}.md`, `note${i} plan`), `n:${i}:2`);
	return index;
}

function expectSameAnswers(actual: KeywordIndex, expected: KeywordIndex): void {
	expect(actual.ids().sort()).toEqual(expected.ids().sort());
	for (const id of expected.ids()) expect(actual.stampOf(id)).toBe(expected.stampOf(id));
	for (const query of QUERIES) {
		expect(actual.match(query, { withFields: true })).toEqual(expected.match(query, { withFields: true }));
	}
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
	return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

async function expectCodecError(bytes: Uint8Array, kind: KeywordCodecError["kind"], message: RegExp): Promise<void> {
	const error: unknown = await decodeKeywordIndex(bytes).catch((caught: unknown) => caught);
	expect(error).toBeInstanceOf(KeywordCodecError);
	expect((error as KeywordCodecError).kind).toBe(kind);
	expect((error as KeywordCodecError).message).toMatch(message);
}

describe("keyword index codec", () => {
	it("streams pieces that, copied one after the other, are exactly the encoded bytes (checksum included)", async () => {
		const index = buildIndex();
		const copies: Uint8Array[] = [];
		for await (const piece of encodeKeywordIndexStream(index)) copies.push(piece.slice());
		expect(copies.length).toBeGreaterThan(7);
		const joined = new Uint8Array(copies.flatMap((part) => [...part]));
		expect(joined).toEqual(await encodeKeywordIndex(index));
		const decoded = await decodeKeywordIndex(joined);
		for (const query of QUERIES) expect(decoded.match(query)).toEqual(index.match(query));
	});

	it("refuses a stream whose index changed between pieces (the store's writes let edits land), after its last piece", async () => {
		const index = buildIndex();
		const stream = encodeKeywordIndexStream(index);
		await stream.next();
		index.add(doc("late.md", "late"));
		await expect(
			(async () => {
				for await (const piece of stream) void piece;
			})(),
		).rejects.toThrow(/changed while it was being encoded/);
	});

	it("round-trips: the decoded index answers exactly like the original", async () => {
		const index = buildIndex();
		const copy = await decodeKeywordIndex(await encodeKeywordIndex(index));
		expectSameAnswers(copy, index);
		expect(copy.match("risk", { limit: 1 })[0].id).toBe("d.md");
		expect(copy.match("zebra")).toEqual([]);
		expect(copy.postings.postingCount).toBe(index.postings.postingCount - index.postings.deadPostings);
	});

	it("keeps working after decoding: replace, remove, rename and add change both copies alike", async () => {
		const index = buildIndex();
		const copy = await decodeKeywordIndex(await encodeKeywordIndex(index));
		for (const target of [index, copy]) {
			target.replace(doc("a.md", "a new retention memory"), "9:9");
			target.remove("b.md");
			target.rename("e.md", "f.md");
			target.add(doc("g.md", "zebra risk after load"), "7:7");
			for (let i = 1; i < 40; i += 2) target.replace(doc(`n${i}.md`, `note${i} memory`), `n:${i}:3`);
		}
		expectSameAnswers(copy, index);
		expect(copy.match("zebra").map((hit) => hit.id)).toEqual(["g.md"]);
		expect(copy.match("renamed").map((hit) => hit.id)).toEqual(["f.md"]);
		expectSameAnswers(await decodeKeywordIndex(await encodeKeywordIndex(copy)), index);
	});

	it("encodes and decodes in slices when given yieldNow, to the same result", async () => {
		const index = new KeywordIndex();
		for (let i = 0; i < 3000; i++) {
			index.add(doc(`n${i}.md`, `note${i} word${i % 97} shared text about plan${i % 13} and budget${i % 7}`), `${i}`);
		}
		let yields = 0;
		const yieldNow = (): Promise<void> => {
			yields++;
			return Promise.resolve();
		};
		const sliced = await encodeKeywordIndex(index, yieldNow);
		const encodeYields = yields;
		expect(encodeYields).toBeGreaterThan(1);
		expect(sameBytes(sliced, await encodeKeywordIndex(index))).toBe(true);
		const copy = await decodeKeywordIndex(sliced, {}, yieldNow);
		expect(yields - encodeYields).toBeGreaterThan(1);
		for (const query of ["note42", "word5", "plan3 budget2", "shared"])
			expect(copy.match(query, { limit: 20 })).toEqual(index.match(query, { limit: 20 }));
	});

	it("refuses to encode an index that changes between slices", async () => {
		const index = new KeywordIndex();
		for (let i = 0; i < 3000; i++) index.add(doc(`n${i}.md`, `note${i} text word${i % 50}`));
		let changed = false;
		const yieldNow = (): Promise<void> => {
			if (!changed) index.add(doc("late.md", "late"));
			changed = true;
			return Promise.resolve();
		};
		await expect(encodeKeywordIndex(index, yieldNow)).rejects.toThrow(/changed while it was being encoded/);
	});

	it("decodes bytes that do not start at an aligned offset", async () => {
		const bytes = await encodeKeywordIndex(buildIndex());
		const shifted = new Uint8Array(bytes.length + 3);
		shifted.set(bytes, 3);
		expectSameAnswers(await decodeKeywordIndex(shifted.subarray(3)), buildIndex());
	});

	it("rejects truncated, padded and garbled bytes", async () => {
		const bytes = await encodeKeywordIndex(buildIndex());
		await expectCodecError(bytes.slice(0, bytes.length - 8), "corrupt", /truncated/);
		await expectCodecError(bytes.slice(0, bytes.length - 3), "corrupt", /truncated/);
		await expectCodecError(bytes.slice(0, 10), "corrupt", /shorter than the trailer/);
		const padded = new Uint8Array(bytes.length + 8);
		padded.set(bytes, 8);
		await expectCodecError(padded, "corrupt", /truncated or padded/);
		for (const at of [30, Math.floor(bytes.length / 2), bytes.length - 25]) {
			const garbled = bytes.slice();
			garbled[at] ^= 0x10;
			await expectCodecError(garbled, "corrupt", /checksum mismatch/);
		}
		await expectCodecError(
			new TextEncoder().encode('{"nextKey":1,"docs":[],"index":{}} and more.....'),
			"corrupt",
			/not a keyword index/,
		);
	});

	it("rejects another format and other index settings, but not other boosts", async () => {
		const bytes = await encodeKeywordIndex(buildIndex());
		const other = bytes.slice();
		new DataView(other.buffer).setUint32(other.length - 20, KEYWORD_INDEX_FORMAT + 1, true);
		await expectCodecError(other, "format", new RegExp(`format ${KEYWORD_INDEX_FORMAT + 1}, this version reads`));
		for (const settings of [{ stopWords: [] }, { stemming: false }, { maxBodyChars: 10 }]) {
			const error: unknown = await decodeKeywordIndex(bytes, settings).catch((caught: unknown) => caught);
			expect((error as KeywordCodecError).kind).toBe("settings");
		}
		const reboosted = await decodeKeywordIndex(bytes, { boost: { body: 2 } });
		expect(reboosted.settings.boost.body).toBe(2);
		expect(reboosted.match("risk")[0].score).toBeGreaterThan(buildIndex().match("risk")[0].score);
	});

	it("round-trips an empty index", async () => {
		const copy = await decodeKeywordIndex(await encodeKeywordIndex(new KeywordIndex()));
		expect(copy.size).toBe(0);
		expect(copy.match("anything")).toEqual([]);
		copy.add(doc("a.md", "first note"));
		expect(copy.match("first").map((hit) => hit.id)).toEqual(["a.md"]);
	});
});
