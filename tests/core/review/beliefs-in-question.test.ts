import { describe, expect, it } from "vitest";
import { MemoryGraph } from "../../../src/core/graph/memory-graph";
import { parseIndexSettings } from "../../../src/core/model/index-settings";
import { parseNote } from "../../../src/core/parse/parse-note";
import { beliefsInQuestion, reasonKey, reasonText } from "../../../src/core/review/beliefs-in-question";

/** Notes by name: [content, created (day number)]. */
function graphOf(notes: Record<string, [string, number]>): MemoryGraph {
	const graph = new MemoryGraph({ edgeKeys: parseIndexSettings({}).edgeKeys });
	graph.setNotes(
		Object.entries(notes).map(([name, [content, day]]) => ({
			path: `${name}.md`,
			mtime: day * 86_400_000,
			ctime: day * 86_400_000,
			size: content.length,
			parsed: parseNote(content),
		})),
	);
	return graph;
}

const fm = (lines: string) => `---\n${lines}\n---\nText.`;

describe("beliefsInQuestion", () => {
	it("puts in question a memory whose evidence was superseded, naming the evidence and the newer memory", () => {
		const graph = graphOf({
			Plan: [fm('caused_by: "[[Budget]]"'), 2],
			Budget: ["The budget is 50k.", 1],
			"Budget v2": [fm('supersedes: "[[Budget]]"'), 5],
		});
		const beliefs = beliefsInQuestion(graph);
		expect(beliefs.map((belief) => belief.path)).toEqual(["Plan.md"]);
		expect(beliefs[0]?.reasons).toEqual([{ kind: "evidence-superseded", evidence: "Budget.md", by: "Budget v2.md" }]);
		expect(beliefs[0]?.newer).toEqual(["Budget v2.md"]);
		const title = (path: string) => path.replace(/\.md$/, "");
		expect(reasonText(beliefs[0].reasons[0], title)).toBe(
			"its cause or evidence “Budget” was superseded by “Budget v2”",
		);
	});

	it("follows supports from the evidence's side and derived_from from the dependent's", () => {
		const graph = graphOf({
			Measurement: [fm('supports: "[[Claim]]"'), 1],
			Claim: ["Claim.", 2],
			Summary: [fm('derived_from: "[[Measurement]]"'), 3],
			Remeasured: [fm('contradicts: "[[Measurement]]"'), 4],
		});
		const byPath = new Map(beliefsInQuestion(graph).map((belief) => [belief.path, belief.reasons]));
		expect(byPath.get("Claim.md")).toEqual([
			{ kind: "evidence-contradicted", evidence: "Measurement.md", by: "Remeasured.md" },
		]);
		expect(byPath.get("Summary.md")).toEqual([
			{ kind: "evidence-contradicted", evidence: "Measurement.md", by: "Remeasured.md" },
		]);
		// The older side of the contradiction is contradicted by a newer memory; the newer side is not.
		expect(byPath.get("Measurement.md")).toEqual([{ kind: "contradicted", by: "Remeasured.md" }]);
		expect(byPath.has("Remeasured.md")).toBe(false);
	});

	it("leaves out a settled contradiction (one side supersedes the other) and superseded memories", () => {
		const graph = graphOf({
			Old: ["Old.", 1],
			New: [fm('contradicts: "[[Old]]"\nsupersedes: "[[Old]]"'), 2],
			Dependent: [fm('caused_by: "[[Old]]"\nsupersedes: "[[Older dependent]]"'), 3],
			"Older dependent": [fm('caused_by: "[[Old]]"'), 0],
			Newest: [fm('supersedes: "[[Dependent]]"'), 4],
		});
		// Dependent's evidence was superseded, but Dependent is superseded itself; so is Older dependent.
		expect(beliefsInQuestion(graph)).toEqual([]);
	});

	it("gives each reason a key of its own", () => {
		const a = reasonKey({ kind: "contradicted", by: "X.md" });
		const b = reasonKey({ kind: "evidence-contradicted", evidence: "Y.md", by: "X.md" });
		expect(a).not.toBe(b);
		expect(reasonKey({ kind: "contradicted", by: "X.md" })).toBe(a);
	});
});
