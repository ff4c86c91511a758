import { describe, expect, it } from "vitest";
import { provenanceText, timeAgo, titleOf, whyText } from "../../src/obsidian/view/view-text";

describe("view text", () => {
	it("says how long ago", () => {
		const now = Date.UTC(2026, 11, 1, 12);
		expect(timeAgo(now - 10_000, now)).toBe("just now");
		expect(timeAgo(now - 5 * 60_000, now)).toBe("5 min ago");
		expect(timeAgo(now - 3 * 3_600_000, now)).toBe("3 h ago");
		expect(timeAgo(now - 86_400_000, now)).toBe("yesterday");
		expect(timeAgo(now - 12 * 86_400_000, now)).toBe("12 days ago");
		expect(timeAgo(Date.UTC(2026, 0, 2), now)).toBe("2026-01-02");
	});

	it("names notes and where their links are written", () => {
		expect(titleOf("Projects/Alpha/Plan.md")).toBe("Plan");
		expect(
			provenanceText([{ origin: "frontmatter", key: "caused_by" }, { origin: "wikilink" }, { origin: "wikilink" }]),
		).toBe("property caused_by, body link");
	});

	it("says why recall returned a memory", () => {
		expect(whyText({ terms: ["pool", "size"], similarity: 0.8123 })).toBe("matches pool, size; similarity 0.81");
		expect(
			whyText({
				path: ["Outage.md", "Deploy.md", "Config change.md"],
				edges: [
					{ type: "caused_by", direction: "forward" },
					{ type: "caused_by", direction: "forward" },
				],
			}),
		).toBe("reached through Outage → caused_by → Deploy → caused_by → Config change");
		expect(whyText({ injected: "pinned" })).toBe("included because it is pinned");
		expect(whyText({ terms: ["plan"], replaces: ["Old plan.md"] })).toBe("matches plan; replaces Old plan");
		expect(whyText({})).toBe("ranked by retention");
	});
});
