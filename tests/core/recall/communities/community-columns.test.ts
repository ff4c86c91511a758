import { describe, expect, it } from "vitest";
import type { MemoryGraphology } from "../../../../src/core/graph/memory-graph";
import { detectCommunities } from "../../../../src/core/recall/communities/communities";
import {
	communitiesByPath,
	communityColumnsStepwise,
	detectCommunitiesInColumns,
	type CommunityColumns,
} from "../../../../src/core/recall/communities/community-columns";
import { createInThreadMaintenanceWorker } from "../../../../src/workers/in-thread-host";
import { graphOf } from "../graph-fixture";

/** Six causal clusters of six notes, chained by associations and a few supports across. */
function clusteredGraph(): MemoryGraphology {
	const edges: string[] = [];
	for (let c = 0; c < 6; c++) {
		for (let i = 0; i < 6; i++) for (let j = i + 1; j < 6; j += 2) edges.push(`n${c}-${i} -caused_by-> n${c}-${j}`);
		edges.push(`n${c}-0 -related_to-> n${(c + 1) % 6}-0`);
		edges.push(`n${c}-5 -supports-> n${(c + 2) % 6}-3`);
	}
	return graphOf(edges);
}

/** Twelve notes in a ring of associations, r00 → r01 → … → r11 → r00. */
const RING = Array.from(
	{ length: 12 },
	(_, i) => `r${String(i).padStart(2, "0")} -related_to-> r${String((i + 1) % 12).padStart(2, "0")}`,
);

/** Communities as sets of paths, whatever their numbers. */
function partition(communities: Map<string, number>): string[][] {
	const members = new Map<number, string[]>();
	for (const [path, community] of communities) members.set(community, [...(members.get(community) ?? []), path]);
	return [...members.values()].map((paths) => paths.sort()).sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

function columnsOf(graph: MemoryGraphology): { columns: CommunityColumns; steps: number } {
	const steps = communityColumnsStepwise(graph, 1);
	let count = 0;
	for (let step = steps.next(); ; step = steps.next(), count++)
		if (step.done === true) return { columns: step.value, steps: count };
}

describe("communities off the main thread", () => {
	it("leaves out edges to notes added while the columns were being built, instead of tying them to the first row", () => {
		const graph = graphOf(["a -caused_by-> b", "c -caused_by-> d"]);
		const steps = communityColumnsStepwise(graph, 1);
		for (let i = 0; i < graph.order; i++) steps.next();
		// The rows (a, b, c, d) are taken; a note arrives with a link before the edges are read.
		graph.addNode("e", graph.getNodeAttributes("d"));
		graph.addDirectedEdge("e", "c", graph.getEdgeAttributes(graph.edges()[1]));
		let step = steps.next();
		while (step.done !== true) step = steps.next();
		const { request, paths } = step.value;
		const pairs = [...request.sources].map((source, i) => `${paths[source]}→${paths[request.targets[i]]}`);
		expect(pairs.sort()).toEqual(["a→b", "c→d"]);
		expect(request.weights).toHaveLength(2);
	});

	it("finds exactly the communities detectCommunities finds on the graph itself, in small steps", () => {
		const graph = clusteredGraph();
		const { columns, steps } = columnsOf(graph);
		// One step a node, then one an edge.
		expect(steps).toBe(graph.order + graph.size);
		const inWorker = communitiesByPath(columns.paths, detectCommunitiesInColumns(columns.request));
		const here = detectCommunities(graph);
		expect(inWorker).toEqual(here);
		expect(new Set(here.values()).size).toBeGreaterThan(1);
	});

	it("runs through the worker protocol (arrays transferred) with the same answer", async () => {
		const graph = clusteredGraph();
		const { columns } = columnsOf(graph);
		const worker = createInThreadMaintenanceWorker();
		try {
			const answer = await (worker.communities as NonNullable<typeof worker.communities>)(columns.request);
			expect(columns.request.sources.byteLength).toBe(0);
			expect(communitiesByPath(columns.paths, answer.community)).toEqual(detectCommunities(graph));
		} finally {
			worker.terminate();
		}
	});

	it("finds the same communities however the graph's notes and links were added (a restart reads them in another order)", () => {
		// A ring has no clear cut: where Louvain cuts it depends on the order it visits the notes in.
		const asStored = graphOf(RING);
		const asRead = graphOf([...RING].reverse());
		expect(asRead.nodes()).not.toEqual(asStored.nodes());
		expect(partition(detectCommunities(asRead))).toEqual(partition(detectCommunities(asStored)));
		const { columns } = columnsOf(asRead);
		const inWorker = communitiesByPath(columns.paths, detectCommunitiesInColumns(columns.request));
		expect(partition(inWorker)).toEqual(partition(detectCommunities(asStored)));
	});

	it("visits notes oldest first: their creation times decide, not their names or the graph's order", () => {
		const byName = graphOf(RING);
		// The same ring, its notes created in the reverse order of their names, read in two orders.
		const byAge = [graphOf(RING), graphOf([...RING].reverse())];
		for (const graph of byAge)
			graph.forEachNode((node) => graph.setNodeAttribute(node, "ctime", 100 - Number(node.slice(1))));
		expect(partition(detectCommunities(byAge[1]))).toEqual(partition(detectCommunities(byAge[0])));
		expect(partition(detectCommunities(byAge[0]))).not.toEqual(partition(detectCommunities(byName)));
	});

	it("puts every note in its own community when no link is supportive", () => {
		const graph = graphOf(["a -contradicts-> b", "b -contradicts-> c"]);
		const { columns } = columnsOf(graph);
		expect([...detectCommunitiesInColumns(columns.request)]).toEqual([0, 1, 2]);
	});
});
