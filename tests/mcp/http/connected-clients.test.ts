import { afterEach, describe, expect, it } from "vitest";
import { clientLabel, ConnectedClients, MAX_CLIENTS } from "../../../src/mcp/http/connected-clients";
import type { RunningMcpServer } from "../../../src/mcp/http/mcp-http-server";
import { connectClient, initializeRaw, LIST_TOOLS, MCP_HEADERS, rawRequest, startEchoServer } from "./http-harness";

describe("ConnectedClients", () => {
	it("keeps one entry per name and version, with first seen and last request, most recent first", () => {
		let now = 1_000;
		const clients = new ConnectedClients(() => now);
		expect(clients.initialized("s1", { name: "claude-code", version: "2.1.3" }).isNew).toBe(true);
		now = 2_000;
		expect(clients.initialized("s2", { name: "claude-ai", version: "0.1.0" }).isNew).toBe(true);
		now = 3_000;
		// Claude Code's health checks open a session each: still one client.
		expect(clients.initialized("s3", { name: "claude-code", version: "2.1.3" }).isNew).toBe(false);
		now = 4_000;
		clients.requested("s2");
		expect(clients.list()).toEqual([
			{ name: "claude-ai", version: "0.1.0", firstSeen: 2_000, lastRequest: 4_000 },
			{ name: "claude-code", version: "2.1.3", firstSeen: 1_000, lastRequest: 3_000 },
		]);
		clients.sessionClosed("s2");
		now = 5_000;
		clients.requested("s2");
		expect(clients.list()[0]?.lastRequest).toBe(4_000);
	});

	it("is bounded: the client with the oldest request is forgotten first", () => {
		let now = 0;
		const clients = new ConnectedClients(() => now, 3);
		for (const name of ["a", "b", "c"]) {
			now++;
			clients.initialized(name, { name, version: "1" });
		}
		now++;
		clients.requested("a");
		now++;
		clients.initialized("d", { name: "d", version: "1" });
		expect(clients.list().map((client) => client.name)).toEqual(["d", "a", "c"]);
		expect(MAX_CLIENTS).toBeGreaterThan(3);
	});

	it("keeps only a short, printable name and version of whatever clientInfo holds", () => {
		const clients = new ConnectedClients(() => 0);
		clients.initialized("s1", { name: `Evil\u0007\nclient${"x".repeat(200)}`, version: 3 });
		clients.initialized("s2", undefined);
		const [second, first] = clients.list();
		expect(first?.name).toMatch(/^Evil {2}clientx+$/);
		expect(first?.name).toHaveLength(80);
		expect(first?.version).toBe("");
		expect(second?.name).toBe("unknown client");
		expect(clientLabel({ name: "claude-code", version: "2.1.3" })).toBe("Claude Code 2.1.3");
		expect(clientLabel({ name: "claude-ai", version: "0.1.0" })).toBe("Claude desktop app 0.1.0");
		expect(clientLabel({ name: "Zed", version: "" })).toBe("Zed");
	});

	it("tells listeners of each initialize and stops when asked", () => {
		const clients = new ConnectedClients(() => 0);
		const heard: string[] = [];
		const stop = clients.onInitialized((client, isNew) => heard.push(`${client.name} ${isNew}`));
		clients.initialized("s1", { name: "a", version: "1" });
		clients.initialized("s2", { name: "a", version: "1" });
		stop();
		clients.initialized("s3", { name: "b", version: "1" });
		expect(heard).toEqual(["a true", "a false"]);
	});
});

describe("MCP HTTP server: connected clients", () => {
	let running: RunningMcpServer | undefined;
	afterEach(async () => {
		await running?.close();
		running = undefined;
	});

	it("lists the client named in initialize, moves its last request, and logs a new client once", async () => {
		let now = 10_000;
		const { server, token, logs } = await startEchoServer({ now: () => now });
		running = server;
		expect(server.clients()).toEqual([]);
		const { client } = await connectClient(server.url, token);
		expect(server.clients()).toEqual([{ name: "http-test", version: "1.0.0", firstSeen: 10_000, lastRequest: 10_000 }]);
		now = 70_000;
		await client.listTools();
		expect(server.clients()[0]?.lastRequest).toBe(70_000);
		const second = await connectClient(server.url, token);
		await initializeRaw(server.port, token);
		expect(server.clients().map((c) => `${c.name} ${c.version}`)).toEqual(["raw-test 1.0.0", "http-test 1.0.0"]);
		expect(logs.filter((line) => line.includes("connected"))).toEqual([
			"MCP: http-test 1.0.0 connected.",
			"MCP: raw-test 1.0.0 connected.",
		]);
		await client.close();
		await second.client.close();
	});

	it("does not count a request that was refused (no session, bad token)", async () => {
		const { server, token } = await startEchoServer();
		running = server;
		await rawRequest({
			port: server.port,
			headers: { ...MCP_HEADERS, authorization: `Bearer ${token}` },
			body: LIST_TOOLS,
		});
		await rawRequest({
			port: server.port,
			headers: { ...MCP_HEADERS, authorization: "Bearer wrong" },
			body: JSON.stringify({
				jsonrpc: "2.0",
				id: 1,
				method: "initialize",
				params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "intruder", version: "1" } },
			}),
		});
		expect(server.clients()).toEqual([]);
	});

	it("keeps the clients across a restart when the host passes its own registry", async () => {
		const clients = new ConnectedClients(() => 5);
		const first = await startEchoServer({ clients });
		await initializeRaw(first.server.port, first.token);
		await first.server.close();
		const { server } = await startEchoServer({ clients });
		running = server;
		expect(server.clients().map((client) => client.name)).toEqual(["raw-test"]);
	});
});
