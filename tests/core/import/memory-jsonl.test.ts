import { describe, expect, it } from "vitest";
import { parseMemoryJsonl, planImport, relationMapping } from "../../../src/core/import/memory-jsonl";

const line = (entry: unknown) => JSON.stringify(entry);

describe("parseMemoryJsonl", () => {
	it("reads entities and relations, merging an entity given twice, and reports bad lines by number", () => {
		const graph = parseMemoryJsonl(
			[
				line({ type: "entity", name: "Maya", entityType: "person", observations: ["Lead engineer"] }),
				"{not json",
				line({ type: "entity", name: "Maya", entityType: "person", observations: ["Lead engineer", "Owns sync"] }),
				line({ type: "relation", from: "Maya", to: "Harbor", relationType: "works on" }),
				line({ type: "relation", from: "Maya" }),
				"",
				line({ type: "note", text: "?" }),
			].join("\n"),
		);
		expect(graph.entities).toEqual([
			{ name: "Maya", entityType: "person", observations: ["Lead engineer", "Owns sync"], line: 1 },
		]);
		expect(graph.relations).toEqual([{ from: "Maya", to: "Harbor", relationType: "works on", line: 4 }]);
		expect(graph.problems.map((problem) => problem.line)).toEqual([2, 5, 7]);
		expect(graph.problems[0]?.message).toBe("not valid JSON");
	});
});

describe("relationMapping", () => {
	it("maps free-text relation names to edge types, reversing the ones that point the other way", () => {
		expect(relationMapping("caused_by")).toEqual({ type: "caused_by", reversed: false });
		expect(relationMapping("Led to")).toEqual({ type: "caused_by", reversed: true });
		expect(relationMapping("based-on")).toEqual({ type: "derived_from", reversed: false });
		expect(relationMapping("replaced by")).toEqual({ type: "supersedes", reversed: true });
		expect(relationMapping("works at")).toEqual({ type: "related_to", reversed: false });
	});
});

describe("planImport", () => {
	it("writes one note per entity with its observations, type and typed links, the same every time", () => {
		const graph = parseMemoryJsonl(
			[
				line({ type: "entity", name: "Outage", entityType: "incident", observations: ["Relay down 3 hours"] }),
				line({ type: "entity", name: "Expired cert", entityType: "cause", observations: [] }),
				line({ type: "entity", name: "Monitoring", entityType: "decision", observations: ["Alert early"] }),
				line({ type: "relation", from: "Outage", to: "Expired cert", relationType: "caused by" }),
				line({ type: "relation", from: "Expired cert", to: "Monitoring", relationType: "led to" }),
				line({ type: "relation", from: "Outage", to: "Nobody", relationType: "mentions" }),
			].join("\n"),
		);
		const plan = planImport(graph, "Memory");
		expect(plan.notes.map((note) => note.path)).toEqual([
			"Memory/Outage.md",
			"Memory/Expired cert.md",
			"Memory/Monitoring.md",
		]);
		expect(plan.notes[0]?.text).toBe(
			'---\nmemory_source: import\nmemory_imported_from: memory-jsonl\nmemory_category: "incident"\ncaused_by:\n  - "[[Expired cert]]"\n---\n\n- Relay down 3 hours\n\nRelations:\n- caused by: Expired cert\n',
		);
		expect(plan.notes[2]?.text).toContain('caused_by:\n  - "[[Expired cert]]"');
		expect(plan.links).toEqual({ caused_by: 2 });
		expect(plan.skipped).toEqual([{ line: 6, message: 'relation "mentions": no entity named "Nobody"' }]);
		expect(planImport(graph, "Memory")).toEqual(plan);
	});

	it("gives two entities whose names make the same file name distinct notes", () => {
		const graph = parseMemoryJsonl(
			[
				line({ type: "entity", name: "A/B", entityType: "x", observations: [] }),
				line({ type: "entity", name: "A:B", entityType: "x", observations: [] }),
			].join("\n"),
		);
		expect(planImport(graph, "Memory").notes.map((note) => note.path)).toEqual(["Memory/A B.md", "Memory/A B 2.md"]);
	});
});
