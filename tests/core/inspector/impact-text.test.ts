import { describe, expect, it } from "vitest";
import { removalImpactText } from "../../../src/core/inspector/impact-text";
import type { RemovalImpact } from "../../../src/core/inspector/types";

const CATEGORIES: Record<string, string> = {
	"Use Postgres.md": "decision",
	"Ship on Fridays.md": "Decision",
	"Outage.md": "incident",
	"Weekly sync.md": "meeting summary",
	"Category.md": "policy",
};
const categoryOf = (path: string): string | null => CATEGORIES[path] ?? null;
const titleOf = (path: string): string => path.replace(/\.md$/, "");

function impact(orphaned: string[], orphanedCount = orphaned.length, disconnected = orphanedCount): RemovalImpact {
	return {
		orphaned,
		orphanedCount,
		disconnected,
		componentsAfter: 1,
		weightedDegree: 1,
		supportiveEdges: orphanedCount,
		edges: orphanedCount,
	};
}

describe("removalImpactText", () => {
	it("counts the orphans by category, most first, and names them", () => {
		expect(
			removalImpactText(impact(["Note.md", "Outage.md", "Ship on Fridays.md", "Use Postgres.md"]), categoryOf, titleOf),
		).toBe(
			"Removing this leaves 2 decisions, 1 incident and 1 other memory without a supporting link: Note, Outage, Ship on Fridays, Use Postgres.",
		);
	});

	it("makes plurals of category words and counts orphans it does not name as memories", () => {
		expect(removalImpactText(impact(["Category.md", "Weekly sync.md"], 9, 12), categoryOf, titleOf)).toBe(
			"Removing this leaves 1 meeting summary, 1 policy and 7 other memories without a supporting link: Category, Weekly sync and 7 more. It also cuts 3 other memories off from the rest of its neighbourhood.",
		);
		expect(removalImpactText(impact(["A.md", "B.md"]), categoryOf, titleOf)).toBe(
			"Removing this leaves 2 memories without a supporting link: A, B.",
		);
	});

	it("says when nothing is orphaned, or only what is cut off", () => {
		expect(removalImpactText(impact([]), categoryOf, titleOf)).toBe(
			"Removing this leaves no other memory without a supporting link.",
		);
		expect(removalImpactText(impact([], 0, 4), categoryOf, titleOf)).toBe(
			"Removing this cuts 4 memories off from the rest of its neighbourhood.",
		);
	});
});
