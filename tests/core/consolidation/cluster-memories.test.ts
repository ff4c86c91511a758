import { describe, expect, it } from "vitest";
import {
	ClusterBuilder,
	clusterMemories,
	type ClusterCandidate,
} from "../../../src/core/consolidation/cluster-memories";

const words = (text: string): string[] => [
	...new Set(
		text
			.toLowerCase()
			.split(/\W+/)
			.filter((word) => word.length > 2),
	),
];

function candidate(id: string, at: number, text: string, extra: Partial<ClusterCandidate> = {}): ClusterCandidate {
	const terms = words(text);
	return { id, at, terms, cues: [...terms, ...(extra.names ?? [])], names: [], ...extra };
}

const DEPLOY = [
	candidate("a.md", 1, "deploy staging failed rollback migration postgres lock timeout"),
	candidate("b.md", 3, "staging deploy failed again postgres migration lock rollback"),
	candidate("c.md", 2, "rollback after the staging deploy migration lock in postgres"),
];
const OTHERS = [
	candidate("x.md", 4, "sourdough starter smells of acetone after the fridge week"),
	candidate("y.md", 5, "violin lessons moved to wednesdays with new teacher"),
	candidate("z.md", 6, "garden tomatoes split after heavy rain this summer"),
];

describe("clusterMemories", () => {
	it("groups memories that share rare words, members newest first, and leaves the others out", () => {
		const clusters = clusterMemories([...OTHERS, ...DEPLOY]);
		expect(clusters).toHaveLength(1);
		expect(clusters[0].members).toEqual(["b.md", "c.md", "a.md"]);
		expect(clusters[0].newestAt).toBe(3);
		// Held by all three and equally rare: alphabetical, at most four.
		expect(clusters[0].label).toEqual(["deploy", "lock", "migration", "postgres"]);
		expect(clusters[0].why[0]).toMatch(/^similar wording: mean keyword similarity 0\.\d\d?$/);
	});

	it("gives the same clusters whatever the input order", () => {
		const forward = clusterMemories([...DEPLOY, ...OTHERS]);
		const backward = clusterMemories([...OTHERS, ...DEPLOY].reverse());
		expect(backward).toEqual(forward);
	});

	it("never calls two memories alike on fewer than 3 shared words", () => {
		const clusters = clusterMemories([candidate("p.md", 1, "zebra quokka"), candidate("q.md", 2, "zebra quokka")]);
		expect(clusters).toEqual([]);
	});

	it("lists the newest cluster first and says when its members share an episode", () => {
		const later = [
			candidate("k1.md", 10, "kafka consumer lag billing rebalance timeout", { episode: "s1", names: ["priya"] }),
			candidate("k2.md", 11, "billing kafka consumer lag after rebalance", { episode: "s1", names: ["priya"] }),
		];
		const clusters = clusterMemories([...DEPLOY, ...later, ...OTHERS]);
		expect(clusters.map((cluster) => cluster.members[0])).toEqual(["k2.md", "b.md"]);
		expect(clusters[0].why).toContain("same episode: s1");
		expect(clusters[0].label[0]).toBe("priya");
	});

	it("honours the minimum size and the largest cluster", () => {
		expect(clusterMemories([...DEPLOY, ...OTHERS], 4)).toEqual([]);
		const capped = clusterMemories([...DEPLOY, ...OTHERS], 2, {
			linkFloor: 0.25,
			candidatesPerMemory: 12,
			maxClusterSize: 2,
			commonTermShare: 0.05,
		});
		expect(capped.every((cluster) => cluster.members.length <= 2)).toBe(true);
	});

	it("does bounded work per row: each row is added once, in steps", () => {
		const builder = new ClusterBuilder([...DEPLOY, ...OTHERS]);
		let steps = 0;
		while (!builder.done) {
			builder.addRow();
			steps++;
		}
		expect(steps).toBe(6);
		expect(builder.clusters()).toHaveLength(1);
	});
});
