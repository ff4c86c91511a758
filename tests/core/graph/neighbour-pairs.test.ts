import { describe, expect, it } from "vitest";
import { NeighbourPairs } from "../../../src/core/graph/neighbour-pairs";

async function adjacency(nodeCount: number, pairs: [number, number][], capacity = 1): Promise<string[][]> {
	const list = new NeighbourPairs(capacity);
	for (const [a, b] of pairs) list.add(a, b);
	let pauses = 0;
	const { adjOffsets, adjIndex } = await list.toAdjacency(nodeCount, () => {
		pauses++;
		return Promise.resolve();
	});
	expect(pauses).toBeGreaterThan(0);
	expect(adjOffsets).toHaveLength(nodeCount + 1);
	expect(adjIndex).toHaveLength(adjOffsets[nodeCount]);
	return Array.from({ length: nodeCount }, (_, i) =>
		Array.from(adjIndex.subarray(adjOffsets[i], adjOffsets[i + 1]), String).sort(),
	);
}

describe("NeighbourPairs", () => {
	it("lists each neighbour once per row, in both directions, whatever the repeats", async () => {
		const rows = await adjacency(5, [
			[0, 1],
			[1, 0],
			[0, 1],
			[2, 0],
			[3, 4],
		]);
		expect(rows).toEqual([["1", "2"], ["0"], ["0"], ["4"], ["3"]]);
	});

	it("grows past its initial capacity", async () => {
		const pairs = Array.from({ length: 100 }, (_, i): [number, number] => [i, (i + 1) % 100]);
		const rows = await adjacency(100, pairs);
		expect(rows[0]).toEqual(["1", "99"]);
		expect(rows.every((row) => row.length === 2)).toBe(true);
	});

	it("gives empty rows for nodes without pairs", async () => {
		expect(await adjacency(3, [])).toEqual([[], [], []]);
	});
});
