import { describe, expect, it } from "vitest";
import { boundedHit, MAX_LISTED_CONFLICTS, MAX_LISTED_NEIGHBOURS } from "../../../src/core/recall/recall-hits";
import type { RecallHit } from "../../../src/core/recall/recall-types";

const spokes = (n: number) => Array.from({ length: n }, (_, i) => `Spokes/Spoke ${i}.md`);

function hit(change: Partial<RecallHit>): RecallHit {
	return { path: "Hub.md", title: "Hub", score: 1, relevance: 1, retention: 1, status: "active", why: {}, ...change };
}

describe("boundedHit", () => {
	it("names the first 10 memories that supersede a hit or that it replaces, and counts them all", () => {
		const bounded = boundedHit(
			hit({ supersededBy: spokes(10_000), why: { terms: ["hub"], replaces: spokes(50_000) } }),
		);
		expect(MAX_LISTED_NEIGHBOURS).toBe(10);
		expect(bounded.supersededBy).toEqual(spokes(10));
		expect(bounded.supersededByTotal).toBe(10_000);
		expect(bounded.why).toEqual({ terms: ["hub"], replaces: spokes(10), replacesTotal: 50_000 });
	});

	it("leaves a hit with 10 or fewer as it is, without totals", () => {
		const small = hit({ supersededBy: spokes(10), why: { replaces: spokes(3) } });
		expect(boundedHit(small)).toEqual(small);
	});

	it("keeps the first conflict with each of at most 3 other results and counts those results", () => {
		const conflict = (id: string, detail: string) => ({ id, kind: "numeric_mismatch" as const, detail });
		const pair = boundedHit(hit({ conflicts: [conflict("A.md", "x: 1 vs 2"), conflict("A.md", "y: 3 vs 4")] }));
		expect(pair.conflicts).toEqual([conflict("A.md", "x: 1 vs 2")]);
		expect(pair.conflictsTotal).toBeUndefined();
		const nine = spokes(9).map((id) => conflict(id, "spoke: 1 vs 2"));
		const bounded = boundedHit(hit({ conflicts: nine }));
		expect(bounded.conflicts).toEqual(nine.slice(0, MAX_LISTED_CONFLICTS));
		expect(bounded.conflictsTotal).toBe(9);
	});
});
