import { describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { memoryMcpServerFactory, memoryToolList } from "../../src/mcp/memory-mcp-server";
import { ToolContext } from "../../src/mcp/memory-tool";
import { inMemoryEngine } from "../helpers/in-memory-engine";
import { MemoryVault } from "../helpers/memory-vault";

async function listedBy(server: McpServer) {
	const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
	await server.connect(serverSide);
	const client = new Client({ name: "tool-list-test", version: "1" });
	await client.connect(clientSide);
	const listed = await client.listTools();
	await client.close();
	return listed;
}

describe("tools/list", () => {
	it("is the list the SDK builds, built once and shared by every session", async () => {
		const engine = inMemoryEngine(new MemoryVault({}));
		const sdkServer = new McpServer({ name: "sdk", version: "1" });
		memoryToolList(new ToolContext(engine)).registerToolsOn(sdkServer);
		const fromSdk = await listedBy(sdkServer);

		const factory = memoryMcpServerFactory(engine, { version: "1" });
		const first = await listedBy(factory());
		const second = await listedBy(factory());
		expect(first.tools.length).toBeGreaterThan(10);
		expect(first).toEqual(fromSdk);
		expect(JSON.stringify(first)).toBe(JSON.stringify(fromSdk));
		expect(second).toEqual(first);
	});
});
