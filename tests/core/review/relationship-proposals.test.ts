import { describe, expect, it } from "vitest";
import { extractCues } from "../../../src/core/cues/extract-cues";
import { parseNote } from "../../../src/core/parse/parse-note";
import {
	pairKey,
	relationshipProposals,
	type CueHolders,
	type RelationshipContext,
} from "../../../src/core/review/relationship-proposals";

/** The cue index of `notes` (path → text), as the engine's CueIndex answers. */
function cueHolders(notes: Record<string, string>): CueHolders {
	const cues = new Map<string, readonly string[]>();
	const names = new Map<string, readonly string[]>();
	const holders = new Map<string, string[]>();
	for (const [path, text] of Object.entries(notes)) {
		const record = extractCues({ content: text, parsed: parseNote(text) });
		cues.set(path, record.cues);
		names.set(path, record.names);
		for (const cue of record.cues) holders.set(cue, [...(holders.get(cue) ?? []), path]);
	}
	return {
		ids: () => cues.keys(),
		cuesOf: (path) => cues.get(path),
		namesOf: (path) => names.get(path),
		holderCount: (cue) => holders.get(cue)?.length ?? 0,
		memoriesOf: (cue) => holders.get(cue),
	};
}

const FILLER = Object.fromEntries(
	Array.from({ length: 10 }, (_, i) => [`Other ${i}.md`, `A deploy note about the weekly meeting number ${i}.`]),
);

function context(overrides: Partial<RelationshipContext> = {}): RelationshipContext {
	return {
		maxHolders: 3,
		communityOf: (path) => (path.startsWith("Work/") ? 1 : 2),
		linked: () => false,
		declined: () => false,
		created: (path) => (path.includes("later") ? 2 : 1),
		memories: 14,
		...overrides,
	};
}

const NOTES = {
	...FILLER,
	"Work/Bridge survey.md": "The Kestrel Bridge survey found rust on the north pylons.",
	"Home/Walk later.md": "Walked over the Kestrel Bridge with Ana; the river was high.",
	"Work/Weekly deploy.md": "The weekly deploy meeting moved to Friday.",
};

describe("relationshipProposals", () => {
	it("proposes related_to between memories of different communities that share a rare name, the newer as source", () => {
		const proposals = relationshipProposals(cueHolders(NOTES), context());
		expect(proposals).toHaveLength(1);
		expect(proposals[0]).toMatchObject({
			source: "Home/Walk later.md",
			target: "Work/Bridge survey.md",
			type: "related_to",
			key: pairKey("Work/Bridge survey.md", "Home/Walk later.md"),
		});
		expect(proposals[0]?.cues[0]).toBe("kestrel bridg");
	});

	it("does not propose on a common cue (deploy, weekly, meeting are held by 11 memories)", () => {
		const proposals = relationshipProposals(cueHolders(NOTES), context());
		expect(proposals.some((p) => p.source.includes("Weekly") || p.target.includes("Weekly"))).toBe(false);
		// The same pair, with 'rare' stretched to every memory, is proposed.
		const loose = relationshipProposals(cueHolders(NOTES), context({ maxHolders: 20 }));
		expect(loose.some((p) => p.key === pairKey("Work/Weekly deploy.md", "Other 1.md"))).toBe(true);
	});

	it("leaves out pairs in the same community, linked pairs and declined pairs", () => {
		const key = pairKey("Work/Bridge survey.md", "Home/Walk later.md");
		expect(relationshipProposals(cueHolders(NOTES), context({ communityOf: () => 1 }))).toEqual([]);
		expect(relationshipProposals(cueHolders(NOTES), context({ linked: () => true }))).toEqual([]);
		expect(relationshipProposals(cueHolders(NOTES), context({ declined: (k) => k === key }))).toEqual([]);
	});

	it("proposes caused_by when the newer memory says it happened because of something", () => {
		const notes = {
			...NOTES,
			"Home/Walk later.md": "The Kestrel Bridge closure caused a detour for Ana.",
		};
		const [proposal] = relationshipProposals(cueHolders(notes), context());
		expect(proposal).toMatchObject({ source: "Home/Walk later.md", type: "caused_by" });
	});
});
