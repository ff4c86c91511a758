import { describe, expect, it } from "vitest";
import { boundedHit, MAX_LISTED_NEIGHBOURS } from "../../../src/core/recall/recall-hits";
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
});
