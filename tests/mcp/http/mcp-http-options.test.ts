import { afterEach, describe, expect, it } from "vitest";
import { bearerTokenMatches, generateToken } from "../../../src/mcp/http/bearer-token";
import { startMcpHttpServer, type RunningMcpServer } from "../../../src/mcp/http/mcp-http-server";
import { createEchoServer } from "./echo-server";
import { connectClient, INITIALIZE, MCP_HEADERS, rawRequest } from "./http-harness";

describe("MCP HTTP server: token options", () => {
	let running: RunningMcpServer | undefined;
	afterEach(async () => {
		await running?.close();
		running = undefined;
	});

	it("generates distinct 32-byte URL-safe tokens", () => {
		const tokens = new Set(Array.from({ length: 50 }, generateToken));
		expect(tokens.size).toBe(50);
		for (const token of tokens) {
			expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
			expect(Buffer.from(token, "base64url")).toHaveLength(32);
		}
	});

	it("matches only the exact bearer token", () => {
		const token = generateToken();
		expect(bearerTokenMatches(`Bearer ${token}`, token)).toBe(true);
		expect(bearerTokenMatches(`BEARER  ${token} `, token)).toBe(true);
		expect(bearerTokenMatches(undefined, token)).toBe(false);
		expect(bearerTokenMatches("Bearer ", token)).toBe(false);
		expect(bearerTokenMatches(`Bearer ${token.toUpperCase()}`, token)).toBe(false);
		expect(bearerTokenMatches(`Bearer ${token} ${token}`, token)).toBe(false);
		expect(bearerTokenMatches(`Bearer ${token.slice(1)}`, token)).toBe(false);
	});

	it("never starts without a token unless allowNoAuth is given", async () => {
		await expect(startMcpHttpServer({ createServer: createEchoServer, port: 0, token: null })).rejects.toThrow(
			/needs a token.*allowNoAuth/,
		);
		await expect(
			startMcpHttpServer({ createServer: createEchoServer, port: 0, token: null, allowNoAuth: false }),
		).rejects.toThrow(/needs a token/);
	});

	it("refuses a short token without repeating it", async () => {
		const short = "short-secret-value";
		const attempt = startMcpHttpServer({ createServer: createEchoServer, port: 0, token: short });
		await expect(attempt).rejects.toThrow(/"token" is too short: use at least 43/);
		await attempt.catch((error: Error) => expect(error.message).not.toContain(short));
	});

	it("serves without a token only with allowNoAuth on loopback, and warns loudly", async () => {
		const logs: string[] = [];
		const open = await startMcpHttpServer({
			createServer: createEchoServer,
			port: 0,
			token: null,
			allowNoAuth: true,
			log: (line) => logs.push(line),
		});
		running = open;
		expect(open.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
		expect(
			logs.some((line) => line.startsWith("WARNING") && line.includes("WITHOUT a token") && line.includes(open.url)),
		).toBe(true);
		const { client } = await connectClient(open.url, null);
		expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["echo"]);
		await client.close();
		const foreign = await rawRequest({
			port: open.port,
			headers: { ...MCP_HEADERS, host: "evil.example.com" },
			body: INITIALIZE,
		});
		expect(foreign.status).toBe(403);
	});

	it("keeps requiring the token when one is set, even with allowNoAuth", async () => {
		const token = generateToken();
		running = await startMcpHttpServer({ createServer: createEchoServer, port: 0, token, allowNoAuth: true });
		const reply = await rawRequest({ port: running.port, headers: MCP_HEADERS, body: INITIALIZE });
		expect(reply.status).toBe(401);
	});
});
