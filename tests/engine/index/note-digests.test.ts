import { describe, expect, it } from "vitest";
import { encodeDigestNote } from "../../../src/core/digest/digest-graph-note";
import { decodeNoteDigests, encodeNoteDigests, type NoteDigest } from "../../../src/core/digest/note-digest-codec";
import { graphNote } from "../../../src/core/graph/graph-note";
import { parseNote } from "../../../src/core/parse/parse-note";
import { NoteDigests } from "../../../src/engine/index/note-digests";

const NOTES = 10_000;
const TEXT = "We ship on Fridays.\n";

function file(i: number): { path: string; mtime: number; ctime: number; size: number } {
	return { path: `Memory/Note ${i}.md`, mtime: 1_700_000_000_000 + i, ctime: 1_600_000_000_000, size: TEXT.length };
}

function digestOf(i: number): NoteDigest {
	const f = file(i);
	const note = graphNote({ ...f, parsed: parseNote(TEXT) }, {});
	return {
		path: f.path,
		stamp: `${f.mtime}:${f.size}`,
		ctime: f.ctime,
		note: encodeDigestNote(note.attributes, note.links, f.ctime),
		snippet: TEXT.trim(),
		duplicateHash: i,
		cues: { cues: ["fridai"], names: [], times: [] },
		warning: "",
	};
}

describe("NoteDigests.adopt", () => {
	it("takes 10,000 digests in slices, yielding between them, and every one can then be taken once", async () => {
		const adopted: string[] = [];
		const digests = new NoteDigests(
			{
				adoptDerived: (path) => {
					adopted.push(path);
					return true;
				},
				derivedOf: () => undefined,
			},
			() => ({}),
		);
		const decoded = await decodeNoteDigests(
			await encodeNoteDigests(Array.from({ length: NOTES }, (_, i) => digestOf(i))),
		);
		let yields = 0;
		await digests.adopt(decoded, () => {
			yields++;
			return Promise.resolve();
		});
		expect(yields).toBeGreaterThanOrEqual(2);

		const last = digests.take(file(NOTES - 1));
		expect(last?.note.attributes.path).toBe(`Memory/Note ${NOTES - 1}.md`);
		expect(digests.take(file(NOTES - 1))).toBeNull();
		expect(digests.take({ ...file(0), mtime: 1 })).toBeNull();
		expect(adopted).toEqual([`Memory/Note ${NOTES - 1}.md`]);
	});
});
