import { afterEach, describe, expect, it } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { parseNote } from "../../../src/core/parse/parse-note";
import { generateToken, startMcpHttpServer, type RunningMcpServer } from "../../../src/mcp/http/mcp-http-server";
import { createMemoryMcpServer } from "../../../src/mcp/memory-mcp-server";
import { MemoryStorage } from "../../fakes/memory-storage";
import { MemoryVault } from "../../helpers/memory-vault";
import { connectHarness, type Harness } from "../memory-tools-harness";
import { connectClient } from "./http-harness";

const NOTES: Record<string, string> = {
	"Memory/Budget 50k.md": '---\nmemory_source: mcp\ncontradicts: "[[Budget 80k]]"\n---\nThe launch budget is $50,000.',
	"Memory/Budget 80k.md": "---\nmemory_source: mcp\n---\nThe launch budget is $80,000.",
};

describe("the new memory tools, resources and prompts over HTTP", () => {
	let harness: Harness | undefined;
	let running: RunningMcpServer | undefined;
	afterEach(async () => {
		await running?.close();
		await harness?.close();
		running = undefined;
		harness = undefined;
	});

	it("stores with tags and event_date, gets, unlinks, refuses an unknown argument, and serves the note resource and the prompt", async () => {
		const vault = new MemoryVault(NOTES);
		harness = await connectHarness(vault, new MemoryStorage());
		const engine = harness.engine;
		const token = generateToken();
		running = await startMcpHttpServer({
			createServer: () => createMemoryMcpServer(engine, { version: "test" }),
			port: 0,
			token,
		});
		const { client } = await connectClient(running.url, token);
		const call = async (name: string, args: Record<string, unknown>) =>
			(await client.callTool({ name, arguments: args })) as CallToolResult;

		const stored = await call("memory_store", {
			content: "Launch is on 2 May.",
			title: "Launch date",
			tags: ["launch"],
			event_date: "2024-05-02",
		});
		expect(stored.structuredContent).toMatchObject({ node_id: "Memory/Launch date.md" });
		const got = await call("memory_get", { node_id: "Launch date" });
		expect(got.structuredContent).toMatchObject({
			content: "Launch is on 2 May.\n",
			tags: ["#launch"],
			properties: { memory_event_date: "2024-05-02", tags: ["launch"] },
		});

		const unlinked = await call("memory_unlink", { source: "Budget 50k", target: "Budget 80k", type: "contradicts" });
		expect(unlinked.structuredContent).toMatchObject({ removed: 1, still_linked_by: [] });
		expect(parseNote(vault.content("Memory/Budget 50k.md") ?? "").frontmatter).toEqual({ memory_source: "mcp" });

		const unknown = await call("memory_get", { node_id: "Launch date", full: true });
		expect(unknown.isError).toBe(true);
		// Over HTTP too, a schema error is our {error, retryable, field} failure (issue 29).
		const [block] = unknown.content as { type: string; text: string }[];
		expect(JSON.parse(block.text)).toEqual({
			error: 'unknown key "full" in the arguments of memory_get; allowed: node_id',
			retryable: false,
		});
		const wrongType = await call("memory_recall", { query: "launch", k: "ten" });
		const [wrong] = wrongType.content as { type: string; text: string }[];
		expect(wrongType.isError).toBe(true);
		expect(JSON.parse(wrong.text)).toMatchObject({ retryable: false, field: "k" });

		const resource = await client.readResource({ uri: "memory://note/Memory/Launch%20date.md" });
		expect(resource.contents[0]).toMatchObject({
			mimeType: "text/markdown",
			text: vault.content("Memory/Launch date.md"),
		});
		const prompt = await client.getPrompt({ name: "recall-for-task", arguments: { task: "launch budget" } });
		expect(prompt.messages.length).toBeGreaterThanOrEqual(2);
		await client.close();
	});
});
