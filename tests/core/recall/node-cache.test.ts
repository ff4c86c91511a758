import { describe, expect, it } from "vitest";
import { NodeCache } from "../../../src/core/recall/node-cache";
import { addNode, graphOf } from "./graph-fixture";

describe("NodeCache", () => {
	function degreeCache(edges: string[], maxEntries?: number) {
		const graph = graphOf(edges);
		let computations = 0;
		const cache = new NodeCache(
			graph,
			(node) => {
				computations++;
				return graph.degree(node);
			},
			maxEntries,
		);
		return { graph, cache, computations: () => computations };
	}

	it("computes a node's value once while its edges stay the same", () => {
		const { cache, computations } = degreeCache(["A -caused_by-> B", "C -related_to-> D"]);
		expect(cache.get("A")).toBe(1);
		expect(cache.get("A")).toBe(1);
		expect(computations()).toBe(1);
	});

	it("forgets both ends of an added or dropped edge, and nothing else", () => {
		const { graph, cache, computations } = degreeCache(["A -caused_by-> B", "C -related_to-> D"]);
		for (const node of ["A", "B", "C"]) cache.get(node);
		addNode(graph, "E");
		const edge = graph.addEdge("A", "E", { type: "supports", weight: 1, provenance: [{ origin: "mcp" }] });
		expect(cache.get("A")).toBe(2);
		expect(cache.get("C")).toBe(1);
		expect(computations()).toBe(4);
		graph.dropEdge(edge);
		expect(cache.get("A")).toBe(1);
		graph.dropNode("D");
		expect(cache.get("C")).toBe(0);
		graph.clear();
		addNode(graph, "B");
		expect(cache.get("B")).toBe(0);
	});

	it("keeps about maxEntries values, dropping those not used for longest", () => {
		const { cache, computations } = degreeCache(["A -caused_by-> B", "C -related_to-> D"], 4);
		for (const node of ["A", "B", "C"]) cache.get(node);
		expect(computations()).toBe(3);
		cache.get("A");
		cache.get("D");
		expect(computations()).toBe(4);
		cache.get("B");
		expect(computations()).toBe(5);
		cache.get("A");
		expect(computations()).toBe(5);
	});

	it("stops listening when disposed", () => {
		const { graph, cache } = degreeCache(["A -caused_by-> B"]);
		const listeners = graph.listenerCount("edgeAdded");
		cache.dispose();
		expect(graph.listenerCount("edgeAdded")).toBe(listeners - 1);
		expect(graph.listenerCount("nodeDropped")).toBe(0);
	});
});
