import { describe, expect, it } from "vitest";
import { parseRecallSettings } from "../../../src/core/model/recall-settings";
import { MemoryFacts } from "../../../src/engine/recall/memory-facts";
import { recallCandidates } from "../../../src/engine/recall/recall-candidates";
import { RecallGraphState } from "../../../src/engine/recall/recall-graph-state";
import { graphOfNotes } from "../../helpers/graph-of-notes";

const NOTES: Record<string, string> = {
	"Budget v1.md": "The budget is $50,000.",
	"Budget v2.md": '---\nsupersedes: "[[Budget v1]]"\n---\nThe budget is $80,000.',
	"Day one.md": '---\nmemory_consolidated_into: "[[Trip]]"\n---\nWe arrived at the lake.',
	"Trip.md": "The trip to the lake, in short.",
	"Neighbour.md": "Next to the budget.",
	"Hidden.md": "Not readable.",
};

function stateOf(notes: Record<string, string>): RecallGraphState {
	return RecallGraphState.for(graphOfNotes(notes), parseRecallSettings({}), null);
}

describe("recallCandidates (the rank stage's input)", () => {
	it("takes the fused and spread hits within include, with what each retriever said, and the replacements and summaries of what matched", () => {
		const state = stateOf(NOTES);
		const facts = new MemoryFacts({ retentionOf: (path) => (path === "Budget v1.md" ? 0.5 : undefined) });
		const spread = { id: "Neighbour.md", activation: 0.3, path: ["Budget v1.md", "Neighbour.md"], edges: [] };
		const candidates = recallCandidates(
			state,
			[
				{ id: "Budget v1.md", score: 0.9, ranks: {} },
				{ id: "Day one.md", score: 0.7, ranks: {} },
				{ id: "Hidden.md", score: 0.6, ranks: {} },
				{ id: "Gone.md", score: 0.5, ranks: {} },
			],
			new Map([["Neighbour.md", spread]]),
			[{ id: "Budget v1.md", score: 3, terms: ["budget"] }],
			[{ path: "Day one.md", chunk: 0, similarity: 0.8 }],
			(path) => path !== "Hidden.md",
			facts,
		);
		expect([...candidates.keys()]).toEqual(["Budget v1.md", "Day one.md", "Neighbour.md", "Budget v2.md", "Trip.md"]);
		expect(candidates.get("Budget v1.md")).toEqual({
			id: "Budget v1.md",
			fused: 0.9,
			retention: 0.5,
			status: "active",
			pinned: false,
			supersededBy: ["Budget v2.md"],
			terms: ["budget"],
		});
		expect(candidates.get("Day one.md")).toMatchObject({ fused: 0.7, similarity: 0.8, consolidatedInto: "Trip.md" });
		expect(candidates.get("Neighbour.md")).toMatchObject({ fused: 0, retention: 1, spread });
		expect(candidates.get("Budget v2.md")).toMatchObject({ fused: 0 });
		expect(candidates.get("Trip.md")).toMatchObject({ fused: 0 });
	});
});
