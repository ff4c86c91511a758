import { describe, expect, it } from "vitest";
import type { GraphSummary } from "../../src/core/graph/summary";
import { formatSummary } from "../../src/obsidian/summary-text";

const summary: GraphSummary = {
	notes: 12,
	edges: 7,
	edgesByType: { caused_by: 2, supports: 0, derived_from: 1, related_to: 4, contradicts: 0, supersedes: 0 },
	edgesByKey: {},
	orphans: ["Lonely.md", "Alone.md"],
	dangling: [{ source: "A.md", linkpath: "Nowhere", type: "related_to" }],
	topHubs: [],
};

describe("formatSummary", () => {
	it("lists sizes, the link types in use, orphans, dangling links and problems", () => {
		expect(
			formatSummary(summary, [
				{ path: "Big.md", message: "skipped: too big", skipped: true },
				{ path: "Y.md", message: "bad YAML", skipped: false },
			]),
		).toBe(
			[
				"Memory index: 12 notes, 7 links",
				"Links by type: caused by 2, derived from 1, related to 4",
				"Orphans: 2 · Dangling links: 1",
				"Notes with problems: 2 (1 skipped)",
			].join("\n"),
		);
	});

	it("handles an empty vault in the singular and without a problems line", () => {
		const empty: GraphSummary = {
			...summary,
			notes: 1,
			edges: 0,
			edgesByType: { ...summary.edgesByType, caused_by: 0, derived_from: 0, related_to: 0 },
			orphans: [],
			dangling: [],
		};
		expect(formatSummary(empty, [])).toBe(
			["Memory index: 1 note, 0 links", "Links by type: none", "Orphans: 0 · Dangling links: 0"].join("\n"),
		);
	});
});
