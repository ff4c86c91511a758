import { afterEach, describe, expect, it } from "vitest";
import { parseNote } from "../../src/core/parse/parse-note";
import { MemoryStorage } from "../fakes/memory-storage";
import { MemoryVault } from "../helpers/memory-vault";
import { body, connectHarness, type Harness } from "./memory-tools-harness";

const NOTES: Record<string, string> = {
	"Projects/Release 4.2.md":
		'---\ncaused_by: "[[Orders migration]]"\ntags: [release]\n---\nShipped the new payment form on Friday.',
	"Projects/Orders migration.md": "Renamed a column in the orders table before the release.",
	"Projects/Checkout outage.md":
		'---\ncaused_by:\n  - "[[Release 4.2]]"\n  - "[[Orders migration]]"\n---\nCheckout was down for an hour. See [[Garden]].',
	"Garden.md": "Tomatoes need more water in July.",
	"Journal/Secret plans.md": '---\ncaused_by: "[[Release 4.2]]"\n---\nThe surprise party is on the 14th.',
	"Memory/Budget 50k.md":
		'---\nmemory_source: mcp\ncontradicts:\n  - "[[Budget 80k]]"\n---\nThe launch budget is $50,000.',
	"Memory/Budget 80k.md": "---\nmemory_source: mcp\n---\nThe launch budget is $80,000.",
};

let harness: Harness | null = null;

async function connect(settings: Record<string, unknown> = {}) {
	const vault = new MemoryVault(NOTES);
	harness = await connectHarness(vault, new MemoryStorage(), { settings });
	return { ...harness, vault };
}

afterEach(async () => {
	await harness?.close();
	harness = null;
});

interface GotMemory {
	node_id: string;
	content: string;
	properties: Record<string, unknown>;
	tags: string[];
	status: string;
	links: { node_id: string; type: string; direction: string; relation: string }[];
	links_total: number;
}

describe("memory_get", () => {
	it("returns the text, properties, tags and typed links in words of one memory", async () => {
		const { call } = await connect();
		const result = await call("memory_get", { node_id: "[[Release 4.2]]" });
		expect(result.isError).toBeFalsy();
		const got = result.structuredContent as unknown as GotMemory;
		expect(body(result)).toEqual(result.structuredContent);
		expect(got).toMatchObject({
			node_id: "Projects/Release 4.2.md",
			status: "active",
			tags: ["#release"],
			properties: { caused_by: "[[Orders migration]]", tags: ["release"] },
		});
		expect(got.content).toBe("Shipped the new payment form on Friday.");
		expect(got.links).toEqual([
			{ node_id: "Projects/Orders migration.md", type: "caused_by", direction: "out", relation: "caused by" },
			{ node_id: "Journal/Secret plans.md", type: "caused_by", direction: "in", relation: "led to" },
			{ node_id: "Projects/Checkout outage.md", type: "caused_by", direction: "in", relation: "led to" },
		]);
		expect(got.links_total).toBe(3);
	});

	it("leaves out links to notes the client may not read, and refuses an unreadable memory", async () => {
		const { call } = await connect({ mcp: { readFolders: ["Projects"] } });
		const got = (await call("memory_get", { node_id: "Release 4.2" })).structuredContent as unknown as GotMemory;
		expect(got.links.map((link) => link.node_id)).not.toContain("Journal/Secret plans.md");
		expect(got.links_total).toBe(2);
		const refused = await call("memory_get", { node_id: "Journal/Secret plans.md" });
		expect(refused.isError).toBe(true);
		expect(body(refused)).toMatchObject({ field: "node_id" });
		expect(JSON.stringify(body(refused))).not.toContain("surprise party");
	});
});

const EDIT_USER_NOTES = { mcp: { allowMemoryKeysOnOtherNotes: true } };

describe("memory_unlink", () => {
	it("removes one entry of a typed link list and keeps the rest of the note", async () => {
		const { call, vault } = await connect(EDIT_USER_NOTES);
		const result = await call("memory_unlink", {
			source: "Checkout outage",
			target: "Orders migration",
			type: "caused_by",
		});
		expect(result.isError).toBeFalsy();
		expect(result.structuredContent).toEqual({
			source: "Projects/Checkout outage.md",
			target: "Projects/Orders migration.md",
			type: "caused_by",
			removed: 1,
			still_linked_by: [],
		});
		const note = parseNote(vault.content("Projects/Checkout outage.md") ?? "");
		expect(note.frontmatter?.caused_by).toEqual(["[[Release 4.2]]"]);
		expect(vault.content("Projects/Checkout outage.md")).toContain("Checkout was down for an hour. See [[Garden]].");
		const traverse = (
			await call("memory_traverse", {
				node_id: "Checkout outage",
				depth: 1,
				direction: "out",
				edge_types: ["caused_by"],
			})
		).structuredContent as {
			edges: { target: string }[];
		};
		expect(traverse.edges.map((edge) => edge.target)).toEqual(["Projects/Release 4.2.md"]);
	});

	it("removes a single-link property whole, and a second unlink changes nothing", async () => {
		const { call, vault } = await connect(EDIT_USER_NOTES);
		const first = await call("memory_unlink", { source: "Release 4.2", target: "Orders migration", type: "caused_by" });
		expect(first.structuredContent).toMatchObject({ removed: 1, still_linked_by: [] });
		expect(parseNote(vault.content("Projects/Release 4.2.md") ?? "").frontmatter).toEqual({ tags: ["release"] });
		const before = vault.content("Projects/Release 4.2.md");
		const second = await call("memory_unlink", {
			source: "Release 4.2",
			target: "Orders migration",
			type: "caused_by",
		});
		expect(second.structuredContent).toMatchObject({ removed: 0, still_linked_by: [] });
		expect(vault.content("Projects/Release 4.2.md")).toBe(before);
	});

	it("leaves a link written in the note's text and says where it remains", async () => {
		const { call, vault } = await connect(EDIT_USER_NOTES);
		const before = vault.content("Projects/Checkout outage.md");
		const result = await call("memory_unlink", { source: "Checkout outage", target: "Garden", type: "related_to" });
		expect(result.structuredContent).toMatchObject({ removed: 0, still_linked_by: ["a link in the note's text"] });
		expect(vault.content("Projects/Checkout outage.md")).toBe(before);
	});

	it("resolves a contradiction: unlink contradicts, link supersedes", async () => {
		const { call, vault } = await connect();
		expect(
			(await call("memory_unlink", { source: "Budget 50k", target: "Budget 80k", type: "contradicts" }))
				.structuredContent,
		).toMatchObject({ removed: 1 });
		expect(
			(await call("memory_link", { source: "Budget 80k", target: "Budget 50k", type: "supersedes" })).structuredContent,
		).toMatchObject({ created: true });
		expect(parseNote(vault.content("Memory/Budget 50k.md") ?? "").frontmatter).toEqual({ memory_source: "mcp" });
		const recall = (await call("memory_recall", { query: "launch budget", read_only: true })).structuredContent as {
			results: { node_id: string; superseded_by?: string[] }[];
		};
		expect(recall.results[0].node_id).toBe("Memory/Budget 80k.md");
		expect(recall.results.find((hit) => hit.node_id === "Memory/Budget 50k.md")?.superseded_by).toEqual([
			"Memory/Budget 80k.md",
		]);
	});

	it("refuses to unlink from a user's note outside the write folders by default, naming the field, and writes nothing", async () => {
		const { call, vault } = await connect();
		const before = vault.content("Projects/Checkout outage.md");
		const refused = await call("memory_unlink", {
			source: "Checkout outage",
			target: "Release 4.2",
			type: "caused_by",
		});
		expect(refused.isError).toBe(true);
		expect(body(refused)).toMatchObject({ field: "source" });
		expect(vault.content("Projects/Checkout outage.md")).toBe(before);
	});
});
