import { describe, expect, it } from "vitest";
import { conflictProfile } from "../../../../src/core/recall/conflicts/conflicts";
import { conflictsAmong } from "../../../../src/core/recall/conflicts/hit-conflicts";

const never = () => false;

describe("conflictsAmong", () => {
	const old = { id: "Old budget.md", profile: conflictProfile("The launch budget is $50,000."), superseded: false };
	const fresh = { id: "New budget.md", profile: conflictProfile("The launch budget is $80,000."), superseded: false };
	const other = { id: "Latency.md", profile: conflictProfile("API latency is 200ms."), superseded: false };

	it("flags both memories of a disagreeing pair, each naming the other, details from its own side", () => {
		const found = conflictsAmong([old, fresh, other], never);
		expect(found.get("Old budget.md")).toEqual([
			{ id: "New budget.md", kind: "numeric_mismatch", detail: "budget ($): recalled $50,000, other $80,000" },
		]);
		expect(found.get("New budget.md")).toEqual([
			{ id: "Old budget.md", kind: "numeric_mismatch", detail: "budget ($): recalled $80,000, other $50,000" },
		]);
		expect(found.has("Latency.md")).toBe(false);
	});

	it("drops a pair that is settled by a link, or whose one side was superseded", () => {
		expect(conflictsAmong([old, fresh], (a, b) => [a, b].sort().join() === "New budget.md,Old budget.md").size).toBe(0);
		expect(conflictsAmong([{ ...old, superseded: true }, fresh], never).size).toBe(0);
	});

	it("flags a one-sided negation", () => {
		const found = conflictsAmong(
			[
				{ id: "a.md", profile: conflictProfile("We use Redis for caching."), superseded: false },
				{ id: "b.md", profile: conflictProfile("We do not use Redis for caching."), superseded: false },
			],
			never,
		);
		expect(found.get("a.md")?.[0]).toMatchObject({ id: "b.md", kind: "negation" });
		expect(found.get("b.md")?.[0]?.detail).toMatch(/^the recalled memory negates a statement of the other one/);
	});
});
