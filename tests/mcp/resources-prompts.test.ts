import { afterEach, describe, expect, it } from "vitest";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { MemoryStorage } from "../fakes/memory-storage";
import { MemoryVault } from "../helpers/memory-vault";
import { connectHarness, type Harness } from "./memory-tools-harness";

const NOTES: Record<string, string> = {
	"Memory/Deploy freeze.md":
		"---\nmemory_source: mcp\nmemory_pinned: true\nmemory_category: decision\n---\nDeploys are frozen during the payment migration.",
	"Projects/Orders migration.md": "Renamed a column in the orders table before the payment migration.",
	"Journal/Secret plans.md": "---\nmemory_pinned: true\n---\nThe surprise party for Dana is on the 14th.",
	"Garden.md": "Tomatoes need more water in July.",
};

let harness: Harness | null = null;
let vault: MemoryVault;

function vaultText(path: string): string {
	return vault.content(path) ?? "";
}

async function connect(settings: Record<string, unknown> = {}) {
	vault = new MemoryVault(NOTES);
	harness = await connectHarness(vault, new MemoryStorage(), { settings });
	await harness.engine.maintenance.runPass({ dryRun: false });
	return harness;
}

afterEach(async () => {
	await harness?.close();
	harness = null;
});

const READ_PROJECTS_AND_MEMORY = { mcp: { readFolders: ["Projects", "Memory"] } };

function textOf(contents: ({ text: string } | { blob: string })[]): string {
	return contents.map((content) => ("text" in content ? content.text : "")).join("\n");
}

describe("resources", () => {
	it("lists the core memories resource, the hook settings and the note template", async () => {
		const { client } = await connect();
		expect(client.getServerCapabilities()).toMatchObject({ resources: {}, prompts: {} });
		const { resources } = await client.listResources();
		expect(resources).toEqual([
			expect.objectContaining({ uri: "memory://core", name: "core-memories", mimeType: "text/markdown" }),
			expect.objectContaining({ uri: "memory://hooks/settings", name: "hook-settings", mimeType: "application/json" }),
		]);
		const { resourceTemplates } = await client.listResourceTemplates();
		expect(resourceTemplates).toEqual([
			expect.objectContaining({ uriTemplate: "memory://note/{+node_id}", name: "memory-note" }),
		]);
	});

	it("reads the hook settings as JSON: the defaults, or what the settings say", async () => {
		const { client } = await connect({ mcp: { hooks: { promptRecall: false, minTerms: 3 } } });
		const { contents } = await client.readResource({ uri: "memory://hooks/settings" });
		expect(JSON.parse(textOf(contents))).toEqual({
			sessionStart: true,
			promptRecall: false,
			checkpoints: true,
			promptRecallLimit: 3,
			minSimilarity: 0.5,
			minTerms: 3,
			minCoverage: 0.5,
		});
	});

	it("keeps a hook's report of what it showed, naming only memories the client may read", async () => {
		const { client, engine } = await connect(READ_PROJECTS_AND_MEMORY);
		await client.notification({
			method: "notifications/causal_memory/shown",
			params: {
				event: "UserPromptSubmit",
				excerpt: "what is frozen   during the migration?",
				node_ids: ["Memory/Deploy freeze.md", "Journal/Secret plans.md", "Memory/Nowhere.md"],
			},
		});
		await client.notification({
			method: "notifications/causal_memory/shown",
			params: { event: "nonsense", node_ids: [] },
		});
		await expect.poll(() => engine.automaticRecalls.recent(5).length).toBe(1);
		expect(engine.automaticRecalls.recent(5)[0]).toMatchObject({
			event: "UserPromptSubmit",
			excerpt: "what is frozen during the migration?",
			ids: ["Memory/Deploy freeze.md"],
		});
	});

	it("reads the core memories the client may read, with their text", async () => {
		const { client } = await connect(READ_PROJECTS_AND_MEMORY);
		const { contents } = await client.readResource({ uri: "memory://core" });
		expect(contents[0]).toMatchObject({ uri: "memory://core", mimeType: "text/markdown" });
		const text = textOf(contents);
		expect(text).toContain("## Deploy freeze");
		expect(text).toContain("node_id: Memory/Deploy freeze.md · category: decision");
		expect(text).toContain("Deploys are frozen during the payment migration.");
		expect(text).not.toContain("surprise party");
	});

	it("reads a note by id with percent-encoded segments, and refuses an unreadable or unknown one", async () => {
		const { client } = await connect(READ_PROJECTS_AND_MEMORY);
		const { contents } = await client.readResource({ uri: "memory://note/Memory/Deploy%20freeze.md" });
		// The whole file as it is now: the maintenance pass wrote memory_status.
		expect(contents).toEqual([
			{
				uri: "memory://note/Memory/Deploy%20freeze.md",
				mimeType: "text/markdown",
				text: vaultText("Memory/Deploy freeze.md"),
			},
		]);
		expect(vaultText("Memory/Deploy freeze.md")).toContain("memory_status: core");
		const byLinkText = await client.readResource({ uri: "memory://note/Orders%20migration" });
		expect(textOf(byLinkText.contents)).toBe(NOTES["Projects/Orders migration.md"]);
		const refused = client.readResource({ uri: "memory://note/Journal/Secret%20plans.md" });
		await expect(refused).rejects.toBeInstanceOf(McpError);
		await expect(refused).rejects.toThrow(/node_id/);
		await expect(refused).rejects.not.toThrow(/surprise/);
		await expect(client.readResource({ uri: "memory://note/Nowhere.md" })).rejects.toThrow(/Nowhere/);
	});
});

describe("prompts", () => {
	it("lists recall-for-task and consolidate with their arguments", async () => {
		const { client } = await connect();
		const { prompts } = await client.listPrompts();
		expect(prompts).toEqual([
			expect.objectContaining({
				name: "recall-for-task",
				arguments: [
					expect.objectContaining({ name: "task", required: true }),
					expect.objectContaining({ name: "k", required: false }),
				],
			}),
			expect.objectContaining({
				name: "consolidate",
				arguments: [expect.objectContaining({ name: "cluster", required: false })],
			}),
		]);
	});

	it("loads the readable memories relevant to a task as embedded resources, without reactivating them", async () => {
		const { client, engine } = await connect(READ_PROJECTS_AND_MEMORY);
		const prompt = await client.getPrompt({
			name: "recall-for-task",
			arguments: { task: "plan the payment migration", k: "3" },
		});
		const [intro, ...memories] = prompt.messages;
		expect(intro.content).toMatchObject({ type: "text" });
		expect(intro.content.type === "text" ? intro.content.text : "").toContain("plan the payment migration");
		const uris = memories.map((message) => (message.content.type === "resource" ? message.content.resource.uri : ""));
		expect(uris.sort()).toEqual([
			"memory://note/Memory/Deploy%20freeze.md",
			"memory://note/Projects/Orders%20migration.md",
		]);
		const deploy = memories.find(
			(message) => message.content.type === "resource" && message.content.resource.uri.includes("Deploy"),
		);
		expect(deploy?.content).toMatchObject({ resource: { text: "Deploys are frozen during the payment migration." } });
		expect(engine.activity.get("Memory/Deploy freeze.md")?.recalls.count ?? 0).toBe(0);
	});

	it("refuses a k that is not a number from 1 to 20", async () => {
		const { client } = await connect();
		await expect(client.getPrompt({ name: "recall-for-task", arguments: { task: "x", k: "many" } })).rejects.toThrow(
			/k/,
		);
	});
});
