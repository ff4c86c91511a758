import { describe, expect, it } from "vitest";
import { contentWords, memoriesWorthShowing, type RecalledMemory } from "../../../src/core/hooks/recall-gate";

const GATE = { minSimilarity: 0.5, minTerms: 2, minCoverage: 0 };

function hit(node_id: string, why: RecalledMemory["why"], extra: Partial<RecalledMemory> = {}): RecalledMemory {
	return { node_id, relevance: 0.9, why, ...extra };
}

describe("contentWords", () => {
	it("keeps the distinct words that can match, without stop words", () => {
		expect(contentWords("Why did we lose the edits, the EDITS?")).toEqual(["lose", "edits"]);
		expect(contentWords("what is it")).toEqual([]);
	});
});

describe("memoriesWorthShowing", () => {
	it("shows a memory holding two of the prompt's words and leaves one holding a single word", () => {
		const shown = memoriesWorthShowing(
			"Why did we lose edits after a concurrent save?",
			[hit("A.md", { terms: ["edits", "concurrent"] }), hit("B.md", { terms: ["save"] })],
			GATE,
		);
		expect(shown.map((memory) => memory.node_id)).toEqual(["A.md"]);
	});

	it("asks a memory to hold a share of a long prompt's words when minCoverage says so", () => {
		const prompt = "Fix the failing unit test in the parser module";
		const hits = [hit("Two.md", { terms: ["test", "module"] }), hit("Three.md", { terms: ["unit", "test", "parser"] })];
		expect(memoriesWorthShowing(prompt, hits, GATE)).toHaveLength(2);
		const shown = memoriesWorthShowing(prompt, hits, { ...GATE, minCoverage: 0.5 });
		expect(shown.map((memory) => memory.node_id)).toEqual(["Three.md"]);
	});

	it("asks only as many words as a short prompt has", () => {
		expect(memoriesWorthShowing("kubernetes?", [hit("K.md", { terms: ["kubernetes"] })], GATE)).toHaveLength(1);
	});

	it("shows a memory similar in meaning without shared words", () => {
		const shown = memoriesWorthShowing(
			"how do phones save power",
			[hit("Battery.md", { similarity: 0.62 }), hit("Far.md", { similarity: 0.3 })],
			GATE,
		);
		expect(shown.map((memory) => memory.node_id)).toEqual(["Battery.md"]);
	});

	it("never shows what is only core or pinned, superseded, or low confidence", () => {
		const why = { terms: ["sync", "protocol"] };
		const shown = memoriesWorthShowing(
			"who owns the sync protocol",
			[
				hit("Pinned.md", { ...why, injected: "pinned" }),
				hit("Old.md", why, { superseded_by: ["New.md"] }),
				hit("Weak.md", why, { low_confidence: true }),
				hit("Good.md", why),
			],
			GATE,
		);
		expect(shown.map((memory) => memory.node_id)).toEqual(["Good.md"]);
	});

	it("shows nothing for a prompt of stop words only", () => {
		expect(memoriesWorthShowing("what is this", [hit("A.md", { terms: ["a", "b"] })], GATE)).toEqual([]);
	});
});
