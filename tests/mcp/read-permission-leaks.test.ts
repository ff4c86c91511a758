import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryStorage } from "../fakes/memory-storage";
import { MemoryVault } from "../helpers/memory-vault";
import { ALL_TOOLS, connectHarness, type Harness } from "./memory-tools-harness";

// Readable: Projects and Memory. Unreadable: Journal, whose notes link to and from readable ones,
// share their words, are pinned, contradict and supersede them: every way a path could slip out.
const NOTES: Record<string, string> = {
	"Projects/Release plan.md":
		'---\ncaused_by: "[[Journal secret launch]]"\n---\nThe release plan for the launch budget. See [[Orders]].',
	"Projects/Orders.md": "The orders table migration before the launch budget review.",
	"Memory/Budget.md":
		'---\nmemory_source: mcp\nmemory_category: decision\ncontradicts: ["[[Journal secret budget]]"]\n---\nThe launch budget is $50,000.',
	"Journal/Journal secret launch.md":
		'---\nmemory_pinned: true\nmemory_category: decision\nsupports: ["[[Release plan]]"]\n---\nThe launch budget and release plan, privately.',
	"Journal/Journal secret budget.md":
		'---\nmemory_category: decision\nsupersedes: ["[[Budget]]"]\ncaused_by: ["[[Orders]]"]\n---\nThe launch budget is $80,000.',
};

/** Arguments that reach as much of each tool as a readable id allows; a new tool must be listed here. */
const CALLS: Record<string, Record<string, unknown>[]> = {
	delete_memory: [{ node_id: "Projects/Orders.md" }, { node_id: "Journal secret budget" }],
	list_core_memories: [{}],
	memory_amend: [
		{ node_id: "Memory/Budget.md", content: "The launch budget is $60,000." },
		{ node_id: "Journal secret budget", content: "The launch budget is $70,000." },
	],
	memory_clusters: [{ k: 50 }, { filters: { folder: "Projects" } }],
	memory_consolidate: [
		{
			ids: ["Memory/Budget.md", "Projects/Release plan.md", "Projects/Orders.md"],
			summary: "The launch budget and the release plan, in one note.",
		},
		{ ids: ["Memory/Budget.md", "Journal secret budget"], summary: "The launch budget, in one note." },
	],
	memory_explain: [
		{ node_id: "Projects/Release plan.md" },
		{ node_id: "Memory/Budget.md" },
		{ node_id: "Projects/Orders.md" },
		{ node_id: "[[Journal secret launch|launch]]" },
	],
	memory_get: [
		{ node_id: "Projects/Release plan.md" },
		{ node_id: "Projects/Orders.md" },
		{ node_id: "Memory/Budget.md" },
		// An unreadable note is refused as one that does not exist: its folder and its existence stay unsaid.
		{ node_id: "Journal secret launch" },
		{ node_id: "[[Journal secret budget]]" },
	],
	memory_link: [
		{ source: "Memory/Budget.md", target: "Projects/Orders.md", type: "related_to" },
		{ source: "Memory/Budget.md", target: "Journal secret launch", type: "related_to" },
		{ source: "Journal secret launch", target: "Memory/Budget.md", type: "related_to" },
	],
	memory_maintenance: [{ dry_run: true }],
	memory_recall: [
		{ query: "launch budget release plan", read_only: true },
		{ query: "launch budget", verbosity: "full", read_only: true },
	],
	memory_review: [{}, { verbosity: "full", k: 50 }],
	memory_search: [{ query: "launch budget" }, { query: "" }, { query: "", filters: { status: "core" } }],
	memory_stats: [{}],
	memory_store: [
		{ content: "The launch budget is $90,000 for the release plan.", allow_duplicate: true },
		{ content: "The launch budget is $95,000.", allow_duplicate: true, related_to: ["Journal secret launch"] },
	],
	memory_traverse: [
		{ node_id: "Projects/Release plan.md", depth: 3 },
		{ node_id: "Journal secret launch", depth: 1 },
		{ node_id: "Projects/Orders.md", depth: 3, direction: "in" },
	],
	memory_unlink: [
		{ source: "Memory/Budget.md", target: "Projects/Orders.md", type: "related_to" },
		{ source: "Memory/Budget.md", target: "Journal secret launch", type: "related_to" },
	],
	pin_memory: [{ node_id: "Memory/Budget.md" }, { node_id: "Journal secret budget" }],
	set_core_preferences: [{ auto_categories: ["decision"] }],
	unpin_memory: [{ node_id: "Memory/Budget.md" }],
};

// A path in the unreadable folder. (A readable note's own text may hold a link text to a secret
// note, as the user wrote it; the client reads that note, so that is not a leak.)
const SECRET = /Journal\//;

describe("no tool names a note the client may not read", () => {
	let harness: Harness;
	const answers: { tool: string; text: string }[] = [];

	beforeAll(async () => {
		harness = await connectHarness(new MemoryVault(NOTES), new MemoryStorage(), {
			settings: { mcp: { readFolders: ["Projects", "Memory"] } },
		});
		for (const tool of ALL_TOOLS) {
			for (const args of CALLS[tool] ?? []) {
				const result = await harness.call(tool, args);
				answers.push({ tool, text: JSON.stringify(result) });
			}
		}
	}, 60_000);

	afterAll(async () => {
		await harness.close();
	});

	it("has calls for every tool the server registers", () => {
		expect(Object.keys(CALLS).sort()).toEqual(ALL_TOOLS);
	});

	it("calls reach the notes around the secret ones (the check below sees real answers)", () => {
		const all = answers.map((answer) => answer.text).join("\n");
		expect(all).toContain("Projects/Release plan.md");
		expect(all).toContain("Projects/Orders.md");
		expect(all).toContain("Memory/Budget.md");
	});

	it("refuses an unreadable note with the words it uses for a note that does not exist", async () => {
		const unreadable = await harness.call("memory_get", { node_id: "Journal secret launch" });
		const missing = await harness.call("memory_get", { node_id: "No such note" });
		expect(JSON.stringify(unreadable).replace("Journal secret launch", "No such note")).toBe(JSON.stringify(missing));
		expect(JSON.stringify(missing)).toContain("No memory");
	});

	it.each(ALL_TOOLS)("%s answers without an unreadable path", (tool) => {
		const leaks = answers
			.filter((answer) => answer.tool === tool && SECRET.test(answer.text))
			.map((answer) => answer.text.slice(0, 300));
		expect(leaks).toEqual([]);
	});
});
