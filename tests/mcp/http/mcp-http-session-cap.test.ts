import { afterEach, describe, expect, it } from "vitest";
import type { RunningMcpServer } from "../../../src/mcp/http/mcp-http-server";
import {
	connectClient,
	INITIALIZE,
	initializeRaw,
	jsonRpcError,
	LIST_TOOLS,
	MCP_HEADERS,
	openEventStream,
	rawRequest,
	startEchoServer,
	type TestServer,
} from "./http-harness";
import { ManualTime } from "./manual-time";

describe("MCP HTTP server: session cap", () => {
	let running: RunningMcpServer | undefined;
	afterEach(async () => {
		await running?.close();
		running = undefined;
	});

	async function start(maxSessions: number, time = new ManualTime()): Promise<TestServer> {
		const started = await startEchoServer({ maxSessions, now: () => time.now, timers: time });
		running = started.server;
		return started;
	}

	function listTools(started: TestServer, sessionId: string) {
		return rawRequest({
			port: started.server.port,
			headers: { ...MCP_HEADERS, authorization: `Bearer ${started.token}`, "mcp-session-id": sessionId },
			body: LIST_TOOLS,
		});
	}

	it("closes the least recently used idle session when a new one would exceed the cap", async () => {
		const time = new ManualTime();
		const started = await start(3, time);
		const port = started.server.port;
		const [first, second, third] = [
			await initializeRaw(port, started.token),
			await initializeRaw(port, started.token),
			await initializeRaw(port, started.token),
		];
		expect((await listTools(started, first)).status).toBe(200);

		const fourth = await initializeRaw(port, started.token);
		expect(started.server.sessionCount()).toBe(3);
		expect((await listTools(started, second)).status).toBe(404);
		for (const kept of [first, third, fourth]) expect((await listTools(started, kept)).status).toBe(200);

		await time.advance(60_000);
		expect(started.logs).toContain("MCP: closed 1 least recently used idle session to stay within 3 sessions.");
	});

	it("keeps a live client working while far more sessions than the cap are opened and abandoned", async () => {
		const started = await start(4);
		const { client, transport } = await connectClient(started.server.url, started.token);
		for (let round = 0; round < 12; round++) {
			await initializeRaw(started.server.port, started.token);
			await initializeRaw(started.server.port, started.token);
			const result = await client.callTool({ name: "echo", arguments: { text: `round ${round}` } });
			expect(result.content).toEqual([{ type: "text", text: `round ${round}` }]);
			expect(started.server.sessionCount()).toBeLessThanOrEqual(4);
		}
		await transport.terminateSession();
		await client.close();
	});

	it("never closes a session with an open stream; when every session is busy a new one gets 503", async () => {
		const started = await start(2);
		const port = started.server.port;
		const busy = [await initializeRaw(port, started.token), await initializeRaw(port, started.token)];
		const streams = await Promise.all(busy.map((id) => openEventStream(port, started.token, id)));

		const refused = await rawRequest({
			port,
			headers: { ...MCP_HEADERS, authorization: `Bearer ${started.token}` },
			body: INITIALIZE,
		});
		expect(refused.status).toBe(503);
		expect(refused.headers["retry-after"]).toBe("1");
		expect(jsonRpcError(refused)?.message).toMatch(/all 2 sessions have a request open/);
		for (const id of busy) expect((await listTools(started, id)).status).toBe(200);

		await streams[0].close();
		await expect
			.poll(
				async () =>
					(
						await rawRequest({
							port,
							headers: { ...MCP_HEADERS, authorization: `Bearer ${started.token}` },
							body: INITIALIZE,
						})
					).status,
			)
			.toBe(200);
		expect((await listTools(started, busy[0])).status).toBe(404);
		expect((await listTools(started, busy[1])).status).toBe(200);
		await streams[1].close();
	});

	it("refuses a cap that is not a whole number of at least 1", async () => {
		await expect(startEchoServer({ maxSessions: 0 })).rejects.toThrow(
			/"maxSessions" must be a whole number of at least 1/,
		);
		await expect(startEchoServer({ maxSessions: 2.5 })).rejects.toThrow(/"maxSessions"/);
	});
});
