import { afterEach, describe, expect, it } from "vitest";
import type { RunningMcpServer } from "../../../src/mcp/http/mcp-http-server";
import {
	connectClient,
	initializeRaw,
	LIST_TOOLS,
	MCP_HEADERS,
	rawRequest,
	startEchoServer,
	type TestServer,
} from "./http-harness";

describe("MCP HTTP server: sessions", () => {
	let running: RunningMcpServer | undefined;
	afterEach(async () => {
		await running?.close();
		running = undefined;
	});

	async function start(): Promise<TestServer> {
		const started = await startEchoServer();
		running = started.server;
		return started;
	}

	it("serves initialize, tools/list and tools/call on 127.0.0.1 at /mcp", async () => {
		const { server, token } = await start();
		expect(server.url).toBe(`http://127.0.0.1:${server.port}/mcp`);
		const { client } = await connectClient(server.url, token);
		expect(client.getServerVersion()?.name).toBe("echo-test");
		const { tools } = await client.listTools();
		expect(tools.map((tool) => tool.name)).toEqual(["echo"]);
		const result = await client.callTool({ name: "echo", arguments: { text: "hello memory" } });
		expect(result.content).toEqual([{ type: "text", text: "hello memory" }]);
		expect(server.sessionCount()).toBe(1);
		await client.close();
	});

	it("answers a request with one JSON body, not an event stream", async () => {
		const { server, token } = await start();
		const sessionId = await initializeRaw(server.port, token);
		const reply = await rawRequest({
			port: server.port,
			headers: {
				...MCP_HEADERS,
				authorization: `Bearer ${token}`,
				"mcp-session-id": sessionId,
				"mcp-protocol-version": "2025-11-25",
			},
			body: LIST_TOOLS,
		});
		expect(reply.status).toBe(200);
		expect(reply.headers["content-type"]).toMatch(/^application\/json/);
		expect(JSON.parse(reply.body)).toMatchObject({ jsonrpc: "2.0", id: 2, result: { tools: [{ name: "echo" }] } });
	});

	it("gives every client its own session", async () => {
		const { server, token } = await start();
		const first = await connectClient(server.url, token);
		const second = await connectClient(server.url, token);
		expect(first.transport.sessionId).toBeDefined();
		expect(second.transport.sessionId).not.toBe(first.transport.sessionId);
		expect(server.sessionCount()).toBe(2);
		const [a, b] = await Promise.all([
			first.client.callTool({ name: "echo", arguments: { text: "one" } }),
			second.client.callTool({ name: "echo", arguments: { text: "two" } }),
		]);
		expect([a.content, b.content]).toEqual([[{ type: "text", text: "one" }], [{ type: "text", text: "two" }]]);
		await first.client.close();
		await second.client.close();
	});

	it("ends a session on DELETE; its id then gets 404", async () => {
		const { server, token } = await start();
		const { client, transport } = await connectClient(server.url, token);
		const sessionId = transport.sessionId;
		if (sessionId === undefined) throw new Error("no session id");
		await transport.terminateSession();
		expect(server.sessionCount()).toBe(0);

		const reused = await rawRequest({
			port: server.port,
			headers: { ...MCP_HEADERS, authorization: `Bearer ${token}`, "mcp-session-id": sessionId },
			body: LIST_TOOLS,
		});
		expect(reused.status).toBe(404);
		expect(JSON.parse(reused.body)).toMatchObject({ jsonrpc: "2.0", error: { code: -32001 } });
		await client.close();
	});

	it("answers a raw session's requests only with its session id", async () => {
		const { server, token } = await start();
		const sessionId = await initializeRaw(server.port, token);
		const listed = await rawRequest({
			port: server.port,
			headers: { ...MCP_HEADERS, authorization: `Bearer ${token}`, "mcp-session-id": sessionId },
			body: LIST_TOOLS,
		});
		expect(listed.status).toBe(200);
		expect(listed.body).toContain('"name":"echo"');

		const deleted = await rawRequest({
			port: server.port,
			method: "DELETE",
			headers: { authorization: `Bearer ${token}`, "mcp-session-id": sessionId },
		});
		expect(deleted.status).toBe(200);
		expect(server.sessionCount()).toBe(0);
	});

	it("does not keep a session whose initialize was refused", async () => {
		const { server, token } = await start();
		const badInitialize = JSON.stringify({
			jsonrpc: "2.0",
			id: 1,
			method: "initialize",
			params: { protocolVersion: "2025-11-25" },
		});
		const reply = await rawRequest({
			port: server.port,
			headers: { ...MCP_HEADERS, authorization: `Bearer ${token}` },
			body: badInitialize,
		});
		expect(reply.status).toBe(400);
		expect(reply.headers["mcp-session-id"]).toBeUndefined();
		expect(server.sessionCount()).toBe(0);
	});
});
