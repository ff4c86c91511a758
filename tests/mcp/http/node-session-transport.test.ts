import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { afterEach, describe, expect, it } from "vitest";
import { NodeSessionTransport } from "../../../src/mcp/http/node-session-transport";
import { createEchoServer } from "./echo-server";
import {
	getEventStream,
	INITIALIZE,
	LIST_TOOLS,
	MCP_HEADERS,
	rawRequest,
	type EventStream,
	type RawReply,
} from "./http-harness";

/** One session behind a bare HTTP server: no guards, the body parsed as the real server does. */
interface OneSession {
	port: number;
	close(): Promise<void>;
}

type Handler = (request: IncomingMessage, response: ServerResponse, body: unknown) => Promise<void>;

async function serveOneSession(kind: "sdk" | "node"): Promise<OneSession> {
	const echo = createEchoServer();
	let handle: Handler;
	if (kind === "sdk") {
		const transport = new StreamableHTTPServerTransport({
			sessionIdGenerator: () => "session-1",
			enableJsonResponse: true,
		});
		await echo.connect(transport);
		handle = (request, response, body) => transport.handleRequest(request, response, body);
	} else {
		const transport = new NodeSessionTransport({ sessionIdGenerator: () => "session-1" });
		await echo.connect(transport);
		handle = (request, response, body) => transport.handleRequest(request, response, body);
	}
	const server: Server = createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on("data", (chunk: Buffer) => chunks.push(chunk));
		request.on("end", () => {
			const text = Buffer.concat(chunks).toString("utf8");
			void handle(request, response, text === "" ? undefined : (JSON.parse(text) as unknown));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	return {
		port: (server.address() as AddressInfo).port,
		close: async () => {
			await echo.close();
			await new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			});
		},
	};
}

interface Step {
	method?: string;
	headers?: Record<string, string>;
	body?: string;
}

const SESSION = { ...MCP_HEADERS, "mcp-session-id": "session-1", "mcp-protocol-version": "2025-11-25" };
const call = (id: number, method: string, params: object = {}) =>
	JSON.stringify({ jsonrpc: "2.0", id, method, params });
const INITIALIZED = JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" });

/** Requests in order, each with what it must get; every case starts from a fresh session. */
const CASES: Record<string, Step[]> = {
	"a request before initialize": [{ headers: SESSION, body: LIST_TOOLS }],
	"two initialize requests in one batch": [{ headers: MCP_HEADERS, body: `[${INITIALIZE},${INITIALIZE}]` }],
	"initialize, then the session's requests": [
		{ headers: MCP_HEADERS, body: INITIALIZE },
		{ headers: SESSION, body: INITIALIZED },
		{ headers: SESSION, body: LIST_TOOLS },
		{ headers: SESSION, body: call(3, "tools/call", { name: "echo", arguments: { text: "hi" } }) },
		{
			headers: SESSION,
			body: `[${call(4, "ping")},${call(5, "tools/call", { name: "echo", arguments: { text: "b" } })}]`,
		},
		{ headers: SESSION, body: `[${call(6, "ping")},${INITIALIZED}]` },
		{ headers: SESSION, body: call(7, "no/such/method") },
	],
	"refusals within a session": [
		{ headers: MCP_HEADERS, body: INITIALIZE },
		{ headers: SESSION, body: INITIALIZE },
		{ headers: { ...SESSION, accept: "application/json" }, body: LIST_TOOLS },
		{ headers: { ...SESSION, "content-type": "text/plain" }, body: LIST_TOOLS },
		{ headers: { ...SESSION, "content-type": "application/json; charset=utf-8" }, body: LIST_TOOLS },
		{ headers: SESSION, body: JSON.stringify({ not: "json-rpc" }) },
		{ headers: SESSION, body: `[${Array.from({ length: 101 }, (_, i) => call(100 + i, "ping")).join(",")}]` },
		{ headers: MCP_HEADERS, body: LIST_TOOLS },
		{ headers: { ...SESSION, "mcp-session-id": "another" }, body: LIST_TOOLS },
		{ headers: { ...SESSION, "mcp-protocol-version": "1999-01-01" }, body: LIST_TOOLS },
		{ method: "GET", headers: { ...SESSION, accept: "application/json" } },
		{ method: "DELETE", headers: { ...SESSION, "mcp-session-id": "another" } },
	],
	"DELETE ends the session": [
		{ headers: MCP_HEADERS, body: INITIALIZE },
		{ method: "DELETE", headers: SESSION },
		{ headers: SESSION, body: LIST_TOOLS },
		{ method: "GET", headers: { ...SESSION, accept: "text/event-stream" } },
	],
};

/** The statuses of each case's replies, so that an answer cannot pass by failing in both transports alike. */
const STATUSES: Record<string, number[]> = {
	"a request before initialize": [400],
	"two initialize requests in one batch": [400],
	"initialize, then the session's requests": [200, 202, 200, 200, 200, 200, 200],
	"refusals within a session": [200, 400, 406, 415, 200, 400, 400, 400, 404, 400, 406, 404],
	"DELETE ends the session": [200, 200, 404, 404],
};

/** What a client can see of a reply: status, the headers that matter, the JSON-RPC body. */
function visible(reply: RawReply): unknown {
	const pick = (name: string) => reply.headers[name];
	return {
		status: reply.status,
		contentType: pick("content-type"),
		session: pick("mcp-session-id"),
		allow: pick("allow"),
		body: reply.body === "" ? "" : (JSON.parse(reply.body) as unknown),
	};
}

async function replies(kind: "sdk" | "node", steps: Step[]): Promise<unknown[]> {
	const session = await serveOneSession(kind);
	try {
		const seen: unknown[] = [];
		for (const step of steps) {
			const reply = await rawRequest({
				port: session.port,
				method: step.method,
				headers: step.headers,
				body: step.body,
			});
			seen.push(visible(reply));
		}
		return seen;
	} finally {
		await session.close();
	}
}

/** Opens a GET event stream of session-1. */
function openStream(port: number): Promise<EventStream> {
	return getEventStream(port, { ...SESSION, accept: "text/event-stream" });
}

describe("NodeSessionTransport answers as the SDK's StreamableHTTPServerTransport (JSON replies)", () => {
	for (const [name, steps] of Object.entries(CASES)) {
		it(name, async () => {
			const sdk = await replies("sdk", steps);
			const node = await replies("node", steps);
			expect(node).toEqual(sdk);
			expect((node as { status: number }[]).map((reply) => reply.status)).toEqual(STATUSES[name]);
		});
	}
});

describe("NodeSessionTransport", () => {
	const open: (() => Promise<void>)[] = [];
	afterEach(async () => {
		for (const close of open.splice(0)) await close();
	});

	it("serves one GET event stream per session, with the SDK's headers, and sends the session's notifications on it", async () => {
		const echo = createEchoServer();
		const transport = new NodeSessionTransport({ sessionIdGenerator: () => "session-1" });
		await echo.connect(transport);
		const server = createServer((request, response) => {
			const chunks: Buffer[] = [];
			request.on("data", (chunk: Buffer) => chunks.push(chunk));
			request.on("end", () => {
				const text = Buffer.concat(chunks).toString("utf8");
				void transport.handleRequest(request, response, text === "" ? undefined : (JSON.parse(text) as unknown));
			});
		});
		await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
		const port = (server.address() as AddressInfo).port;
		open.push(async () => {
			await echo.close();
			await new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			});
		});
		await rawRequest({ port, headers: MCP_HEADERS, body: INITIALIZE });

		const stream = await openStream(port);
		expect(stream.status).toBe(200);
		expect(stream.headers["content-type"]).toBe("text/event-stream");
		expect(stream.headers["cache-control"]).toBe("no-cache, no-transform");
		expect(stream.headers["mcp-session-id"]).toBe("session-1");
		const second = await rawRequest({ port, method: "GET", headers: { ...SESSION, accept: "text/event-stream" } });
		expect(second.status).toBe(409);

		echo.sendToolListChanged();
		await expect.poll(stream.text).toContain('"method":"notifications/tools/list_changed"');
		expect(stream.text()).toMatch(/^event: message\ndata: \{/);

		await stream.close();
		// Once the client has gone, a new stream may open.
		await expect
			.poll(async () => {
				const again = await openStream(port);
				await again.close();
				return again.status;
			})
			.toBe(200);
	});

	it("answers a request still running when the session closes with 404, instead of leaving it open", async () => {
		const transport = new NodeSessionTransport({ sessionIdGenerator: () => "session-1" });
		// No MCP server: nothing ever answers the request, as with a tool still running.
		await transport.start();
		const server = createServer((request, response) => {
			const chunks: Buffer[] = [];
			request.on("data", (chunk: Buffer) => chunks.push(chunk));
			request.on("end", () => {
				void transport.handleRequest(request, response, JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown);
			});
		});
		await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
		const port = (server.address() as AddressInfo).port;
		open.push(
			() =>
				new Promise<void>((resolve) => {
					server.close(() => resolve());
					server.closeAllConnections();
				}),
		);
		const initialize = rawRequest({ port, headers: MCP_HEADERS, body: INITIALIZE });
		await expect.poll(() => transport.sessionId).toBe("session-1");
		let closed = 0;
		transport.onclose = () => closed++;
		await transport.close();
		const reply = await initialize;
		expect(reply.status).toBe(404);
		expect(JSON.parse(reply.body)).toEqual({
			jsonrpc: "2.0",
			error: { code: -32001, message: "Session not found" },
			id: null,
		});
		await transport.close();
		expect(closed).toBe(1);
	});
});
