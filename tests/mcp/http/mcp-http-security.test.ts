import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../../../src/mcp/http/json-body";
import {
	connectClient,
	INITIALIZE,
	initializeRaw,
	jsonRpcError,
	LIST_TOOLS,
	MCP_HEADERS,
	rawRequest,
	startEchoServer,
	type RawReply,
	type TestServer,
} from "./http-harness";

/** The request matrix runs against one server: every refusal must leave it serving the next request. */
describe("MCP HTTP server: security matrix", () => {
	let started: TestServer;
	let port: number;
	let auth: Record<string, string>;
	const replies: RawReply[] = [];

	beforeAll(async () => {
		started = await startEchoServer();
		port = started.server.port;
		auth = { authorization: `Bearer ${started.token}` };
	});
	afterAll(async () => {
		await started.server.close();
	});

	async function send(options: Parameters<typeof rawRequest>[0]): Promise<RawReply> {
		const reply = await rawRequest(options);
		replies.push(reply);
		return reply;
	}

	async function expectStillServing(): Promise<void> {
		const { client, transport } = await connectClient(started.server.url, started.token);
		const result = await client.callTool({ name: "echo", arguments: { text: "still here" } });
		expect(result.content).toEqual([{ type: "text", text: "still here" }]);
		await transport.terminateSession();
		await client.close();
	}

	it.each([
		["no Authorization header", (): Record<string, string> => ({})],
		["a wrong token", () => ({ authorization: "Bearer wrong-token-wrong-token-wrong-token-wrong" })],
		["the token without the Bearer scheme", () => ({ authorization: started.token })],
		["another scheme", () => ({ authorization: `Basic ${started.token}` })],
		["the token with a character appended", () => ({ authorization: `Bearer ${started.token}x` })],
		["a prefix of the token", () => ({ authorization: `Bearer ${started.token.slice(0, -1)}` })],
	] as const)("refuses %s with 401 and WWW-Authenticate: Bearer", async (_label, credentials) => {
		const sessions = started.server.sessionCount();
		const reply = await send({ port, headers: { ...MCP_HEADERS, ...credentials() }, body: INITIALIZE });
		expect(reply.status).toBe(401);
		expect(reply.headers["www-authenticate"]).toMatch(/^Bearer/);
		expect(jsonRpcError(reply)?.message).toMatch(/Authorization: Bearer/);
		expect(started.server.sessionCount()).toBe(sessions);
		await expectStillServing();
	});

	it("accepts the bearer scheme in any letter case", async () => {
		const reply = await send({
			port,
			headers: { ...MCP_HEADERS, authorization: `bearer ${started.token}` },
			body: INITIALIZE,
		});
		expect(reply.status).toBe(200);
	});

	it.each([
		["a foreign Host", (): Record<string, string> => ({ host: "evil.example.com" })],
		["a foreign Host on the right port", () => ({ host: `evil.example.com:${port}` })],
		["a loopback Host on another port", () => ({ host: `127.0.0.1:${port + 1}` })],
		["a foreign Origin", () => ({ origin: "http://evil.example.com" })],
		["a look-alike Origin", () => ({ origin: "http://127.0.0.1.evil.example.com" })],
		["an opaque Origin", () => ({ origin: "null" })],
	] as const)("refuses %s with 403 before checking the token", async (_label, headers) => {
		const sessions = started.server.sessionCount();
		const withoutToken = await send({ port, headers: { ...MCP_HEADERS, ...headers() }, body: INITIALIZE });
		expect(withoutToken.status).toBe(403);
		expect(withoutToken.headers["www-authenticate"]).toBeUndefined();
		const withToken = await send({ port, headers: { ...MCP_HEADERS, ...auth, ...headers() }, body: INITIALIZE });
		expect(withToken.status).toBe(403);
		expect(started.server.sessionCount()).toBe(sessions);
		await expectStillServing();
	});

	it.each([
		["localhost", () => ({ host: `localhost:${port}` })],
		["[::1]", () => ({ host: `[::1]:${port}` })],
		["its own origin", () => ({ origin: `http://127.0.0.1:${port}` })],
		["a localhost origin", () => ({ origin: "http://localhost:6274" })],
	] as const)("accepts a loopback Host or Origin: %s", async (_label, headers) => {
		const reply = await send({ port, headers: { ...MCP_HEADERS, ...auth, ...headers() }, body: INITIALIZE });
		expect(reply.status).toBe(200);
		expect(reply.headers["access-control-allow-origin"]).toBeUndefined();
	});

	it("refuses a body over 1 MiB with 413, announced or streamed", async () => {
		const oversize = Buffer.alloc(MAX_BODY_BYTES + 1, 0x20);
		const announced = await send({ port, headers: { ...MCP_HEADERS, ...auth }, body: oversize });
		expect(announced.status).toBe(413);
		const streamed = await send({
			port,
			headers: { ...MCP_HEADERS, ...auth },
			body: [oversize.subarray(0, 600_000), oversize.subarray(600_000)],
		});
		expect(streamed.status).toBe(413);
		expect(jsonRpcError(streamed)?.message).toMatch(/too large/);
		await expectStillServing();
	});

	it("accepts a body of exactly 1 MiB", async () => {
		const padded = INITIALIZE + " ".repeat(MAX_BODY_BYTES - INITIALIZE.length);
		expect(Buffer.byteLength(padded)).toBe(MAX_BODY_BYTES);
		const reply = await send({ port, headers: { ...MCP_HEADERS, ...auth }, body: padded });
		expect(reply.status).toBe(200);
	});

	it("answers malformed JSON with a JSON-RPC parse error (400)", async () => {
		const reply = await send({ port, headers: { ...MCP_HEADERS, ...auth }, body: '{"jsonrpc": "2.0", "method": ' });
		expect(reply.status).toBe(400);
		expect(jsonRpcError(reply)?.code).toBe(-32700);
		await expectStillServing();
	});

	it("answers a non-initialize request without a session with a JSON-RPC 400", async () => {
		const discover = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "server/discover", params: {} });
		for (const body of [LIST_TOOLS, discover]) {
			const reply = await send({ port, headers: { ...MCP_HEADERS, ...auth }, body });
			expect(reply.status).toBe(400);
			expect(JSON.parse(reply.body)).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32000 } });
		}
		const get = await send({ port, method: "GET", headers: { accept: "text/event-stream", ...auth } });
		expect(get.status).toBe(400);
	});

	it("answers an unknown session id with 404", async () => {
		const reply = await send({
			port,
			headers: { ...MCP_HEADERS, ...auth, "mcp-session-id": "4b1c1f6e-0000-4000-8000-000000000000" },
			body: LIST_TOOLS,
		});
		expect(reply.status).toBe(404);
		expect(jsonRpcError(reply)?.code).toBe(-32001);
	});

	it("does not let a session be used without the token", async () => {
		const sessionId = await initializeRaw(port, started.token);
		const reply = await send({ port, headers: { ...MCP_HEADERS, "mcp-session-id": sessionId }, body: LIST_TOOLS });
		expect(reply.status).toBe(401);
		const deleted = await send({ port, method: "DELETE", headers: { ...auth, "mcp-session-id": sessionId } });
		expect(deleted.status).toBe(200);
	});

	it("serves only /mcp and only GET, POST and DELETE", async () => {
		for (const path of ["/", "/mcp/", "/mcpx", "/.well-known/oauth-protected-resource"]) {
			const reply = await send({ port, path, method: "GET", headers: auth });
			expect(reply.status, path).toBe(404);
		}
		const put = await send({ port, method: "PUT", headers: { ...MCP_HEADERS, ...auth }, body: INITIALIZE });
		expect(put.status).toBe(405);
		expect(put.headers.allow).toBe("GET, POST, DELETE");
		const preflight = await send({
			port,
			method: "OPTIONS",
			headers: { origin: `http://localhost:${port}`, "access-control-request-method": "POST" },
		});
		expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
		expect(preflight.status).toBeGreaterThanOrEqual(400);
		await expectStillServing();
	});

	it("never shows the token in a reply or a log line", () => {
		expect(replies.length).toBeGreaterThan(20);
		for (const reply of replies) {
			expect(reply.body).not.toContain(started.token);
			expect(JSON.stringify(reply.headers)).not.toContain(started.token);
		}
		expect(started.logs.length).toBeGreaterThan(0);
		for (const line of started.logs) expect(line).not.toContain(started.token);
	});
});
