import { describe, expect, it } from "vitest";
import {
	checkpointContent,
	checkpointTitle,
	CHECKPOINT_PROMPT_CHARS,
	keptPrompts,
	projectTag,
} from "../../../src/core/hooks/checkpoint-note";

describe("checkpoint note", () => {
	it("is titled by day, project and session", () => {
		expect(checkpointTitle({ sessionId: "8f3e2a10-aaaa-bbbb", project: "harbor", day: "2026-12-04" })).toBe(
			"Claude Code session 2026-12-04 harbor 8f3e2a10",
		);
	});

	it("keeps all prompts when they fit", () => {
		expect(keptPrompts(["first", "second"])).toEqual(["- first", "- second"]);
	});

	it("keeps the first prompt and the latest within ~2 KB, saying how many were left out", () => {
		const prompts = Array.from({ length: 40 }, (_, i) => `prompt ${i} ${"x".repeat(100)}`);
		const kept = keptPrompts(prompts);
		expect(kept[0]).toContain("prompt 0 ");
		expect(kept[kept.length - 1]).toContain("prompt 39 ");
		expect(kept[1]).toMatch(/^- \(\d+ more prompts left out\)$/);
		expect(kept.join("\n").length).toBeLessThanOrEqual(CHECKPOINT_PROMPT_CHARS + 40);
	});

	it("says which session and project it is, then lists the prompts", () => {
		const content = checkpointContent({
			sessionId: "s1",
			project: "harbor",
			day: "2026-12-04",
			prompts: ["Fix the sync"],
		});
		expect(content).toContain("Claude Code session s1 in harbor, 2026-12-04.");
		expect(content).toContain("- Fix the sync");
	});

	it("makes the project a valid tag, or none", () => {
		expect(projectTag("My Project.v2")).toBe("my-project-v2");
		expect(projectTag("2024")).toBeNull();
		expect(projectTag("...")).toBeNull();
	});
});
