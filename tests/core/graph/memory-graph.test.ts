import { describe, expect, it } from "vitest";
import { MemoryGraph } from "../../../src/core/graph/memory-graph";
import { causalChain, causalNeighbours } from "../../../src/core/graph/causal";
import { EDGE_TYPE_INFO, EDGE_TYPES } from "../../../src/core/model/edge-types";
import { orphanPaths, summarizeGraph } from "../../../src/core/graph/summary";
import { parseIndexSettings } from "../../../src/core/model/index-settings";
import { parseNote } from "../../../src/core/parse/parse-note";

function graphOf(notes: Record<string, string>, edgeKeys = parseIndexSettings({}).edgeKeys): MemoryGraph {
	const graph = new MemoryGraph({ edgeKeys });
	graph.setNotes(Object.entries(notes).map(([path, content]) => note(path, content)));
	return graph;
}

function note(path: string, content: string, mtime = 1000) {
	return { path, mtime, ctime: 500, size: content.length, parsed: parseNote(content) };
}

function edgeList(graph: MemoryGraph): string[] {
	return graph
		.edges()
		.map((e) => `${e.source} -${e.type}-> ${e.target}`)
		.sort();
}

describe("MemoryGraph", () => {
	it("turns typed properties, inline fields and body links into typed edges", () => {
		const graph = graphOf({
			"Decision.md":
				'---\ncaused_by:\n  - "[[Incident]]"\nsupports: "[[Goal]]"\n---\nSee [[Notes]] and ![[Diagram note]].\n',
			"Incident.md": "derived_from:: [[Postmortem]]\n",
			"Goal.md": "",
			"Notes.md": "",
			"Diagram note.md": "",
			"Postmortem.md": "",
		});
		expect(edgeList(graph)).toEqual([
			"Decision.md -caused_by-> Incident.md",
			"Decision.md -related_to-> Diagram note.md",
			"Decision.md -related_to-> Notes.md",
			"Decision.md -supports-> Goal.md",
			"Incident.md -derived_from-> Postmortem.md",
		]);
		const caused = graph.outEdges("Decision.md").find((e) => e.type === "caused_by");
		expect(caused?.provenance).toEqual([{ origin: "frontmatter", key: "caused_by" }]);
		const derived = graph.outEdges("Incident.md")[0];
		expect(derived?.provenance).toEqual([{ origin: "inline_field", key: "derived_from" }]);
		expect(derived?.weight).toBe(0.8);
	});

	it("does not add an association beside a typed edge to the same note, but keeps other link properties", () => {
		const graph = graphOf({
			"A.md": '---\ngenre: "[[B]]"\n---\ncaused_by:: [[B]]\nAlso [[B]] again.\n',
			"B.md": "",
		});
		expect(edgeList(graph)).toEqual(["A.md -caused_by-> B.md", "A.md -related_to-> B.md"]);
		const association = graph.outEdges("A.md").find((e) => e.type === "related_to");
		expect(association?.provenance).toEqual([{ origin: "frontmatter", key: "genre" }]);
	});

	it("maps frontmatter keys to edge types through the edgeKeys setting", () => {
		const edgeKeys = parseIndexSettings({ edgeKeys: { up: "derived_from", caused_by: "caused_by" } }).edgeKeys;
		const graph = graphOf({ "Child.md": '---\nup: ["[[Parent]]"]\n---\n', "Parent.md": "" }, edgeKeys);
		expect(edgeList(graph)).toEqual(["Child.md -derived_from-> Parent.md"]);
		expect(summarizeGraph(graph).edgesByKey).toEqual({ up: 1 });
	});

	it("keeps unresolved links as dangling and resolves them when the note appears", () => {
		const graph = graphOf({ "A.md": "Links to [[Future note]] and [[image.png]]." });
		expect(graph.dangling()).toEqual([{ source: "A.md", linkpath: "Future note", type: "related_to" }]);
		expect(graph.hasNote("Future note.md")).toBe(false);

		graph.setNote(note("Ideas/Future note.md", "now I exist"));
		expect(edgeList(graph)).toEqual(["A.md -related_to-> Ideas/Future note.md"]);
		expect(graph.dangling()).toEqual([]);

		graph.removeNote("Ideas/Future note.md");
		expect(edgeList(graph)).toEqual([]);
		expect(graph.dangling()).toHaveLength(1);
	});

	it("points links to headings and blocks at the note, and ignores links into the note itself", () => {
		const graph = graphOf({
			"A.md": "# Top\nSee [[B#Section]], [[B#^block1]], [[#Top]] and [[A]].\n",
			"B.md": "## Section\ntext ^block1\n",
		});
		expect(edgeList(graph)).toEqual(["A.md -related_to-> B.md"]);
		// Two links in the text are one place: provenance says where an edge is stated, not how often.
		expect(graph.outEdges("A.md")[0]?.provenance).toEqual([{ origin: "wikilink" }]);
	});

	it("lists each place that states an edge once, in the order first written", () => {
		const graph = graphOf({
			"A.md": '---\nsee: "[[B]]"\nalso: ["[[B]]", "[[B]]"]\n---\n[[B]] [[B#x]] ![[B]]\n',
			"B.md": "",
		});
		expect(graph.outEdges("A.md")[0]?.provenance).toEqual([
			{ origin: "frontmatter", key: "see" },
			{ origin: "frontmatter", key: "also" },
			{ origin: "wikilink" },
		]);
	});

	it("prefers the note with the same name closest to the linking note", () => {
		const graph = graphOf({
			"Projects/Alpha/Plan.md": "",
			"Archive/Plan.md": "",
			"Projects/Alpha/Kickoff.md": "[[Plan]]",
		});
		expect(graph.outEdges("Projects/Alpha/Kickoff.md").map((e) => e.target)).toEqual(["Projects/Alpha/Plan.md"]);
	});

	it("keeps a node's attributes across a rename and re-resolves links by the new name", () => {
		const graph = graphOf({
			"Old name.md": "---\nmemory_pinned: true\n---\n[[Target]]",
			"Target.md": "",
			"Linker.md": "[[Old name]]",
		});
		graph.renameNote("Old name.md", "Folder/New name.md");
		expect(graph.hasNote("Old name.md")).toBe(false);
		expect(graph.node("Folder/New name.md")).toMatchObject({
			title: "New name",
			folder: "Folder",
			memory: { pinned: true },
		});
		expect(edgeList(graph)).toEqual(["Folder/New name.md -related_to-> Target.md"]);
		expect(graph.dangling()).toEqual([{ source: "Linker.md", linkpath: "Old name", type: "related_to" }]);
	});

	it.each(EDGE_TYPES)("takes the causal direction of %s from EDGE_TYPE_INFO", (type) => {
		const graph = graphOf({ "A.md": `---\n${type}: ["[[B]]"]\n---\n`, "B.md": "" });
		const { upstreamEnd } = EDGE_TYPE_INFO[type];
		expect(causalNeighbours(graph, "A.md", "upstream")).toEqual(upstreamEnd === "target" ? ["B.md"] : []);
		expect(causalNeighbours(graph, "B.md", "upstream")).toEqual(upstreamEnd === "source" ? ["A.md"] : []);
		expect(causalNeighbours(graph, "B.md", "downstream")).toEqual(upstreamEnd === "target" ? ["A.md"] : []);
		expect(causalNeighbours(graph, "A.md", "downstream")).toEqual(upstreamEnd === "source" ? ["B.md"] : []);
	});

	it("computes weighted supportive degree, orphans, upstream and downstream", () => {
		const graph = graphOf({
			"Effect.md": '---\ncaused_by: ["[[Cause]]"]\n---\n',
			"Cause.md": '---\nderived_from: ["[[Root]]"]\ncontradicts: ["[[Rival]]"]\n---\n',
			"Evidence.md": '---\nsupports: ["[[Cause]]"]\n---\n',
			"Root.md": "",
			"Rival.md": "",
			"Alone.md": "no links",
		});
		expect(graph.supportiveDegree("Cause.md")).toBeCloseTo(1.0 + 0.8 + 1.0);
		expect(graph.supportiveDegree("Rival.md")).toBe(0);
		expect(orphanPaths(graph).sort()).toEqual(["Alone.md", "Rival.md"]);
		expect(causalNeighbours(graph, "Cause.md", "upstream").sort()).toEqual(["Evidence.md", "Root.md"]);
		expect(causalNeighbours(graph, "Cause.md", "downstream")).toEqual(["Effect.md"]);
		expect(causalChain(graph, "Effect.md", "upstream", 5)).toEqual([
			{ path: "Cause.md", depth: 1, via: "Effect.md" },
			{ path: "Root.md", depth: 2, via: "Cause.md" },
			{ path: "Evidence.md", depth: 2, via: "Cause.md" },
		]);
	});

	it("handles link cycles and self links", () => {
		const graph = graphOf({
			"A.md": '---\ncaused_by: ["[[B]]"]\n---\n[[A]]',
			"B.md": '---\ncaused_by: ["[[A]]"]\n---\n',
		});
		expect(edgeList(graph)).toEqual(["A.md -caused_by-> B.md", "B.md -caused_by-> A.md"]);
		expect(causalChain(graph, "A.md", "upstream", 10).map((s) => s.path)).toEqual(["B.md"]);
	});

	it("reads the memory_* keys into node attributes", () => {
		const graph = graphOf({
			"M.md":
				"---\nmemory_status: dormant\nmemory_pinned: true\nmemory_category: decision\nmemory_source: mcp\ntags: [x]\naliases: [Em]\n---\n#inline",
		});
		expect(graph.node("M.md")).toMatchObject({
			title: "M",
			folder: "",
			aliases: ["Em"],
			tags: ["#x", "#inline"],
			memory: { status: "dormant", pinned: true, category: "decision", source: "mcp" },
		});
	});

	it("summarizes notes, edges by type, orphans, dangling links and hubs", () => {
		const graph = graphOf({
			"Hub.md": "",
			"A.md": "[[Hub]]",
			"B.md": "[[Hub]] [[Nowhere]]",
			"C.md": '---\ncaused_by: ["[[Hub]]"]\n---',
		});
		const summary = summarizeGraph(graph, 1);
		expect(summary).toMatchObject({ notes: 4, edges: 3, orphans: [] });
		expect(summary.edgesByType).toMatchObject({ related_to: 2, caused_by: 1, supports: 0 });
		expect(summary.topHubs).toEqual([{ path: "Hub.md", weightedDegree: 2, degree: 3 }]);
		expect(summary.dangling).toEqual([{ source: "B.md", linkpath: "Nowhere", type: "related_to" }]);
	});
});
