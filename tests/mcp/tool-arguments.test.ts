import { afterEach, describe, expect, it } from "vitest";
import { parseNote } from "../../src/core/parse/parse-note";
import { MemoryStorage } from "../fakes/memory-storage";
import { MemoryVault } from "../helpers/memory-vault";
import { ALL_TOOLS, body, connectHarness, type Harness } from "./memory-tools-harness";

const NOTES: Record<string, string> = {
	"Projects/Release 4.2.md": "Shipped the new payment form on Friday.",
	"Memory/Old budget.md": "---\nmemory_source: mcp\nmemory_category: decision\n---\nThe launch budget is $50,000.",
};

let harness: Harness | null = null;

async function connect() {
	const vault = new MemoryVault(NOTES);
	harness = await connectHarness(vault, new MemoryStorage());
	return { ...harness, vault };
}

afterEach(async () => {
	await harness?.close();
	harness = null;
});

describe("unknown arguments", () => {
	it("every tool's input schema forbids keys it does not name", async () => {
		const { client } = await connect();
		const { tools } = await client.listTools();
		expect(tools.map((tool) => tool.name).sort()).toEqual(ALL_TOOLS);
		for (const tool of tools) expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
	});

	it("refuses an unknown argument, naming it and the allowed ones, and stores nothing", async () => {
		const { call, vault } = await connect();
		const before = vault.paths().sort();
		const result = await call("memory_store", { content: "Deploys are frozen.", catgory: "decision" });
		expect(result.isError).toBe(true);
		// Our failure shape, not the SDK's plain-text -32602 message (issue 29); no field: the arguments as a whole.
		expect(body(result)).toEqual({
			error:
				'unknown key "catgory" in the arguments of memory_store; allowed: content, title, category, related, related_to, source_session, allow_duplicate, tags, event_date',
			retryable: false,
		});
		expect(vault.paths().sort()).toEqual(before);
	});

	it("refuses unknown keys inside nested objects and in tools without arguments", async () => {
		const { call } = await connect();
		const search = await call("memory_search", { query: "budget", filters: { folders: "Memory" } });
		expect(search.isError).toBe(true);
		expect(body(search)).toEqual({
			error:
				'filters: unknown key "folders" in filters; allowed: status, category, folder, tag, since, active_since, during',
			retryable: false,
			field: "filters",
		});
		const related = await call("memory_store", {
			content: "x",
			related: [{ id: "Old budget", type: "supports", why: "y" }],
		});
		expect(body(related)).toMatchObject({
			error: 'related[0]: unknown key "why" in a related entry; allowed: id, type',
			field: "related[0]",
		});
		const stats = await call("memory_stats", { verbose: true });
		expect(body(stats)).toEqual({
			error: 'unknown key "verbose" in the arguments of memory_stats; allowed: none',
			retryable: false,
		});
	});
});

describe("enum errors", () => {
	it("name the value given and list the allowed ones", async () => {
		const { call } = await connect();
		const link = await call("memory_link", { source: "Old budget", target: "Release 4.2", type: "causes" });
		expect(body(link)).toEqual({
			error:
				'type: "causes" is not allowed; use one of: caused_by, supports, derived_from, related_to, contradicts, supersedes',
			retryable: false,
			field: "type",
		});
		const status = await call("memory_search", { filters: { status: "alive" } });
		expect(body(status)).toEqual({
			error: "filters.status: must be one status or a list of them: active, dormant, fading, pruned, core",
			retryable: false,
			field: "filters.status",
		});
		const statusList = await call("memory_search", { filters: { status: ["active", "alive"] } });
		expect(body(statusList)).toMatchObject({ field: "filters.status" });
		expect(body(statusList).error).toContain("active, dormant, fading, pruned, core");
		const verbosity = await call("memory_recall", { query: "budget", verbosity: "short" });
		expect(body(verbosity)).toMatchObject({
			error: 'verbosity: "short" is not allowed; use one of: full, concise',
			field: "verbosity",
		});
	});
});

describe("memory_store tags and event_date, memory_amend title", () => {
	it("writes tags and memory_event_date next to memory_created, and search finds the memory by tag", async () => {
		const { call, vault } = await connect();
		const result = await call("memory_store", {
			content: "We chose Postgres for the orders service.",
			title: "Orders database",
			tags: ["#project/orders", "decision", "decision"],
			event_date: "2024-05-02",
		});
		expect(result.isError).toBeFalsy();
		const note = parseNote(vault.content("Memory/Orders database.md") ?? "");
		expect(note.frontmatter).toMatchObject({
			tags: ["project/orders", "decision"],
			memory_event_date: "2024-05-02",
			memory_created: new Date(1_700_000_000_000 + 86_400_000).toISOString(),
		});
		const search = await call("memory_search", { query: "", filters: { tag: "project" } });
		expect((search.structuredContent as { results: { node_id: string }[] }).results.map((hit) => hit.node_id)).toEqual([
			"Memory/Orders database.md",
		]);
	});

	it("refuses a tag with spaces and an event_date that is not ISO 8601, naming the field", async () => {
		const { call, vault } = await connect();
		const before = vault.paths().sort();
		const tag = await call("memory_store", { content: "x", tags: ["two words"] });
		expect(body(tag)).toMatchObject({ field: "tags[0]" });
		expect(body(tag).error).toContain("is not a tag");
		const date = await call("memory_store", { content: "x", event_date: "last May" });
		expect(date.isError).toBe(true);
		expect(body(date)).toMatchObject({ field: "event_date", retryable: false });
		expect(body(date).error).toContain("ISO 8601");
		expect(vault.paths().sort()).toEqual(before);
	});

	it("amends under a new title", async () => {
		const { call, vault } = await connect();
		const result = await call("memory_amend", {
			node_id: "Old budget",
			content: "The launch budget is $80,000.",
			title: "Launch budget",
		});
		expect(result.structuredContent).toMatchObject({
			node_id: "Memory/Launch budget.md",
			supersedes: "Memory/Old budget.md",
		});
		expect(parseNote(vault.content("Memory/Launch budget.md") ?? "").frontmatter).toMatchObject({
			supersedes: ["[[Old budget]]"],
			memory_category: "decision",
		});
	});
});

describe("memory_search filters.during (issue 29)", () => {
	it("finds memories of the latest March by event_date or the day written, and refuses text that names no period", async () => {
		const vault = new MemoryVault({
			"Memory/Outage.md": "---\nmemory_event_date: 2024-03-14\n---\nThe database went down.",
			"Memory/Offsite.md": "---\nmemory_created: 2024-03-02\n---\nThe offsite is in Lisbon.",
			"Memory/Older.md": "---\nmemory_event_date: 2023-03-10\n---\nThe old database went down.",
			"Memory/Alerts.md": "---\nmemory_created: 2024-04-02\n---\nDisk alerts added.",
		});
		harness = await connectHarness(vault, new MemoryStorage(), { clock: () => Date.UTC(2025, 0, 20, 9) });
		const paths = async (filters: Record<string, unknown>) =>
			(
				(await harness?.call("memory_search", { filters }))?.structuredContent as { results: { node_id: string }[] }
			).results
				.map((hit) => hit.node_id)
				.sort();
		expect(await paths({ during: "March" })).toEqual(["Memory/Offsite.md", "Memory/Outage.md"]);
		expect(await paths({ during: "March 2023" })).toEqual(["Memory/Older.md"]);
		expect(await paths({ during: "spring" })).toEqual(["Memory/Alerts.md", "Memory/Offsite.md", "Memory/Outage.md"]);
		const refused = await harness.call("memory_search", { filters: { during: "someday" } });
		expect(body(refused)).toMatchObject({ field: "filters.during", retryable: false });
		expect(body(refused).error).toContain('"March" (the latest March)');
	});
});
