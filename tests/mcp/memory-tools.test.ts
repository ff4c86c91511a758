import { afterEach, describe, expect, it, vi } from "vitest";
import { parseNote } from "../../src/core/parse/parse-note";
import { MemoryError } from "../../src/core/model/memory-error";
import { MemoryStorage } from "../fakes/memory-storage";
import { bagOfWordsEmbedder } from "../helpers/bag-of-words-embedder";
import { MemoryVault } from "../helpers/memory-vault";
import { ALL_TOOLS, body, connectHarness, errorText, type Harness } from "./memory-tools-harness";
import { DEFAULT_CONFIG_DIR as CONFIG_DIR } from "../fakes/obsidian/vault";

const NOTES: Record<string, string> = {
	"Projects/Release 4.2.md": '---\ncaused_by: "[[Orders migration]]"\n---\nShipped the new payment form on Friday.',
	"Projects/Orders migration.md": "Renamed a column in the orders table before the release.",
	"Projects/Checkout outage.md":
		'---\ncaused_by: "[[Release 4.2]]"\n---\nCheckout was down for an hour after the payment form release.',
	"Journal/Secret plans.md": "The surprise party for Dana is on the 14th. See [[Release 4.2]].",
	"Memory/Old budget.md": "---\nmemory_source: mcp\nmemory_category: decision\n---\nThe launch budget is $50,000.",
	"Garden.md": "Tomatoes need more water in July.",
};

let harness: Harness | null = null;

async function connect(settings: Record<string, unknown> = {}, notes = NOTES) {
	const vault = new MemoryVault(notes);
	harness = await connectHarness(vault, new MemoryStorage(), { settings });
	return { ...harness, vault };
}

afterEach(async () => {
	await harness?.close();
	harness = null;
});

describe("tools/list", () => {
	it("lists every tool with input and output schemas and honest annotations", async () => {
		const { client } = await connect();
		const { tools } = await client.listTools();
		expect(tools.map((tool) => tool.name).sort()).toEqual(ALL_TOOLS);
		const byName = new Map(tools.map((tool) => [tool.name, tool]));
		for (const tool of tools) {
			expect(tool.description?.length, tool.name).toBeGreaterThan(60);
			expect(tool.outputSchema?.type, tool.name).toBe("object");
			expect(tool.inputSchema.type, tool.name).toBe("object");
			expect(tool.annotations?.openWorldHint, tool.name).toBe(false);
		}
		for (const name of ["memory_search", "memory_traverse", "memory_explain", "memory_stats", "list_core_memories"]) {
			expect(byName.get(name)?.annotations?.readOnlyHint, name).toBe(true);
		}
		// Recall reactivates what it returns unless read_only: it is not a read-only tool.
		expect(byName.get("memory_recall")?.annotations).toMatchObject({
			readOnlyHint: false,
			destructiveHint: false,
			idempotentHint: false,
		});
		expect(byName.get("delete_memory")?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
		for (const name of ["pin_memory", "unpin_memory", "memory_link"]) {
			expect(byName.get(name)?.annotations, name).toMatchObject({
				readOnlyHint: false,
				destructiveHint: false,
				idempotentHint: true,
			});
		}
		for (const name of ["memory_store", "memory_amend"]) {
			expect(byName.get(name)?.annotations, name).toMatchObject({
				readOnlyHint: false,
				destructiveHint: false,
				idempotentHint: false,
			});
		}
		expect(byName.get("memory_recall")?.inputSchema.required).toEqual(["query"]);
		expect(byName.get("memory_store")?.inputSchema.required).toEqual(["content"]);
	});
});

describe("memory_store and memory_amend", () => {
	it("stores a note in the memory folder with frontmatter and typed links, and returns the Papez-style fields", async () => {
		const { call, vault } = await connect();
		const result = await call("memory_store", {
			content: "Deploys are frozen during the payment migration.",
			title: "Deploy freeze",
			category: "decision",
			related: [{ id: "[[Checkout outage]]", type: "caused_by" }],
			related_to: ["Projects/Orders migration.md"],
			source_session: "session-42",
		});
		expect(result.isError).toBeFalsy();
		expect(result.structuredContent).toMatchObject({
			node_id: "Memory/Deploy freeze.md",
			status: "stored",
			possible_conflicts: [],
		});
		expect(body(result)).toEqual(result.structuredContent);
		const note = parseNote(vault.content("Memory/Deploy freeze.md") ?? "");
		expect(note.frontmatter).toMatchObject({
			memory_source: "mcp",
			memory_category: "decision",
			memory_session: "session-42",
			caused_by: ["[[Checkout outage]]"],
			related_to: ["[[Orders migration]]"],
		});
	});

	it("reports a possible conflict with an existing memory and auto-links a similar one", async () => {
		const { call } = await connect();
		const result = await call("memory_store", { content: "The launch budget is $80,000 after the review." });
		const stored = result.structuredContent as {
			possible_conflicts: { node_id: string; kind: string }[];
			auto_links: unknown[];
		};
		expect(stored.possible_conflicts).toEqual([
			expect.objectContaining({ node_id: "Memory/Old budget.md", kind: "numeric_mismatch" }),
		]);
		expect(Array.isArray(stored.auto_links)).toBe(true);
	});

	it("rejects an invalid edge type before anything is written, naming the field", async () => {
		const { call, vault } = await connect();
		const before = vault.paths().sort();
		const result = await call("memory_store", { content: "Something.", related: [{ id: "Garden", type: "causes" }] });
		expect(result.isError).toBe(true);
		expect(errorText(result)).toMatch(/related\.0\.type|related\[0\]\.type/);
		expect(vault.paths().sort()).toEqual(before);
	});

	it("amends: a new note supersedes the old one, which is kept", async () => {
		const { call, vault } = await connect();
		const result = await call("memory_amend", {
			node_id: "Old budget",
			content: "The launch budget is $80,000.",
			reason: "review in May",
		});
		expect(result.isError).toBeFalsy();
		const amended = result.structuredContent as { node_id: string; supersedes: string; status: string };
		expect(amended.supersedes).toBe("Memory/Old budget.md");
		expect(amended.status).toBe("stored");
		expect(vault.content("Memory/Old budget.md")).toContain("$50,000");
		expect(parseNote(vault.content(amended.node_id) ?? "").frontmatter?.supersedes).toEqual(["[[Old budget]]"]);

		const recall = await call("memory_recall", { query: "launch budget", read_only: true });
		const results = (recall.structuredContent as { results: { node_id: string; superseded_by?: string[] }[] }).results;
		expect(results[0].node_id).toBe(amended.node_id);
		expect(results.find((hit) => hit.node_id === "Memory/Old budget.md")?.superseded_by).toEqual([amended.node_id]);
	});
});

describe("memory_recall and memory_search", () => {
	it("recalls with why, and reactivates only when not read_only", async () => {
		const { call, engine } = await connect();
		const readOnly = await call("memory_recall", { query: "checkout down", read_only: true, verbosity: "full" });
		const first = readOnly.structuredContent as {
			mode: string;
			results: { node_id: string; content?: string; why: { terms?: string[] } }[];
		};
		expect(first.mode).toBe("keyword+graph");
		expect(first.results[0]).toMatchObject({
			node_id: "Projects/Checkout outage.md",
			why: { terms: expect.arrayContaining(["checkout"]) as string[] },
		});
		expect(first.results[0].content).toBe("Checkout was down for an hour after the payment form release.");
		expect(engine.activity.get("Projects/Checkout outage.md")?.recalls.count ?? 0).toBe(0);

		const counted = await call("memory_recall", { query: "checkout down", k: 1 });
		expect((counted.structuredContent as { results: unknown[] }).results).toHaveLength(1);
		expect(engine.activity.get("Projects/Checkout outage.md")?.recalls.count).toBe(1);
		const snippet = (counted.structuredContent as { results: { snippet?: string }[] }).results[0].snippet;
		expect(snippet).toContain("Checkout was down");
	});

	it("says when an answer was keyword-only, and which channels answered", async () => {
		const { call, engine } = await connect();
		const keywordOnly = body(await call("memory_recall", { query: "checkout down", read_only: true }));
		expect(keywordOnly).toMatchObject({ mode: "keyword+graph", vector: false, channels: ["keyword", "graph"] });
		expect(keywordOnly.note).toMatch(/^Keyword and graph only: semantic recall is off .*causal-memory model download/);

		await engine.useEmbedder(bagOfWordsEmbedder());
		await engine.recallService.noteEmbeddings?.whenIdle();
		const semantic = body(await call("memory_recall", { query: "checkout down", read_only: true }));
		expect(semantic).toMatchObject({ mode: "full", vector: true, channels: ["keyword", "semantic", "graph"] });
		expect(semantic.note).toBeUndefined();
	});

	it("searches with filters and lists by recency for an empty query", async () => {
		const { call } = await connect();
		const decisions = await call("memory_search", { query: "", filters: { category: "DECISION", folder: "Memory" } });
		expect(
			(decisions.structuredContent as { results: { node_id: string }[] }).results.map((hit) => hit.node_id),
		).toEqual(["Memory/Old budget.md"]);
		const keyword = await call("memory_search", {
			query: "tomatoes",
			filters: { status: ["active"], since: "2020-01-01" },
			k: 5,
		});
		const hits = (keyword.structuredContent as { results: { node_id: string; created: string; terms?: string[] }[] })
			.results;
		expect(hits.map((hit) => hit.node_id)).toEqual(["Garden.md"]);
		expect(hits[0].created).toBe(new Date(1_700_000_000_000).toISOString());
		const future = await call("memory_search", { query: "", filters: { active_since: "2999-01-01T00:00:00Z" } });
		expect((future.structuredContent as { results: unknown[] }).results).toEqual([]);
	});

	it("refuses a date that is not ISO 8601, naming the field", async () => {
		const { call } = await connect();
		const result = await call("memory_search", { query: "x", filters: { since: "last Tuesday" } });
		expect(result.isError).toBe(true);
		expect(errorText(result)).toContain("filters.since");
		expect(errorText(result)).toContain("ISO 8601");
	});
});

describe("memory_traverse and memory_explain", () => {
	it("traverses from a link text: nodes with depth and status, and the induced edges", async () => {
		const { call } = await connect();
		const result = await call("memory_traverse", {
			node_id: "[[Release 4.2]]",
			depth: 1,
			direction: "both",
			edge_types: ["caused_by"],
		});
		expect(result.isError).toBeFalsy();
		const traversal = result.structuredContent as {
			start: string;
			nodes: { node_id: string; depth: number; status: string }[];
			edges: unknown[];
			truncated: boolean;
		};
		expect(traversal.start).toBe("Projects/Release 4.2.md");
		expect(traversal.nodes.map((node) => node.node_id).sort()).toEqual([
			"Projects/Checkout outage.md",
			"Projects/Orders migration.md",
			"Projects/Release 4.2.md",
		]);
		expect(traversal.nodes.every((node) => node.status === "active")).toBe(true);
		expect(traversal.edges).toEqual(
			expect.arrayContaining([
				{ source: "Projects/Release 4.2.md", target: "Projects/Orders migration.md", type: "caused_by" },
				{ source: "Projects/Checkout outage.md", target: "Projects/Release 4.2.md", type: "caused_by" },
			]),
		);
		expect(traversal.truncated).toBe(false);
	});

	it("explains a memory: the three forces, the formula, status, causal chain, edges and removal impact", async () => {
		const { call, engine } = await connect();
		const result = await call("memory_explain", { node_id: "Release 4.2" });
		expect(result.isError).toBeFalsy();
		const explained = result.structuredContent as Record<string, never> & {
			forces: {
				relevance: { value: number };
				connectivity: { value: number; weighted_degree: number };
				reactivation: { value: number };
			};
			retention: number;
			formula: string[];
		};
		const direct = engine.inspector.explain("Projects/Release 4.2.md");
		// Rounded to 3 decimals for the client.
		expect(explained.retention).toBe(Math.round(direct.scores.retention * 1000) / 1000);
		expect(
			explained.forces.relevance.value * explained.forces.connectivity.value * explained.forces.reactivation.value,
		).toBeCloseTo(explained.retention, 2);
		expect(explained.forces.connectivity.weighted_degree).toBe(2.5);
		expect(explained.formula[0]).toMatch(/^retention = relevance × connectivity × reactivation = /);
		expect(result.structuredContent).toMatchObject({
			node_id: "Projects/Release 4.2.md",
			status: { status: "active", retention_calls_for: "active" },
			upstream: [{ node_id: "Projects/Orders migration.md", depth: 1, via: "Projects/Release 4.2.md" }],
			downstream: [{ node_id: "Projects/Checkout outage.md", depth: 1, via: "Projects/Release 4.2.md" }],
			// Secret plans links here and nowhere else: it would be orphaned too.
			removal_impact: {
				orphaned: ["Journal/Secret plans.md", "Projects/Checkout outage.md", "Projects/Orders migration.md"],
				weighted_degree: 2.5,
				edges: 3,
			},
		});
	});

	it("refuses ids that reach outside the vault, with a clear message and no file touched", async () => {
		const { call, vault } = await connect();
		const before = vault.paths().sort();
		for (const id of ["../outside.md", "/etc/passwd", "Projects/../../x.md", "C:\\Windows\\win.ini"]) {
			const result = await call("memory_explain", { node_id: id });
			expect(result.isError, id).toBe(true);
			expect(body(result), id).toMatchObject({ field: "node_id", retryable: false });
			expect(body(result).error, id).toMatch(/not a usable memory id/);
		}
		const deleted = await call("delete_memory", { node_id: "../Garden.md" });
		expect(body(deleted)).toMatchObject({ field: "node_id", retryable: false });
		expect(vault.paths().sort()).toEqual(before);
	});

	it("says which memory is unknown", async () => {
		const { call } = await connect();
		const result = await call("memory_traverse", { node_id: "Nothing like this" });
		expect(body(result)).toEqual({
			error: expect.stringContaining('No memory "Nothing like this"') as string,
			retryable: false,
			field: "node_id",
		});
	});
});

describe("links, pins, core memories and deletion", () => {
	it("links two memories once: the second call creates nothing", async () => {
		const { call, vault } = await connect();
		const first = await call("memory_link", {
			source: "Old budget",
			target: "Release 4.2",
			type: "supports",
			reason: "the budget paid for it",
		});
		expect(first.structuredContent).toEqual({
			source: "Memory/Old budget.md",
			target: "Projects/Release 4.2.md",
			type: "supports",
			created: true,
			reason: "the budget paid for it",
		});
		expect(parseNote(vault.content("Memory/Old budget.md") ?? "").frontmatter?.supports).toEqual(["[[Release 4.2]]"]);
		const again = await call("memory_link", { source: "Old budget", target: "Release 4.2", type: "supports" });
		expect(again.structuredContent).toMatchObject({ created: false });
	});

	it("pins and unpins, and lists core memories with their category and why", async () => {
		const { call } = await connect();
		expect((await call("pin_memory", { node_id: "Old budget" })).structuredContent).toEqual({
			node_id: "Memory/Old budget.md",
			pinned: true,
			status: "core",
		});
		const core = await call("list_core_memories", { category: "Decision" });
		expect(core.structuredContent).toEqual({
			category: "Decision",
			memories: [
				{
					node_id: "Memory/Old budget.md",
					title: "Old budget",
					category: "decision",
					pinned: true,
					why: "pinned (memory_pinned: true)",
					since: expect.any(String) as string,
				},
			],
		});
		expect((await call("list_core_memories", { category: "preference" })).structuredContent).toEqual({
			category: "preference",
			memories: [],
		});
		expect((await call("unpin_memory", { node_id: "Memory/Old budget.md" })).structuredContent).toEqual({
			node_id: "Memory/Old budget.md",
			pinned: false,
			status: "active",
		});
		expect((await call("list_core_memories")).structuredContent).toEqual({ category: null, memories: [] });
	});

	it("deletes a memory created through MCP and refuses a note the user wrote", async () => {
		const { call, vault } = await connect();
		const stored = (await call("memory_store", { content: "Temporary note to self.", title: "Scratch" }))
			.structuredContent as { node_id: string };
		const deleted = await call("delete_memory", { node_id: stored.node_id });
		expect(deleted.structuredContent).toEqual({
			node_id: "Memory/Scratch.md",
			deleted: true,
			trashed_to: "trash",
			orphaned: [],
			orphaned_count: 0,
			impact: "Removing this leaves no other memory without a supporting link.",
		});
		expect(vault.content("Memory/Scratch.md")).toBeUndefined();

		const refused = await call("delete_memory", { node_id: "Garden" });
		expect(refused.isError).toBe(true);
		expect(body(refused)).toMatchObject({ retryable: false, field: "node_id" });
		expect(vault.content("Garden.md")).toBe(NOTES["Garden.md"]);
	});

	it("refuses to delete a pinned memory without confirm: true, naming what it would orphan, and deletes it with it", async () => {
		const { call, vault } = await connect();
		const stored = (
			await call("memory_store", {
				content: "The finance review approved the launch budget.",
				title: "Budget approval",
				related: [{ id: "Memory/Old budget.md", type: "supports" }],
			})
		).structuredContent as { node_id: string };
		await call("pin_memory", { node_id: stored.node_id });
		const impact = "Removing this leaves 1 decision without a supporting link: Old budget.";

		const refused = await call("delete_memory", { node_id: stored.node_id });
		expect(refused.isError).toBe(true);
		expect(body(refused)).toMatchObject({ retryable: false, field: "confirm" });
		expect(body(refused).error).toBe(
			`"Memory/Budget approval.md" is pinned as a core memory. ${impact} Ask the user, then call again with confirm: true to delete it.`,
		);
		expect(vault.content("Memory/Budget approval.md")).toContain("memory_pinned: true");
		const declined = await call("delete_memory", { node_id: stored.node_id, confirm: false });
		expect(body(declined)).toMatchObject({ field: "confirm" });

		const deleted = await call("delete_memory", { node_id: stored.node_id, confirm: true });
		expect(deleted.structuredContent).toEqual({
			node_id: "Memory/Budget approval.md",
			deleted: true,
			trashed_to: "trash",
			orphaned: ["Memory/Old budget.md"],
			orphaned_count: 1,
			impact,
		});
		expect(vault.content("Memory/Budget approval.md")).toBeUndefined();
	});

	it("sets core preferences, keeping a list left out, and refuses a category in two lists", async () => {
		const { call, settings } = await connect();
		const set = await call("set_core_preferences", { auto: ["preference"], excluded: ["scratch"] });
		expect(set.structuredContent).toEqual({ auto: ["preference"], approval: [], excluded: ["scratch"] });
		expect(settings.scoring.core.autoCategories).toEqual(["preference"]);
		const kept = await call("set_core_preferences", { approval: ["decision"] });
		expect(kept.structuredContent).toEqual({ auto: ["preference"], approval: ["decision"], excluded: ["scratch"] });
		const clash = await call("set_core_preferences", { approval: ["preference"] });
		expect(clash.isError).toBe(true);
		expect(body(clash).retryable).toBe(false);
		expect(settings.scoring.core.approvalCategories).toEqual(["decision"]);
	});
});

describe("memory_stats and memory_maintenance", () => {
	it("reports the vault's numbers", async () => {
		const { call } = await connect();
		const stats = (await call("memory_stats")).structuredContent;
		expect(stats).toMatchObject({
			notes: 6,
			edges: 3,
			edges_by_type: { caused_by: 2, related_to: 1, supports: 0 },
			by_status: { active: 6, core: 0 },
			orphans: 2,
			core: 0,
			pinned: 0,
			pending_embeddings: 0,
			last_maintenance_at: null,
			index_warnings: 0,
		});
	});

	it("runs a dry run by default and applies a pass only when asked", async () => {
		const { call } = await connect();
		const dry = (await call("memory_maintenance")).structuredContent as { dry_run: boolean; notes: number; at: string };
		expect(dry).toMatchObject({ dry_run: true, notes: 6, changes_total: 0 });
		expect((await call("memory_stats")).structuredContent).toMatchObject({ last_maintenance_at: null });
		const applied = (await call("memory_maintenance", { dry_run: false })).structuredContent as { at: string };
		expect((await call("memory_stats")).structuredContent).toMatchObject({ last_maintenance_at: applied.at });
	});
});

describe("bad input", () => {
	it("names the field for wrong types, missing fields, out-of-range numbers and huge strings", async () => {
		const { call } = await connect();
		const cases: [string, Record<string, unknown>, string][] = [
			["memory_recall", { query: 42 }, "query"],
			["memory_recall", {}, "query"],
			["memory_recall", { query: "x", k: "ten" }, "k"],
			["memory_recall", { query: "x", k: 500 }, "k"],
			["memory_recall", { query: "x".repeat(2049) }, "query"],
			["memory_recall", { query: "x", verbosity: "loud" }, "verbosity"],
			["memory_store", { content: "x".repeat(100 * 1024 + 1) }, "content"],
			["memory_store", { content: "" }, "content"],
			["memory_traverse", { node_id: "Garden", depth: 11 }, "depth"],
			["memory_traverse", { node_id: "Garden", direction: "sideways" }, "direction"],
			["memory_link", { source: "Garden", target: "Release 4.2" }, "type"],
			["pin_memory", { node_id: ["Garden"] }, "node_id"],
			["memory_search", { filters: { since: "March" } }, "filters.since"],
			["memory_store", { content: "x", related: [{ id: "Garden", type: "causes" }] }, "related[0].type"],
		];
		for (const [tool, args, field] of cases) {
			const result = await call(tool, args);
			const label = `${tool} ${JSON.stringify(args).slice(0, 60)}`;
			expect(result.isError, label).toBe(true);
			// Schema errors come in our shape too (issue 29), the message starting with the field.
			expect(body(result), label).toMatchObject({ retryable: false, field });
			expect(body(result).error, label).toMatch(new RegExp(`^${field.replace(/[[\].]/g, "\\$&")}: `));
		}
		expect(body(await call("memory_recall", {}))).toEqual({
			error: "query: is required (string)",
			retryable: false,
			field: "query",
		});
	});

	it("answers an unknown tool with an error naming it, and keeps serving", async () => {
		const { call } = await connect();
		const result = await call("memory_forget_everything", {});
		expect(result.isError).toBe(true);
		expect(errorText(result)).toContain("memory_forget_everything");
		expect((await call("memory_stats")).isError).toBeFalsy();
	});

	it("hides an unexpected error's message (it may hold absolute paths) and reports it to the host", async () => {
		const { call, engine, internalErrors } = await connect();
		vi.spyOn(engine.inspector, "stats").mockImplementation(() => {
			throw new Error(`EACCES: permission denied, open '/home/alice/vault/${CONFIG_DIR}/x.json'`);
		});
		const result = await call("memory_stats");
		expect(body(result)).toEqual({
			error: "memory_stats failed because of an internal error in the memory server; its log has the details.",
			retryable: false,
		});
		expect(errorText(result)).not.toContain("/home/alice");
		expect(internalErrors.map((e) => e.tool)).toEqual(["memory_stats"]);
	});

	it("marks a MemoryError retryable only for read tools", async () => {
		const { call, engine } = await connect();
		vi.spyOn(engine.inspector, "stats").mockImplementation(() => {
			throw new MemoryError("The index is still loading.", null, true);
		});
		vi.spyOn(engine.writer, "pin").mockRejectedValue(new MemoryError("The vault is busy.", null, true));
		expect(body(await call("memory_stats"))).toEqual({ error: "The index is still loading.", retryable: true });
		expect(body(await call("pin_memory", { node_id: "Garden" }))).toEqual({
			error: "The vault is busy.",
			retryable: false,
		});
	});
});

describe("permissions", () => {
	const readOnlyProjects = { mcp: { readFolders: ["Projects"] } };

	it("refuses to explain or traverse from a note outside the read folders as from one that does not exist", async () => {
		const { call } = await connect(readOnlyProjects);
		for (const tool of ["memory_explain", "memory_traverse"]) {
			const result = await call(tool, { node_id: "Secret plans" });
			expect(result.isError, tool).toBe(true);
			expect(body(result), tool).toMatchObject({ field: "node_id", retryable: false });
			expect(body(result).error, tool).toContain('No memory "Secret plans" (field node_id)');
		}
	});

	it("leaves unreadable notes out of recall, search, traversal and explanations", async () => {
		const { call, engine } = await connect(readOnlyProjects);
		const recall = await call("memory_recall", { query: "surprise party release" });
		const recalled = (recall.structuredContent as { results: { node_id: string }[] }).results.map((hit) => hit.node_id);
		expect(recalled).toContain("Projects/Release 4.2.md");
		expect(recalled).not.toContain("Journal/Secret plans.md");
		expect(engine.activity.get("Journal/Secret plans.md")?.recalls.count ?? 0).toBe(0);

		const search = await call("memory_search", { query: "", k: 200 });
		const listed = (search.structuredContent as { results: { node_id: string }[] }).results.map((hit) => hit.node_id);
		expect(listed.every((path) => path.startsWith("Projects/") || path.startsWith("Memory/"))).toBe(true);
		expect(listed).toHaveLength(4);

		const traversal = await call("memory_traverse", { node_id: "Release 4.2", depth: 3 });
		const text = JSON.stringify(traversal.structuredContent);
		expect(text).not.toContain("Secret plans");
		const explained = await call("memory_explain", { node_id: "Release 4.2" });
		expect(JSON.stringify(explained.structuredContent)).not.toContain("Secret plans");
		expect(explained.structuredContent).toMatchObject({ removal_impact: { edges: 3 } });
	});

	it("refuses to pin or link from a note outside the write folders unless memory keys are allowed", async () => {
		const { call, vault } = await connect();
		const pin = await call("pin_memory", { node_id: "Garden" });
		expect(body(pin)).toMatchObject({ field: "node_id", retryable: false });
		expect(body(pin).error).toContain("mcp.allowMemoryKeysOnOtherNotes");
		const link = await call("memory_link", { source: "Garden", target: "Old budget", type: "related_to" });
		expect(body(link)).toMatchObject({ field: "source", retryable: false });
		expect(vault.content("Garden.md")).toBe(NOTES["Garden.md"]);
	});

	it("pins a user note when memory keys on other notes are allowed", async () => {
		const { call, vault } = await connect({ mcp: { allowMemoryKeysOnOtherNotes: true } });
		expect((await call("pin_memory", { node_id: "Garden" })).structuredContent).toMatchObject({ pinned: true });
		expect(parseNote(vault.content("Garden.md") ?? "").frontmatter?.memory_pinned).toBe(true);
	});
});
