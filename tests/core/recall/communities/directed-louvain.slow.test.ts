import { describe, expect, it } from "vitest";
import { directedLouvain } from "../../../../src/core/recall/communities/directed-louvain";
import { causal, randomGraph } from "./louvain-cases";
import { libraryLouvain } from "./louvain-reference";

describe("directedLouvain where the library's index arrays wrap at 16 bits", () => {
	it("gives the library's communities with exactly 32,768 links (65,536 link ends) and with 65,536 nodes", () => {
		for (const edges of [randomGraph(10, 20_000, 32_768, causal), randomGraph(11, 65_536, 40_000, causal)])
			expect(Array.from(directedLouvain(edges, 1))).toEqual(Array.from(libraryLouvain(edges, 1)));
	});
});
