import { describe, expect, it } from "vitest";
import { directedLouvain, type WeightedEdges } from "../../../../src/core/recall/communities/directed-louvain";
import { mulberry32 } from "../../scoring/synthetic-vault";
import { causal, columns, randomGraph } from "./louvain-cases";
import { libraryLouvain } from "./louvain-reference";

/** `clusters` groups of `size` nodes, dense inside, a few links across; nodes interleaved so that no cluster is a run of indices. */
function clusteredGraph(seed: number, clusters: number, size: number): WeightedEdges {
	const random = mulberry32(seed);
	const nodeCount = clusters * size;
	const node = (cluster: number, member: number): number => member * clusters + cluster;
	const triples: [number, number, number][] = [];
	for (let c = 0; c < clusters; c++)
		for (let i = 0; i < size; i++) {
			for (let k = 0; k < 3; k++) {
				const j = Math.floor(random() * size);
				if (j !== i) triples.push([node(c, i), node(c, j), 0.5 + random()]);
			}
			if (random() < 0.1) triples.push([node(c, i), Math.floor(random() * nodeCount), 0.5]);
		}
	return columns(
		nodeCount,
		triples.filter(([source, target]) => source !== target),
	);
}

const RESOLUTIONS = [1, 0.5, 1.7];

function expectSameAsLibrary(edges: WeightedEdges, resolutions = RESOLUTIONS): void {
	for (const resolution of resolutions) {
		const ours = directedLouvain(edges, resolution);
		expect(Array.from(ours), `resolution ${resolution}`).toEqual(Array.from(libraryLouvain(edges, resolution)));
	}
}

function communityCount(community: Int32Array): number {
	return new Set(community).size;
}

describe("directedLouvain gives graphology-communities-louvain's communities, numbers included", () => {
	it("on a ring, whose cut depends on where the visit starts", () => {
		const ring = columns(
			12,
			Array.from({ length: 12 }, (_, i) => [i, (i + 1) % 12, 1] as const),
		);
		expectSameAsLibrary(ring);
		expect(communityCount(directedLouvain(ring, 1))).toBeGreaterThan(1);
	});

	it("on random graphs with the memory graph's weights and parallel links", () => {
		for (const [seed, nodeCount, edgeCount] of [
			[1, 30, 60],
			[2, 200, 500],
			[3, 1000, 1500],
			[4, 3000, 9000],
		] as const)
			expectSameAsLibrary(randomGraph(seed, nodeCount, edgeCount, causal));
	});

	it("on weighted clusters, over several levels", () => {
		const graph = clusteredGraph(5, 40, 25);
		expectSameAsLibrary(graph);
		const found = communityCount(directedLouvain(graph, 1));
		expect(found).toBeGreaterThan(20);
		expect(found).toBeLessThan(80);
	});

	it("with unlinked notes, self-links and links of weight 0", () => {
		const random = mulberry32(6);
		const triples: [number, number, number][] = [];
		for (let e = 0; e < 400; e++) {
			const source = Math.floor(random() * 150);
			const target = random() < 0.1 ? source : Math.floor(random() * 150);
			triples.push([source, target, random() < 0.2 ? 0 : random() * 2]);
		}
		// Nodes 150…199 have no link at all.
		const graph = columns(200, triples);
		expectSameAsLibrary(graph);
		const community = directedLouvain(graph, 1);
		expect(new Set(Array.from(community.subarray(150)))).toHaveProperty("size", 50);
	});

	it("where the library's index arrays wrap: exactly 128 links, 256 nodes (32,768 and 65,536: the .slow test)", () => {
		expectSameAsLibrary(randomGraph(7, 100, 128, causal));
		expectSameAsLibrary(randomGraph(8, 256, 300, causal));
		expectSameAsLibrary(randomGraph(9, 256, 128, causal));
	});
});
