import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EDGE_TYPES } from "../../../src/core/model/edge-types";
import { DEFAULT_RECALL_SETTINGS, type SpreadingSettings } from "../../../src/core/model/recall-settings";
import { SpreadingActivation, spreadActivation } from "../../../src/core/recall/spreading-activation";
import { addNode, graphOf } from "./graph-fixture";

const defaults = DEFAULT_RECALL_SETTINGS.spreading;
const settings = (overrides: Partial<SpreadingSettings> = {}): SpreadingSettings => ({ ...defaults, ...overrides });
const decay = defaults.hopDecay;
/** What one hop from a node with this many edges of the hop's type passes on before the edge weight, with the default decay. */
const fanOut = (activation: number, edgesOfType: number) => (activation * decay) / (1 + Math.log(edgesOfType));

describe("spreadActivation", () => {
	it("reaches a memory two causal hops from the only hit, with the path for the why", () => {
		const graph = graphOf(["Hit -caused_by-> Cause", "Cause -caused_by-> Root", "Unrelated -caused_by-> Other"]);
		const reached = spreadActivation(graph, [{ id: "Hit", activation: 1 }], settings());
		expect([...reached.keys()].sort()).toEqual(["Cause", "Root"]);
		expect(reached.get("Cause")?.activation).toBeCloseTo(fanOut(1, 1), 12);
		const root = reached.get("Root");
		expect(root?.activation).toBeCloseTo(fanOut(fanOut(1, 1), 2), 12);
		expect(root?.path).toEqual(["Hit", "Cause", "Root"]);
		expect(root?.edges).toEqual([
			{ type: "caused_by", direction: "forward" },
			{ type: "caused_by", direction: "forward" },
		]);
	});

	it("does not pass through a consolidation summary from one member to its siblings, but reaches the summary and what it cites", () => {
		const graph = graphOf([
			"Summary -derived_from-> A",
			"Summary -derived_from-> B",
			"Summary -derived_from-> C",
			"Summary -caused_by-> Cause",
		]);
		for (const member of ["A", "B", "C"])
			graph.addEdge(member, "Summary", {
				type: "related_to",
				weight: 0.5,
				provenance: [{ origin: "frontmatter", key: "memory_consolidated_into" }],
			});
		const reached = spreadActivation(graph, [{ id: "A", activation: 1 }], settings());
		expect([...reached.keys()].sort()).toEqual(["Cause", "Summary"]);
		// Without the consolidation key the same edges are an ordinary hub: A's siblings are reached.
		const plain = graphOf([
			"Summary -derived_from-> A",
			"Summary -derived_from-> B",
			"Summary -derived_from-> C",
			"Summary -caused_by-> Cause",
			"A -related_to-> Summary",
			"B -related_to-> Summary",
			"C -related_to-> Summary",
		]);
		expect([...spreadActivation(plain, [{ id: "A", activation: 1 }], settings()).keys()].sort()).toEqual([
			"B",
			"C",
			"Cause",
			"Summary",
		]);
	});

	it("stops after the configured number of hops", () => {
		const graph = graphOf(["A -caused_by-> B", "B -caused_by-> C", "C -caused_by-> D"]);
		expect([...spreadActivation(graph, [{ id: "A", activation: 1 }], settings({ hops: 1 })).keys()]).toEqual(["B"]);
		expect([...spreadActivation(graph, [{ id: "A", activation: 1 }], settings({ hops: 3 })).keys()]).toEqual([
			"B",
			"C",
			"D",
		]);
		expect(spreadActivation(graph, [{ id: "A", activation: 1 }], settings({ hops: 0 })).size).toBe(0);
	});

	it("follows edges both ways, passing less towards consequences than towards causes and evidence", () => {
		const graph = graphOf([
			"Seed -caused_by-> Cause",
			"Effect -caused_by-> Seed",
			"Evidence -supports-> Seed",
			"Seed -supports-> Claim",
		]);
		const reached = spreadActivation(graph, [{ id: "Seed", activation: 1 }], settings());
		// Towards its cause and its evidence Seed shares among its two edges of that type; towards its
		// consequences among all four.
		expect(reached.get("Cause")?.activation).toBeCloseTo(fanOut(1, 2) * 1.0, 12);
		expect(reached.get("Effect")?.activation).toBeCloseTo(fanOut(1, 4) * 1.0 * 0.8, 12);
		expect(reached.get("Evidence")?.activation).toBeCloseTo(fanOut(1, 2) * 0.9, 12);
		expect(reached.get("Claim")?.activation).toBeCloseTo(fanOut(1, 4) * 0.9 * 0.8, 12);
		expect(reached.get("Effect")?.edges).toEqual([{ type: "caused_by", direction: "backward" }]);
		expect(reached.get("Claim")?.edges).toEqual([{ type: "supports", direction: "forward" }]);
	});

	it("weights each edge type", () => {
		const graph = graphOf([
			"S -caused_by-> C",
			"S -supports-> P",
			"S -derived_from-> D",
			"S -related_to-> R",
			"S -contradicts-> X",
			"S -supersedes-> O",
		]);
		const reached = spreadActivation(graph, [{ id: "S", activation: 1 }], settings({ downstreamFactor: 1 }));
		const order = [...reached.values()].sort((a, b) => b.activation - a.activation).map((h) => h.id);
		// C and D are S's cause and source (each the only edge of its type); P, R and X share all six.
		expect(order.slice(0, 4)).toEqual(["C", "D", "P", "R"]);
		expect(reached.get("D")?.activation).toBeCloseTo(fanOut(1, 1) * defaults.edgeWeights.derived_from, 12);
		expect(reached.get("P")?.activation).toBeCloseTo(fanOut(1, 6) * defaults.edgeWeights.supports, 12);
		expect(reached.get("X")?.activation).toBeCloseTo(fanOut(1, 6) * 0.3, 12);
		const noContradictions = settings({ edgeWeights: { ...defaults.edgeWeights, contradicts: 0 } });
		expect(spreadActivation(graph, [{ id: "S", activation: 1 }], noContradictions).has("X")).toBe(false);
	});

	it("halves a hop that leaves the seed's community, once per path", () => {
		const graph = graphOf([
			"Seed -caused_by-> Inside",
			"Seed -caused_by-> Outside",
			"Outside -caused_by-> Far",
			"Outside -caused_by-> Back",
		]);
		const community: Record<string, number> = { Seed: 1, Inside: 1, Outside: 2, Far: 2, Back: 1 };
		const reached = spreadActivation(graph, [{ id: "Seed", activation: 1 }], settings(), {
			communityOf: (id) => community[id],
		});
		const first = fanOut(1, 2);
		expect(reached.get("Inside")?.activation).toBeCloseTo(first, 12);
		expect(reached.get("Outside")?.activation).toBeCloseTo(first * 0.5, 12);
		expect(reached.get("Far")?.activation).toBeCloseTo(fanOut(first * 0.5, 3), 12);
		expect(reached.get("Back")?.activation).toBeCloseTo(fanOut(first * 0.5, 3), 12);
		const unknown = spreadActivation(graph, [{ id: "Seed", activation: 1 }], settings(), {
			communityOf: () => undefined,
		});
		expect(unknown.get("Outside")?.activation).toBeCloseTo(first, 12);
	});

	it("normalises fan-out so a hub's neighbours get less than a small node's", () => {
		const edges = Array.from({ length: 500 }, (_, i) => `Hub -related_to-> Leaf ${i}`);
		const graph = graphOf([...edges, "Small -related_to-> Friend"]);
		const reached = spreadActivation(
			graph,
			[
				{ id: "Hub", activation: 1 },
				{ id: "Small", activation: 1 },
			],
			settings({ maxNeighbours: 1000 }),
		);
		expect(reached.get("Friend")?.activation).toBeCloseTo(decay * 0.5, 12);
		expect(reached.get("Leaf 0")?.activation).toBeCloseTo(fanOut(1, 500) * 0.5, 12);
		expect(reached.get("Leaf 0")?.activation).toBeLessThan((decay * 0.5) / 7);
	});

	it("follows only the strongest links of a node, keeping graph order among equals", () => {
		const edges = Array.from({ length: 30 }, (_, i) => `Hub -related_to-> Leaf ${i}`);
		const graph = graphOf([...edges, "Hub -caused_by-> Cause"]);
		const reached = spreadActivation(graph, [{ id: "Hub", activation: 1 }], settings({ maxNeighbours: 5, hops: 1 }));
		expect([...reached.keys()].sort()).toEqual(["Cause", "Leaf 0", "Leaf 1", "Leaf 2", "Leaf 3"]);
	});

	it("combines convergent paths as a noisy-OR and keeps the strongest path", () => {
		const graph = graphOf(["A -caused_by-> Shared", "B -related_to-> Shared"]);
		const reached = spreadActivation(
			graph,
			[
				{ id: "A", activation: 0.8 },
				{ id: "B", activation: 1 },
			],
			settings(),
		);
		const fromA = 0.8 * decay * 1.0;
		const fromB = 1 * decay * 0.5;
		const shared = reached.get("Shared");
		expect(shared?.activation).toBeCloseTo(1 - (1 - fromA) * (1 - fromB), 12);
		expect(shared?.path).toEqual(["A", "Shared"]);
	});

	it("keeps a shorter path that brought more over a later, weaker one, and never walks back", () => {
		const graph = graphOf(["A -caused_by-> B", "B -caused_by-> C", "C -supports-> A"]);
		const reached = spreadActivation(graph, [{ id: "A", activation: 1 }], settings());
		expect(reached.get("C")?.path).toEqual(["A", "C"]);
		expect(reached.has("A")).toBe(false);
	});

	it("reports a seed that another seed reaches", () => {
		const graph = graphOf(["A -caused_by-> B"]);
		const reached = spreadActivation(
			graph,
			[
				{ id: "A", activation: 1 },
				{ id: "B", activation: 0.5 },
			],
			settings({ hops: 1 }),
		);
		expect(reached.get("B")?.activation).toBeCloseTo(decay, 12);
		expect(reached.get("A")?.activation).toBeCloseTo(0.5 * decay * 0.8, 12);
	});

	it("shares a node's activation towards a cause among its edges of that type, so many loose links do not dilute a stated cause", () => {
		const loose = Array.from({ length: 20 }, (_, i) => `Seed -related_to-> Loose${i}`);
		const graph = graphOf(["Seed -caused_by-> Cause", ...loose]);
		const reached = spreadActivation(graph, [{ id: "Seed", activation: 1 }], settings({ hops: 1 }));
		expect(reached.get("Cause")?.activation).toBeCloseTo(decay * 1.0, 12);
		expect(reached.get("Loose0")?.activation).toBeCloseTo(fanOut(1, 21) * 0.5, 12);
	});

	it("shares every other hop among all of a node's edges, typed or not", () => {
		// Seed supports Claim (a hop towards a consequence) and derives from nothing: its two supports
		// edges and three loose links all share, as do the hops of a node with only typed links.
		const graph = graphOf([
			"Seed -supports-> Claim",
			"Seed -supports-> Other claim",
			"Seed -related_to-> A",
			"Seed -related_to-> B",
			"Seed -related_to-> C",
		]);
		const reached = spreadActivation(graph, [{ id: "Seed", activation: 1 }], settings({ hops: 1 }));
		expect(reached.get("Claim")?.activation).toBeCloseTo(
			fanOut(1, 5) * defaults.edgeWeights.supports * defaults.downstreamFactor,
			12,
		);
		expect(reached.get("A")?.activation).toBeCloseTo(fanOut(1, 5) * 0.5, 12);
	});

	it("passes more towards causes and evidence when the query asks why, and nothing more elsewhere", () => {
		const graph = graphOf([
			"Seed -caused_by-> Cause",
			"Evidence -supports-> Seed",
			"Effect -caused_by-> Seed",
			"Seed -related_to-> Loose",
		]);
		const why = settings({ hops: 1, whyFactor: 1.25 });
		const plain = spreadActivation(graph, [{ id: "Seed", activation: 0.6 }], why);
		const asked = spreadActivation(graph, [{ id: "Seed", activation: 0.6 }], why, { asksWhy: true });
		// Two caused_by edges (to Cause, from Effect) share; one supports edge does not.
		expect(asked.get("Cause")?.activation).toBeCloseTo(fanOut(0.6, 2) * 1.25, 12);
		expect(asked.get("Evidence")?.activation).toBeCloseTo(0.6 * decay * 0.9 * 1.25, 12);
		expect(asked.get("Effect")?.activation).toBe(plain.get("Effect")?.activation);
		expect(asked.get("Loose")?.activation).toBe(plain.get("Loose")?.activation);
		const off = spreadActivation(graph, [{ id: "Seed", activation: 0.6 }], settings({ hops: 1, whyFactor: 1 }), {
			asksWhy: true,
		});
		expect(off.get("Cause")?.activation).toBe(plain.get("Cause")?.activation);
	});

	it("does not halve a hop towards a cause outside the seed's community when the query asks why", () => {
		const graph = graphOf(["Seed -caused_by-> Cause", "Seed -related_to-> Loose"]);
		const communityOf = (id: string): number => (id === "Seed" ? 0 : 1);
		const plain = spreadActivation(graph, [{ id: "Seed", activation: 0.5 }], settings({ hops: 1 }), { communityOf });
		const asked = spreadActivation(graph, [{ id: "Seed", activation: 0.5 }], settings({ hops: 1 }), {
			communityOf,
			asksWhy: true,
		});
		expect(plain.get("Cause")?.activation).toBeCloseTo(0.5 * decay * defaults.communityPenalty, 12);
		expect(asked.get("Cause")?.activation).toBeCloseTo(0.5 * decay * defaults.whyFactor, 12);
		expect(asked.get("Loose")?.activation).toBeCloseTo(fanOut(0.5, 2) * 0.5 * defaults.communityPenalty, 12);
	});

	it("uses the strongest of several edges between one pair, once", () => {
		const graph = graphOf(["A -related_to-> B", "A -caused_by-> B"]);
		const reached = spreadActivation(graph, [{ id: "A", activation: 1 }], settings({ hops: 1 }));
		expect(reached.get("B")?.activation).toBeCloseTo(decay, 12);
		expect(reached.get("B")?.edges).toEqual([{ type: "caused_by", direction: "forward" }]);
	});

	it("drops hops below the minimum activation", () => {
		const graph = graphOf(["A -caused_by-> B", "B -caused_by-> C"]);
		const reached = spreadActivation(graph, [{ id: "A", activation: 0.01 }], settings({ minActivation: 0.004 }));
		expect([...reached.keys()]).toEqual(["B"]);
	});

	it("ignores seeds that are not in the graph and rejects activations outside [0, 1]", () => {
		const graph = graphOf(["A -caused_by-> B"]);
		expect(spreadActivation(graph, [{ id: "Missing", activation: 1 }], settings()).size).toBe(0);
		expect(() => spreadActivation(graph, [{ id: "A", activation: 1.5 }], settings())).toThrow(
			'Seed "A" has activation 1.5; seed activations must be from 0 to 1.',
		);
		expect(() => spreadActivation(graph, [{ id: "A", activation: Number.NaN }], settings())).toThrow(/Seed "A"/);
	});

	it("keeps spreading right as the graph changes under a long-lived instance", () => {
		const graph = graphOf(["A -caused_by-> B"]);
		const spreading = new SpreadingActivation(graph, settings({ hops: 1 }));
		expect([...spreading.spread([{ id: "A", activation: 1 }]).keys()]).toEqual(["B"]);
		addNode(graph, "C");
		graph.addEdge("C", "A", { type: "supports", weight: 1, provenance: [{ origin: "mcp" }] });
		expect([...spreading.spread([{ id: "A", activation: 1 }]).keys()].sort()).toEqual(["B", "C"]);
		graph.dropNode("B");
		expect([...spreading.spread([{ id: "A", activation: 1 }]).keys()]).toEqual(["C"]);
		spreading.dispose();
		expect(graph.listenerCount("edgeAdded")).toBe(0);
	});

	it("returns path steps the caller may change without touching later results", () => {
		const graph = graphOf(["A -caused_by-> B"]);
		const spreading = new SpreadingActivation(graph, settings({ hops: 1 }));
		const first = spreading.spread([{ id: "A", activation: 1 }]).get("B");
		if (first) first.edges[0].direction = "backward";
		expect(spreading.spread([{ id: "A", activation: 1 }]).get("B")?.edges).toEqual([
			{ type: "caused_by", direction: "forward" },
		]);
		spreading.dispose();
	});

	it("on any graph, keeps activations in (0, 1] and paths that are real walks from a seed", () => {
		const names = ["a", "b", "c", "d", "e", "f"];
		const edge = fc.tuple(fc.constantFrom(...names), fc.constantFrom(...EDGE_TYPES), fc.constantFrom(...names));
		fc.assert(
			fc.property(
				fc.array(edge, { maxLength: 20 }),
				fc.array(fc.tuple(fc.constantFrom(...names), fc.double({ min: 0, max: 1, noNaN: true })), { maxLength: 4 }),
				(edges, seeds) => {
					const graph = graphOf(
						edges.filter(([s, , t]) => s !== t).map(([s, type, t]) => `${s} -${type}-> ${t}`),
						names,
					);
					const seedIds = new Set(seeds.map(([id]) => id));
					const reached = spreadActivation(
						graph,
						seeds.map(([id, activation]) => ({ id, activation })),
						settings({ hops: 3 }),
					);
					for (const hit of reached.values()) {
						expect(hit.activation).toBeGreaterThan(0);
						expect(hit.activation).toBeLessThanOrEqual(1);
						expect(seedIds.has(hit.path[0])).toBe(true);
						expect(hit.path.at(-1)).toBe(hit.id);
						expect(new Set(hit.path).size).toBe(hit.path.length);
						expect(hit.edges).toHaveLength(hit.path.length - 1);
						hit.edges.forEach((step, i) => {
							const [from, to] =
								step.direction === "forward" ? [hit.path[i], hit.path[i + 1]] : [hit.path[i + 1], hit.path[i]];
							expect(
								graph.someOutEdge(from, (_e, attributes, _s, target) => target === to && attributes.type === step.type),
							).toBe(true);
						});
					}
				},
			),
		);
	});
});
