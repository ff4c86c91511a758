import { afterEach, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { lockFileName } from "../../src/core/activity/writer-lock";
import { createMemoryMcpServer } from "../../src/mcp/memory-mcp-server";
import { MemoryStorage } from "../fakes/memory-storage";
import { inMemoryEngine } from "../helpers/in-memory-engine";
import { MemoryVault } from "../helpers/memory-vault";
import { body } from "./memory-tools-harness";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("the MCP tools of a server whose writer lock another process took over (issue 29.11)", () => {
	it("answer every write with a retryable error naming the new holder, say so in memory_stats, and still recall", async () => {
		const vault = new MemoryVault({
			"Memory/Relay outage.md": "---\nmemory_source: mcp\n---\nThe relay outage started when the certificate expired.",
			"Memory/Certificate renewal.md": "Certificate renewal is now automatic.",
		});
		const storage = new MemoryStorage();
		const clock = { now: Date.UTC(2026, 0, 1) };
		const engine = inMemoryEngine(vault, {
			storage,
			clock: () => clock.now,
			lock: { program: "serve A", pid: 1, host: "box", token: "a", isAlive: () => true },
			updateSettings: () => Promise.resolve(),
		});
		await engine.start({ follow: false });
		const server = createMemoryMcpServer(engine, { version: "test" });
		const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
		await server.connect(serverTransport);
		const client = new Client({ name: "lock-lost", version: "1" });
		await client.connect(clientTransport);
		cleanups.push(
			() => engine.stop(),
			() => server.close(),
			() => client.close(),
		);
		const call = async (name: string, args: Record<string, unknown> = {}) =>
			(await client.callTool({ name, arguments: args })) as CallToolResult;
		expect(body(await call("memory_stats")).writes_refused).toBeNull();

		clock.now += 126_000;
		storage.files.set(
			lockFileName("box"),
			JSON.stringify({
				token: "b",
				program: "serve B",
				pid: 2,
				host: "box",
				startedAt: clock.now,
				heartbeatAt: clock.now,
			}),
		);
		const paths = vault.paths();
		const writes: [string, Record<string, unknown>][] = [
			["memory_store", { content: "Stored after the lock was lost." }],
			["memory_amend", { node_id: "Relay outage", content: "The relay outage started earlier." }],
			["memory_link", { source: "Relay outage", target: "Certificate renewal", type: "supports" }],
			["memory_unlink", { source: "Relay outage", target: "Certificate renewal", type: "supports" }],
			["pin_memory", { node_id: "Relay outage" }],
			["unpin_memory", { node_id: "Relay outage" }],
			["delete_memory", { node_id: "Relay outage" }],
			["set_core_preferences", { auto: ["decision"] }],
			["memory_maintenance", {}],
			["memory_consolidate", { ids: ["Relay outage", "Certificate renewal"], summary: "Both about the relay." }],
		];
		for (const [name, args] of writes) {
			const result = await call(name, args);
			expect(result.isError, name).toBe(true);
			const failure = body(result);
			expect(Object.keys(failure).sort(), name).toEqual(["error", "retryable"]);
			expect(failure.retryable, name).toBe(true);
			expect(failure.error, name).toContain("writer lock was taken over by serve B (pid 2 on box)");
		}
		expect(vault.paths()).toEqual(paths);
		expect(body(await call("memory_stats")).writes_refused).toContain("serve B (pid 2 on box)");
		const recalled = body(await call("memory_recall", { query: "relay outage" }));
		expect((recalled.results as { node_id: string }[]).map((hit) => hit.node_id)).toContain("Memory/Relay outage.md");
	});
});
