import { afterEach, describe, expect, it } from "vitest";
import type { MemoryGraph } from "../../../src/core/graph/memory-graph";
import { EDGE_TYPE_INFO, EDGE_TYPES } from "../../../src/core/model/edge-types";
import { parseRecallSettings } from "../../../src/core/model/recall-settings";
import type { RecallHit } from "../../../src/core/recall/recall-types";
import { RecallConflicts } from "../../../src/engine/recall/recall-conflicts";
import { graphOfNotes } from "../../helpers/graph-of-notes";
import { stopEngines, writerHarness } from "../writer/writer-harness";

afterEach(stopEngines);

const UNRELATED = {
	"Garden.md": "Tomatoes need more water in July.",
	"Lunch.md": "Noodles on Tuesday at the corner place.",
};

async function budgets() {
	const h = await writerHarness(UNRELATED);
	const old = await h.engine.writer.store({ content: "The launch budget is $50,000.", title: "Launch budget" });
	const fresh = await h.engine.writer.store({
		content: "The launch budget is $80,000 after the review.",
		title: "Launch budget revised",
	});
	expect(fresh.possibleConflicts.map((conflict) => conflict.id)).toEqual([old.nodeId]);
	const conflictsOf = async () => {
		const recalled = await h.engine.recall("launch budget", { readOnly: true });
		return Object.fromEntries(recalled.results.map((hit) => [hit.path, hit.conflicts?.map((conflict) => conflict.id)]));
	};
	return { h, old: old.nodeId, fresh: fresh.nodeId, conflictsOf };
}

describe("conflicts found at store stay on recall until settled", () => {
	it("flags both budgets with each other's id, until one supersedes the other", async () => {
		const { h, old, fresh, conflictsOf } = await budgets();
		expect(await conflictsOf()).toEqual({ [old]: [fresh], [fresh]: [old] });
		const recalled = await h.engine.recall("launch budget", { readOnly: true });
		expect(recalled.results.find((hit) => hit.path === old)?.conflicts?.[0]).toEqual({
			id: fresh,
			kind: "numeric_mismatch",
			detail: "budget ($): recalled $50,000, other $80,000",
		});

		await h.engine.writer.link(fresh, old, "supersedes");
		expect(await conflictsOf()).toEqual({ [old]: undefined, [fresh]: undefined });
	});

	it("is settled by a contradicts link too, in either direction", async () => {
		const { h, old, fresh, conflictsOf } = await budgets();
		expect(await conflictsOf()).toEqual({ [old]: [fresh], [fresh]: [old] });
		await h.engine.writer.link(old, fresh, "contradicts");
		expect(await conflictsOf()).toEqual({ [old]: undefined, [fresh]: undefined });
	});

	it("is settled by amending the outdated memory", async () => {
		const { h, old, fresh, conflictsOf } = await budgets();
		expect(await conflictsOf()).toEqual({ [old]: [fresh], [fresh]: [old] });
		const amended = await h.engine.writer.amend(old, "The launch budget was raised to $80,000 after the review.");
		const after = await conflictsOf();
		expect(after[old]).toBeUndefined();
		expect(after[fresh]).toBeUndefined();
		expect(after[amended.nodeId]).toBeUndefined();
	});
});

describe("RecallConflicts", () => {
	const settings = parseRecallSettings({}).conflicts;
	const OLD = "The launch budget is $50,000.";
	const NEW = "The launch budget is $80,000 after the review.";

	/** Old.md and New.md, Old.md's frontmatter holding `frontmatter`. */
	function graphWith(frontmatter = ""): MemoryGraph {
		return graphOfNotes({ "Old.md": `---\n${frontmatter}\n---\n${OLD}`, "New.md": NEW });
	}
	const hit = (path: string, snippet: string): RecallHit => ({
		path,
		title: path,
		score: 1,
		relevance: 1,
		retention: 1,
		status: "active",
		why: {},
		snippet,
	});
	const flagged = (conflicts: RecallConflicts, graph: MemoryGraph, oldSnippet = OLD): Record<string, string[]> => {
		const hits = [hit("Old.md", oldSnippet), hit("New.md", NEW)];
		conflicts.flag(graph, hits, settings);
		return Object.fromEntries(hits.map((one) => [one.path, (one.conflicts ?? []).map((conflict) => conflict.id)]));
	};

	it("flags two snippets that disagree, unless an edge of a type that marks a conflict joins them", () => {
		expect(flagged(new RecallConflicts(), graphWith())).toEqual({ "Old.md": ["New.md"], "New.md": ["Old.md"] });
		for (const type of EDGE_TYPES) {
			const graph = graphWith(`${type}: "[[New]]"`);
			const expected = EDGE_TYPE_INFO[type].marksConflict ? [] : ["New.md"];
			expect([type, flagged(new RecallConflicts(), graph)["Old.md"]]).toEqual([type, expected]);
		}
		expect(EDGE_TYPES.filter((type) => EDGE_TYPE_INFO[type].marksConflict)).toEqual(["contradicts", "supersedes"]);
	});

	it("keeps a snippet's profile between recalls until the note is forgotten (it changed)", () => {
		const conflicts = new RecallConflicts();
		const graph = graphWith();
		expect(flagged(conflicts, graph)["Old.md"]).toEqual(["New.md"]);
		// Old.md now agrees, but its profile is the one kept: the intake forgets it when the note changes.
		expect(flagged(conflicts, graph, "The launch budget is $80,000.")["Old.md"]).toEqual(["New.md"]);
		conflicts.forget("Old.md");
		expect(flagged(conflicts, graph, "The launch budget is $80,000.")["Old.md"]).toEqual([]);
	});

	it("checks nothing for fewer than two results", () => {
		const hits = [hit("Old.md", OLD)];
		new RecallConflicts().flag(graphWith(), hits, settings);
		expect(hits[0].conflicts).toBeUndefined();
	});
});
