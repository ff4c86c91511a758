import { afterEach, describe, expect, it, vi } from "vitest";
import type { RunningMcpServer } from "../../../src/mcp/http/mcp-http-server";
import {
	initializeRaw,
	LIST_TOOLS,
	MCP_HEADERS,
	openEventStream,
	rawRequest,
	startEchoServer,
	type TestServer,
} from "./http-harness";
import { ManualTime } from "./manual-time";

const IDLE_MS = 10 * 60_000;

describe("MCP HTTP server: idle sessions", () => {
	let running: RunningMcpServer | undefined;
	afterEach(async () => {
		await running?.close();
		running = undefined;
	});

	async function start(time: ManualTime): Promise<TestServer> {
		const started = await startEchoServer({ idleSessionMs: IDLE_MS, now: () => time.now, timers: time });
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

	it("closes sessions idle for idleSessionMs; their ids then get 404", async () => {
		const time = new ManualTime();
		const started = await start(time);
		expect(time.delays).toEqual([60_000]);
		const stale = await initializeRaw(started.server.port, started.token);
		await time.advance(IDLE_MS / 2);
		const active = await initializeRaw(started.server.port, started.token);
		expect(started.server.sessionCount()).toBe(2);

		await time.advance(IDLE_MS / 2);
		expect(started.server.sessionCount()).toBe(1);
		expect((await listTools(started, stale)).status).toBe(404);
		expect(started.logs).toContain("MCP: closed 1 idle session.");

		const used = await listTools(started, active);
		expect(used.status).toBe(200);
		await time.advance(IDLE_MS - 1);
		expect(started.server.sessionCount()).toBe(1);
		await time.advance(1);
		expect(started.server.sessionCount()).toBe(0);
		expect(time.delays).toEqual([60_000]);
	});

	it("keeps a session while its event stream is open, and reaps it once the stream ends", async () => {
		const time = new ManualTime();
		const started = await start(time);
		const sessionId = await initializeRaw(started.server.port, started.token);
		const stream = await openEventStream(started.server.port, started.token, sessionId);

		await time.advance(IDLE_MS * 3);
		expect(started.server.sessionCount()).toBe(1);

		await stream.close();
		// The server sees the disconnect a moment after the client does.
		await vi.waitFor(async () => {
			await time.advance(IDLE_MS);
			expect(started.server.sessionCount()).toBe(0);
		});
	});

	it("stops sweeping once closed", async () => {
		const time = new ManualTime();
		const started = await start(time);
		await started.server.close();
		expect(time.delays).toEqual([]);
	});

	it("refuses a non-positive idle time", async () => {
		await expect(startEchoServer({ idleSessionMs: 0 })).rejects.toThrow(/"idleSessionMs" must be a positive number/);
	});
});
