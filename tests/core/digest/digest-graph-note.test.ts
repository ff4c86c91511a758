import { describe, expect, it } from "vitest";
import { decodeDigestNote, encodeDigestNote } from "../../../src/core/digest/digest-graph-note";
import { graphNote } from "../../../src/core/graph/graph-note";
import { parseNote } from "../../../src/core/parse/parse-note";

const TEXT = [
	"---",
	"aliases: [Ada]",
	"tags: [person]",
	"memory_created: 2024-03-05",
	"memory_pinned: true",
	"memory_session: tea",
	"caused_by: '[[Engine]]'",
	"memory_auto_links: ['[[Trip]]']",
	"---",
	"Met [[Babbage#Early|him]] and ![[Picture.png]] #history",
	"reason:: [[Why]]",
].join("\n");
const FILE = { path: "People/Ada Lovelace.md", mtime: 1_700_000_000_000, ctime: 1_600_000_000_000, size: TEXT.length };
const EDGE_KEYS = { caused_by: "caused_by", reason: "supports" } as const;

describe("digest graph note", () => {
	it("gives back exactly what graphNote makes of the parse, with link types from the current edge keys", () => {
		const note = graphNote({ ...FILE, parsed: parseNote(TEXT) }, EDGE_KEYS);
		const json = encodeDigestNote(note.attributes, note.links, FILE.ctime);
		expect(decodeDigestNote(json, FILE, EDGE_KEYS)).toEqual(note);
		expect(note.attributes.ctime).toBe(Date.UTC(2024, 2, 5));
		expect(note.links.map((link) => `${link.linkpath} ${link.type} ${link.origin}`)).toEqual([
			"Engine caused_by frontmatter",
			"Trip related_to auto_link",
			"Why supports inline_field",
			"Babbage related_to wikilink",
			"Why related_to wikilink",
			"Picture.png related_to wikilink",
		]);

		const retyped = decodeDigestNote(json, FILE, { reason: "contradicts" });
		expect(retyped.links.map((link) => link.type)).toEqual([
			"related_to",
			"related_to",
			"contradicts",
			"related_to",
			"related_to",
			"related_to",
		]);
	});

	it("takes the creation time from the file when the note names none, and refuses text that is not a graph note", () => {
		const note = graphNote({ ...FILE, parsed: parseNote("Plain") }, EDGE_KEYS);
		const json = encodeDigestNote(note.attributes, note.links, FILE.ctime);
		expect(decodeDigestNote(json, FILE, EDGE_KEYS).attributes.ctime).toBe(FILE.ctime);
		expect(() => decodeDigestNote('{"bodyStart":0}', FILE, EDGE_KEYS)).toThrow(/not a digest of a graph note/);
	});
});
