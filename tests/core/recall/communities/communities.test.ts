import { describe, expect, it } from "vitest";
import type { MemoryGraphology } from "../../../../src/core/graph/memory-graph";
import { EDGE_TYPE_INFO } from "../../../../src/core/model/edge-types";
import { CommunityCache, detectCommunities } from "../../../../src/core/recall/communities/communities";
import { addNode, graphOf } from "../graph-fixture";

/** A small seeded generator (LCG) standing in for the caller's seeded random function. */
function seeded(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
		return state / 4294967296;
	};
}

/** Two tight causal clusters joined by one association. */
function twoClusters(): MemoryGraphology {
	const edges: string[] = [];
	for (const cluster of ["a", "b"]) {
		for (let i = 0; i < 5; i++)
			for (let j = i + 1; j < 5; j++) edges.push(`${cluster}${i} -caused_by-> ${cluster}${j}`);
	}
	edges.push("a0 -related_to-> b0");
	return graphOf(edges);
}

function addEdge(graph: MemoryGraphology, source: string, target: string): void {
	addNode(graph, source);
	addNode(graph, target);
	graph.addEdge(source, target, {
		type: "related_to",
		weight: EDGE_TYPE_INFO.related_to.causalWeight,
		provenance: [{ origin: "wikilink" }],
	});
}

describe("detectCommunities", () => {
	it("separates two clusters and leaves unlinked notes on their own", () => {
		const graph = twoClusters();
		addNode(graph, "lonely");
		addNode(graph, "contradicted");
		graph.addEdge("lonely", "contradicted", { type: "contradicts", weight: 0, provenance: [{ origin: "mcp" }] });
		const communities = detectCommunities(graph, { random: seeded(7) });
		const of = (id: string) => communities.get(id);
		expect(new Set(["a0", "a1", "a2", "a3", "a4"].map(of)).size).toBe(1);
		expect(new Set(["b0", "b1", "b2", "b3", "b4"].map(of)).size).toBe(1);
		expect(of("a0")).not.toBe(of("b0"));
		expect(of("lonely")).not.toBe(of("contradicted"));
		expect(new Set(communities.values()).size).toBe(4);
	});

	it("is reproducible with the same seed, and without any random function", () => {
		const graph = twoClusters();
		expect(detectCommunities(graph, { random: seeded(3) })).toEqual(detectCommunities(graph, { random: seeded(3) }));
		expect(detectCommunities(graph)).toEqual(detectCommunities(graph));
	});

	it("ignores links that are not supportive, however many", () => {
		const graph = twoClusters();
		for (let i = 0; i < 5; i++)
			for (let j = 0; j < 5; j++)
				graph.addEdge(`a${i}`, `b${j}`, { type: "contradicts", weight: 0, provenance: [{ origin: "mcp" }] });
		const communities = detectCommunities(graph, { random: seeded(11) });
		expect(communities.get("a1")).not.toBe(communities.get("b1"));
		expect(communities.get("a1")).toBe(communities.get("a2"));
	});

	it("follows links in both directions: a chain of caused_by and supports edges is one community", () => {
		const graph = graphOf(["x -caused_by-> y", "z -supports-> y", "y -derived_from-> w", "p -caused_by-> q"]);
		const communities = detectCommunities(graph, { random: seeded(2) });
		expect(new Set(["x", "y", "z", "w"].map((id) => communities.get(id))).size).toBe(1);
		expect(communities.get("p")).not.toBe(communities.get("x"));
	});

	it("puts every note alone when there is no supportive link", () => {
		const alone = detectCommunities(graphOf([], ["x", "y"]));
		expect(alone.get("x")).not.toBe(alone.get("y"));
		const conflicting = detectCommunities(graphOf(["x -contradicts-> y", "y -supersedes-> z"]));
		expect(new Set(conflicting.values()).size).toBe(3);
	});
});

describe("CommunityCache", () => {
	function chain(length: number): MemoryGraphology {
		const graph = graphOf([]);
		for (let i = 1; i < length; i++) addEdge(graph, `n${i - 1}`, `n${i}`);
		return graph;
	}

	it("computes only when refreshed while stale: first, then after the graph has changed by the regrowth ratio", () => {
		const graph = chain(20);
		let computations = 0;
		const cache = new CommunityCache(graph, {
			regrowthRatio: 0.1,
			createRandom: () => {
				computations++;
				return seeded(1);
			},
		});
		expect(cache.isStale()).toBe(true);
		expect(cache.communityOf("n0")).toBeUndefined();
		expect(computations).toBe(0);
		expect(cache.refresh()).toBe(true);
		expect(cache.communityOf("n0")).toBeTypeOf("number");
		expect(computations).toBe(1);

		addEdge(graph, "n19", "n20");
		expect(cache.isStale()).toBe(false);
		expect(cache.refresh()).toBe(false);
		expect(cache.communityOf("n20")).toBeUndefined();
		expect(computations).toBe(1);

		addEdge(graph, "n20", "n21");
		expect(cache.isStale()).toBe(true);
		expect(cache.communityOf("n21")).toBeUndefined();
		expect(cache.refresh()).toBe(true);
		expect(cache.communityOf("n21")).toBeTypeOf("number");
		expect(computations).toBe(2);
	});

	it("counts links as well as notes, and shrinking as well as growth", () => {
		const graph = chain(20);
		const cache = new CommunityCache(graph, { regrowthRatio: 0.1 });
		cache.recompute();
		for (let i = 0; i < 2; i++) addEdge(graph, `n${i}`, `n${i + 10}`);
		expect(cache.isStale()).toBe(true);
		cache.recompute();
		graph.dropNode("n5");
		graph.dropNode("n6");
		expect(cache.isStale()).toBe(true);
		expect(cache.refresh()).toBe(true);
		expect(cache.refresh()).toBe(false);
	});

	it("recomputes on demand and gives the same communities for the same seed", () => {
		const graph = twoClusters();
		const cache = new CommunityCache(graph, { regrowthRatio: 0.1, createRandom: () => seeded(5) });
		cache.recompute();
		const first = ["a0", "a1", "b0", "b1"].map((id) => cache.communityOf(id));
		cache.recompute();
		expect(["a0", "a1", "b0", "b1"].map((id) => cache.communityOf(id))).toEqual(first);
		expect(first[0]).toBe(first[1]);
		expect(first[0]).not.toBe(first[2]);
	});

	it("passes the resolution on: a high resolution splits more", () => {
		const graph = twoClusters();
		const coarse = new CommunityCache(graph, { regrowthRatio: 0.1, resolution: 0.05 });
		const fine = new CommunityCache(graph, { regrowthRatio: 0.1, resolution: 5 });
		coarse.refresh();
		fine.refresh();
		const count = (cache: CommunityCache) => new Set(graph.nodes().map((id) => cache.communityOf(id))).size;
		expect(count(coarse)).toBeLessThan(count(fine));
	});
});
