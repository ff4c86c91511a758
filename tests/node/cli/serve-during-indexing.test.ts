import { setTimeout } from "node:timers";
import { afterEach, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { generateToken, startMcpHttpServer, type RunningMcpServer } from "../../../src/mcp/http/mcp-http-server";
import { memoryMcpServerFactory } from "../../../src/mcp/memory-mcp-server";
import type { MemoryEngine } from "../../../src/engine/memory-engine";
import { GatedVault } from "../../helpers/gated-vault";
import { inMemoryEngine } from "../../helpers/in-memory-engine";
import { MemoryVault } from "../../helpers/memory-vault";

const NOTES: Record<string, string> = { "Relay outage.md": "The relay outage started when the certificate expired." };
for (let i = 0; i < 30; i++) NOTES[`Later/Note ${i}.md`] = `A later note about the relay outage, number ${i}.`;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function body(result: CallToolResult): Record<string, unknown> {
	const block = result.content[0];
	if (block?.type !== "text") throw new Error("the result has no text block");
	return JSON.parse(block.text) as Record<string, unknown>;
}

/** How serve runs: the port bound first, the engine started behind it (src/node/cli/serve-command.ts). */
describe("the MCP server while the vault is still being indexed", () => {
	it("answers recall over HTTP at once, partial and saying so, and answers a store once the index is built", async () => {
		const vault = new GatedVault(new MemoryVault(NOTES), (path) => path.startsWith("Later/"));
		const { engine, client, started } = await serveDuringIndexing(vault);

		const issued = performance.now();
		const recall = (await client.callTool({
			name: "memory_recall",
			arguments: { query: "relay outage", read_only: true },
		})) as CallToolResult;
		const answeredMs = performance.now() - issued;
		expect(recall.isError).toBeFalsy();
		const partial = body(recall);
		expect(partial.partial).toBe(true);
		expect(partial.note).toMatch(/still being indexed.*Recall again/);
		expect((partial.results as { node_id: string }[]).map((hit) => hit.node_id)).toEqual(["Relay outage.md"]);
		// A generous bound for a loaded machine; the bench measures the real figure.
		expect(answeredMs).toBeLessThan(2000);

		let storeAnswered = false;
		const store = client
			.callTool({ name: "memory_store", arguments: { content: "Stored while the index loads: the relay outage." } })
			.finally(() => (storeAnswered = true)) as Promise<CallToolResult>;
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(storeAnswered).toBe(false);
		expect(engine.ready).toBe(false);

		vault.release();
		await started;
		const stored = await store;
		expect(stored.isError, JSON.stringify(stored.content)).toBeFalsy();
		expect(body(stored)).toMatchObject({ status: "stored" });
		const complete = body(
			(await client.callTool({
				name: "memory_recall",
				// Words every later note holds alike: "relay outage" is in all 31, so only the note
				// titled so scores above recall.ranking.resultFloor.
				arguments: { query: "later note", read_only: true, k: 50 },
			})) as CallToolResult,
		);
		expect(complete.partial).toBeUndefined();
		// No model here: what is left of the note is the keyword-only sentence.
		expect(complete.note).toMatch(/^Keyword and graph only: semantic recall is off/);
		expect(complete.results).toHaveLength(30);
	});

	it("answers every write tool that waited longer than the bound with a retryable 'still indexing', writing nothing", async () => {
		const inner = new MemoryVault(NOTES);
		const vault = new GatedVault(inner, (path) => path.startsWith("Later/"));
		const { client } = await serveDuringIndexing(vault, 30);
		const calls: [string, Record<string, unknown>][] = [
			["memory_store", { content: "Stored while the index loads." }],
			["memory_amend", { node_id: "Relay outage", content: "The relay outage started earlier." }],
			["memory_link", { source: "Relay outage", target: "Later/Note 1", type: "supports" }],
			["memory_unlink", { source: "Relay outage", target: "Later/Note 1", type: "supports" }],
			["pin_memory", { node_id: "Relay outage" }],
			["unpin_memory", { node_id: "Relay outage" }],
			["delete_memory", { node_id: "Relay outage" }],
			["set_core_preferences", { auto: ["decision"] }],
			["memory_maintenance", {}],
		];
		for (const [name, args] of calls) {
			const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
			expect(result.isError, name).toBe(true);
			const failure = body(result);
			expect(Object.keys(failure).sort(), name).toEqual(["error", "retryable"]);
			expect(failure.retryable, name).toBe(true);
			expect(failure.error, name).toMatch(
				/still indexing the vault \(\d+ of 31 notes read\).*retry this in a few seconds/,
			);
		}
		expect(inner.paths()).toHaveLength(31);
		vault.release();
	});
});

/** How serve runs: the port bound first, the engine started behind it (src/node/cli/serve-command.ts). */
async function serveDuringIndexing(
	vault: GatedVault,
	writeWaitMs?: number,
): Promise<{ engine: MemoryEngine; client: Client; started: Promise<unknown> }> {
	const engine = inMemoryEngine(vault, writeWaitMs === undefined ? {} : { writeWaitMs });
	const token = generateToken();
	const server: RunningMcpServer = await startMcpHttpServer({
		createServer: memoryMcpServerFactory(engine, { version: "test" }),
		port: 0,
		token,
	});
	cleanups.push(
		() => engine.stop(),
		() => server.close(),
	);
	const started = engine.start({ follow: true });
	// A start cut short by the cleanup's stop rejects.
	started.catch(() => undefined);
	const client = new Client({ name: "during-indexing", version: "1" });
	await client.connect(
		new StreamableHTTPClientTransport(new URL(server.url), {
			requestInit: { headers: { Authorization: `Bearer ${token}` } },
		}),
	);
	cleanups.push(() => client.close());
	return { engine, client, started };
}
