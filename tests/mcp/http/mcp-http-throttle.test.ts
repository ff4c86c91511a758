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

	// Any local user can send from every address of 127.0.0.0/8 (Linux routes all of it to loopback).
	it.skipIf(process.platform !== "linux")(
		"bounds a flood from many addresses over all of them while the right token is served at once",
		async () => {
			const time = new ManualTime();
			const started = await startEchoServer({
				now: () => time.now,
				timers: time,
				authThrottle: {
					freeFailures: 5,
					maxDelayMs: 10_000,
					globalFailuresPerSecond: 1,
					globalBurst: 3,
					maxHeldTotal: 4,
				},
			});
			running = started.server;
			const port = started.server.port;
			const sweepOnly = time.delays;
			const outcomes: (number | "dropped")[] = [];
			const flood = Array.from({ length: 10 }, (_, i) =>
				rawRequest({ port, headers: WRONG, body: INITIALIZE, localAddress: `127.0.1.${i + 1}` }).then(
					(reply) => outcomes.push(reply.status),
					() => outcomes.push("dropped"),
				),
			);
			await expect.poll(() => outcomes.length).toBe(6);
			expect(outcomes.filter((outcome) => outcome === 401)).toHaveLength(3);
			expect(outcomes.filter((outcome) => outcome === "dropped")).toHaveLength(3);
			expect(time.delays).toEqual([...sweepOnly, 10_000, 10_000, 10_000, 10_000]);

			const good = await rawRequest({
				port,
				headers: { ...MCP_HEADERS, authorization: `Bearer ${started.token}` },
				body: INITIALIZE,
				localAddress: "127.0.1.99",
			});
			expect(good.status).toBe(200);
			expect(outcomes).toHaveLength(6);

			await time.advance(10_000);
			await Promise.all(flood);
			expect(outcomes.filter((outcome) => outcome === 401)).toHaveLength(7);
		},
	);
});
