import { describe, expect, it } from "vitest";
import { SupersededIndex } from "../../../../src/core/recall/conflicts/superseded-index";
import { addNode, graphOf } from "../graph-fixture";

describe("SupersededIndex", () => {
	it("lists the sources of supersedes edges into a memory", () => {
		const graph = graphOf(["v2 -supersedes-> v1", "v3 -supersedes-> v1", "v1 -supersedes-> v0", "v2 -caused_by-> v1"]);
		const index = new SupersededIndex(graph);
		expect(index.supersedersOf("v1")).toEqual(["v2", "v3"]);
		expect(index.supersedersOf("v0")).toEqual(["v1"]);
		expect(index.supersedersOf("v3")).toEqual([]);
		expect(index.supersedersOf("missing")).toEqual([]);
		index.dispose();
	});

	it("follows edges and notes as they come and go", () => {
		const graph = graphOf(["old -related_to-> other"]);
		const index = new SupersededIndex(graph);
		addNode(graph, "new");
		const edge = graph.addEdge("new", "old", { type: "supersedes", weight: 0, provenance: [{ origin: "mcp" }] });
		expect(index.supersedersOf("old")).toEqual(["new"]);
		graph.dropEdge(edge);
		expect(index.supersedersOf("old")).toEqual([]);
		graph.addEdge("new", "old", { type: "supersedes", weight: 0, provenance: [{ origin: "mcp" }] });
		graph.dropNode("new");
		expect(index.supersedersOf("old")).toEqual([]);
		addNode(graph, "newer");
		graph.addEdge("newer", "old", { type: "supersedes", weight: 0, provenance: [{ origin: "mcp" }] });
		graph.clearEdges();
		expect(index.supersedersOf("old")).toEqual([]);
		index.dispose();
		expect(graph.listenerCount("edgeAdded")).toBe(0);
	});

	it("keeps a pair while any of several supersedes edges between them remains", () => {
		const graph = graphOf(["b -supersedes-> a", "b -supersedes-> a"]);
		const index = new SupersededIndex(graph);
		graph.dropEdge(graph.edges("b", "a")[0]);
		expect(index.supersedersOf("a")).toEqual(["b"]);
		index.dispose();
	});

	it("built one node at a time while edges and notes change, ends as a scan of the graph as it is then", () => {
		const graph = graphOf([
			"v2 -supersedes-> v1",
			"v3 -supersedes-> v1",
			"v1 -supersedes-> v0",
			"v4 -supersedes-> v2",
			"v2 -caused_by-> v1",
		]);
		const steps = SupersededIndex.stepwise(graph);
		let step = steps.next();
		const changes = [
			() => graph.addEdge("v4", "v0", { type: "supersedes", weight: 0, provenance: [{ origin: "mcp" }] }),
			() => graph.dropNode("v3"),
			() => {
				addNode(graph, "v5");
				graph.addEdge("v5", "v1", { type: "supersedes", weight: 0, provenance: [{ origin: "mcp" }] });
			},
			() => graph.dropEdge(graph.edges("v1", "v0")[0]),
		];
		for (let i = 0; step.done !== true; i++) {
			changes[i]?.();
			step = steps.next();
		}
		const stepped = step.value;
		const scanned = new SupersededIndex(graph);
		for (const node of [...graph.nodes(), "v3"])
			expect(stepped.supersedersOf(node)).toEqual(scanned.supersedersOf(node));
		expect(stepped.supersedersOf("v1")).toEqual(["v2", "v5"]);
		expect(stepped.supersedersOf("v0")).toEqual(["v4"]);
		// It follows the graph afterwards like one built in one go.
		graph.addEdge("v0", "v4", { type: "supersedes", weight: 0, provenance: [{ origin: "mcp" }] });
		expect(stepped.supersedersOf("v4")).toEqual(["v0"]);
		stepped.dispose();
		scanned.dispose();
	});
});
