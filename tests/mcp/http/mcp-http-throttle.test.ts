import { afterEach, describe, expect, it } from "vitest";
import type { RunningMcpServer } from "../../../src/mcp/http/mcp-http-server";
import { INITIALIZE, MCP_HEADERS, rawRequest, startEchoServer, type RawReply } from "./http-harness";
import { ManualTime } from "./manual-time";

const WRONG = { ...MCP_HEADERS, authorization: "Bearer wrong-token-wrong-token-wrong-token-wrong" };

describe("MCP HTTP server: repeated bad tokens", () => {
	let running: RunningMcpServer | undefined;
	afterEach(async () => {
		await running?.close();
		running = undefined;
	});

	it("holds back the 401 after the free failures while a request with the right token is served at once", async () => {
		const time = new ManualTime();
		const started = await startEchoServer({
			now: () => time.now,
			timers: time,
			authThrottle: { freeFailures: 2, baseDelayMs: 5_000, maxDelayMs: 60_000, forgetAfterMs: 600_000, maxHeld: 10 },
		});
		running = started.server;
		const port = started.server.port;
		for (let i = 0; i < 2; i++) expect((await rawRequest({ port, headers: WRONG, body: INITIALIZE })).status).toBe(401);
		const sweepOnly = time.delays;

		let held: RawReply | undefined;
		const pending = rawRequest({ port, headers: WRONG, body: INITIALIZE }).then((reply) => (held = reply));
		await expect.poll(() => time.delays).toEqual([...sweepOnly, 5_000]);

		const good = await rawRequest({
			port,
			headers: { ...MCP_HEADERS, authorization: `Bearer ${started.token}` },
			body: INITIALIZE,
		});
		expect(good.status).toBe(200);
		expect(held).toBeUndefined();

		await time.advance(5_000);
		await pending;
		expect(held?.status).toBe(401);
		expect(held?.headers.connection).toBe("close");

		const next = rawRequest({ port, headers: WRONG, body: INITIALIZE });
		await expect.poll(() => time.delays).toContain(10_000);
		await time.advance(10_000);
		expect((await next).status).toBe(401);
	});
});
