import { describe, expect, it } from "vitest";
import { linkRemoval } from "../../../src/core/graph/link-removal";
import { edgePhrase } from "../../../src/core/graph/edge-phrases";
import { parseNote } from "../../../src/core/parse/parse-note";
import { EDGE_TYPES, type EdgeType } from "../../../src/core/model/edge-types";

const EDGE_KEYS: Record<string, EdgeType> = {
	...Object.fromEntries(EDGE_TYPES.map((type) => [type, type])),
	because: "caused_by",
};
const toTarget = (linkpath: string) => linkpath === "Target" || linkpath === "Folder/Target";

describe("linkRemoval", () => {
	it("drops every entry naming the target from the lists of the type's keys, and a single link value whole", () => {
		const parsed = parseNote(
			'---\ncaused_by:\n  - "[[Target]]"\n  - "[[Other]]"\n  - "[[Folder/Target|alias]]"\nbecause: "[[Target#Heading]]"\nsupports: "[[Target]]"\n---\nText',
		);
		expect(linkRemoval(parsed, "caused_by", EDGE_KEYS, toTarget)).toEqual({
			patch: { caused_by: ["[[Other]]"], because: undefined },
			removed: 3,
			keptIn: [],
		});
	});

	it("removes the auto-link list's entry for related_to and reports untyped properties it leaves", () => {
		const parsed = parseNote('---\nmemory_auto_links:\n  - "[[Target]]"\nup: "[[Target]]"\n---\nText');
		expect(linkRemoval(parsed, "related_to", EDGE_KEYS, toTarget)).toEqual({
			patch: { memory_auto_links: undefined },
			removed: 1,
			keptIn: ["up"],
		});
	});

	it("changes nothing when no list of the type names the target", () => {
		const parsed = parseNote('---\nsupports: "[[Target]]"\n---\nSee [[Target]].');
		expect(linkRemoval(parsed, "caused_by", EDGE_KEYS, toTarget)).toEqual({ patch: {}, removed: 0, keptIn: [] });
	});
});

describe("edgePhrase", () => {
	it("reads an edge from either end", () => {
		expect(edgePhrase("caused_by", "out")).toBe("caused by");
		expect(edgePhrase("caused_by", "in")).toBe("led to");
		expect(edgePhrase("supersedes", "in")).toBe("superseded by");
		expect(edgePhrase("related_to", "in")).toBe("related to");
	});
});
