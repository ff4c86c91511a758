import { describe, expect, it } from "vitest";
import { CueRecordPages } from "../../../src/engine/recall/cue-record-pages";

/** Writes a record of `cues` then `names` cue ids, as the cue index does. */
function write(pages: CueRecordPages, id: string, cues: readonly number[], names: readonly number[] = []): number {
	const open = pages.open(id, cues.length + names.length);
	[...cues, ...names].forEach((cueId, i) => (open.ints[open.at + i] = cueId));
	pages.close(id, open, cues.length, names.length);
	return open.noteId;
}

const read = (pages: CueRecordPages, id: string) => ({
	cues: [...(pages.cueIdsOf(id, "cues") ?? [])],
	names: [...(pages.cueIdsOf(id, "names") ?? [])],
});

describe("CueRecordPages", () => {
	it("keeps each memory's cue and name ids under a note id, new each time its record is written", () => {
		const pages = new CueRecordPages();
		const first = write(pages, "A.md", [3, 1, 4], [1]);
		write(pages, "B.md", [5]);
		expect(read(pages, "A.md")).toEqual({ cues: [3, 1, 4], names: [1] });
		expect(read(pages, "B.md")).toEqual({ cues: [5], names: [] });
		expect(pages.noteIdOf("A.md")).toBe(first);
		expect(pages.memoryAt(first)).toBe("A.md");

		const released: number[] = [];
		expect(pages.remove("A.md", (cueId) => released.push(cueId))).toBe(true);
		expect(released).toEqual([3, 1, 4]);
		expect(pages.memoryAt(first)).toBeUndefined();
		expect(pages.cueIdsOf("A.md", "cues")).toBeUndefined();
		expect(pages.remove("A.md", () => released.push(-1))).toBe(false);

		const second = write(pages, "A.md", [9]);
		expect(second).not.toBe(first);
		expect(pages.noteIds).toBe(3);
		expect([...pages.ids()].sort()).toEqual(["A.md", "B.md"]);
		expect(pages.size).toBe(2);
	});

	it("keeps every live record through pages filled, emptied and compacted, and one longer than a page", () => {
		const pages = new CueRecordPages();
		const cuesOf = (n: number): number[] => Array.from({ length: 1 + (n % 50) }, (_, i) => n + i);
		const count = 6000;
		for (let n = 0; n < count; n++) write(pages, `${n}.md`, cuesOf(n));
		for (let n = 0; n < count; n++) if (n % 3 !== 0) pages.remove(`${n}.md`, () => {});
		write(
			pages,
			"Long.md",
			Array.from({ length: 70_000 }, (_, i) => i),
		);
		for (let n = 0; n < count; n += 3) expect(read(pages, `${n}.md`).cues).toEqual(cuesOf(n));
		expect(pages.cueIdsOf("Long.md", "cues")?.length).toBe(70_000);
		expect(pages.size).toBe(count / 3 + 1);
	});
});
