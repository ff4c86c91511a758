import { afterEach, describe, expect, it } from "vitest";
import type { MemoryEngine } from "../../../src/engine/memory-engine";
import { inMemoryEngine } from "../../helpers/in-memory-engine";
import { MemoryVault } from "../../helpers/memory-vault";

// Three episodes of one trip, consolidated into a summary, and one later note with other evidence.
const NOTES: Record<string, string> = {
	"Trip/Kayak rental.md": "Rented a kayak at Lake Orta on Saturday; the paddle was too short for me.",
	"Trip/Island swim.md": "Swam out to the island at Lake Orta before breakfast, the water was cold.",
	"Trip/Harbour lunch.md": "Lunch by the harbour at Lake Orta: risotto and a long nap in the shade.",
	"Gear/Longer paddle.md": "Ordered a longer kayak paddle, 230 cm, after the trip.",
	"Work/Budget review.md": "The budget review moved to Thursday afternoon.",
	"Work/Standup.md": "Standup notes: the release slips a week, QA needs more time.",
	"Home/Plumber.md": "The plumber fixes the kitchen sink on Monday.",
	"Home/Garden.md": "Planted tomatoes and beans along the fence.",
};
const MEMBERS = ["Trip/Kayak rental.md", "Trip/Island swim.md", "Trip/Harbour lunch.md"];

let engine: MemoryEngine | null = null;

afterEach(async () => {
	await engine?.stop();
	engine = null;
});

describe("recall after a consolidation", () => {
	it("ranks the summary and the other evidence, not the summary's siblings, and folds the matching member into the summary", async () => {
		engine = inMemoryEngine(new MemoryVault(NOTES));
		await engine.start({ follow: false });
		const { nodeId: summary } = await engine.consolidate({
			ids: MEMBERS,
			summary: [
				"Consolidated from 3 memories.",
				"- Rented a kayak at Lake Orta. [[Kayak rental]]",
				"- Swam out to the island. [[Island swim]]",
				"- Lunch by the harbour. [[Harbour lunch]]",
			].join("\n"),
			title: "Weekend at Lake Orta",
		});

		const { results } = await engine.recall("kayak paddle", { k: 3, readOnly: true });
		const paths = results.map((hit) => hit.path);

		expect(paths.slice(0, 2).sort()).toEqual(["Gear/Longer paddle.md", summary]);
		// The siblings only reached the query through the summary: they take no place of their own.
		expect(paths).not.toContain("Trip/Island swim.md");
		expect(paths).not.toContain("Trip/Harbour lunch.md");
		// The member that matched is folded into its summary, named by it.
		expect(paths).not.toContain("Trip/Kayak rental.md");
		expect(results.find((hit) => hit.path === summary)?.why.consolidates).toContain("Trip/Kayak rental.md");
	});

	it("keeps members in the results while the summary is out of the caller's reach", async () => {
		engine = inMemoryEngine(new MemoryVault(NOTES));
		await engine.start({ follow: false });
		const { nodeId: summary } = await engine.consolidate({
			ids: MEMBERS,
			summary: "Consolidated from 3 memories.\n- Rented a kayak at Lake Orta. [[Kayak rental]]",
			title: "Weekend at Lake Orta",
		});

		const { results } = await engine.recall("kayak paddle", {
			k: 3,
			readOnly: true,
			include: (path) => path !== summary,
		});

		expect(results.map((hit) => hit.path).slice(0, 2)).toEqual(["Gear/Longer paddle.md", "Trip/Kayak rental.md"]);
		expect(results.every((hit) => hit.why.consolidates === undefined)).toBe(true);
	});
});
