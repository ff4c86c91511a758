import { request, type IncomingMessage } from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
	generateToken,
	startMcpHttpServer,
	type McpHttpServerOptions,
	type RunningMcpServer,
} from "../../../src/mcp/http/mcp-http-server";
import { createEchoServer } from "./echo-server";

export interface TestServer {
	server: RunningMcpServer;
	token: string;
	logs: string[];
}

/** Starts an echo server on a free port with a fresh token and captured log lines. */
export async function startEchoServer(overrides: Partial<McpHttpServerOptions> = {}): Promise<TestServer> {
	const token = generateToken();
	const logs: string[] = [];
	const server = await startMcpHttpServer({
		createServer: createEchoServer,
		port: 0,
		token,
		log: (line) => logs.push(line),
		...overrides,
	});
	return { server, token, logs };
}

/** An SDK client connected to the server with the given bearer token. */
export async function connectClient(
	url: string,
	token: string | null,
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
	const headers: Record<string, string> = token === null ? {} : { Authorization: `Bearer ${token}` };
	const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
	const client = new Client({ name: "http-test", version: "1.0.0" });
	await client.connect(transport);
	return { client, transport };
}

export interface RawReply {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	body: string;
}

export interface RawRequest {
	port: number;
	method?: string;
	path?: string;
	/** Sent exactly as given; `host` defaults to 127.0.0.1:PORT. */
	headers?: Record<string, string>;
	/** Written in these chunks (more than one means chunked encoding without Content-Length). */
	body?: string | Buffer | Buffer[];
	/** The source address to send from (any of 127.0.0.0/8 on Linux); default: the system's choice. */
	localAddress?: string;
}

/** A plain HTTP request with full control over Host, Origin and the body, as an attacker would send it. */
export function rawRequest(options: RawRequest): Promise<RawReply> {
	const chunks = options.body === undefined ? [] : Array.isArray(options.body) ? options.body : [options.body];
	return new Promise((resolve, reject) => {
		const outgoing = request(
			{
				host: "127.0.0.1",
				port: options.port,
				method: options.method ?? "POST",
				path: options.path ?? "/mcp",
				headers: { host: `127.0.0.1:${options.port}`, ...options.headers },
				agent: false,
				localAddress: options.localAddress,
			},
			(incoming) => {
				const parts: Buffer[] = [];
				incoming.on("data", (part: Buffer) => parts.push(part));
				incoming.on("end", () =>
					resolve({
						status: incoming.statusCode ?? 0,
						headers: incoming.headers,
						body: Buffer.concat(parts).toString("utf8"),
					}),
				);
				incoming.on("error", reject);
			},
		);
		outgoing.on("error", reject);
		if (chunks.length === 1) outgoing.end(chunks[0]);
		else {
			for (const chunk of chunks) outgoing.write(chunk);
			outgoing.end();
		}
	});
}

export const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

export const INITIALIZE = JSON.stringify({
	jsonrpc: "2.0",
	id: 1,
	method: "initialize",
	params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw-test", version: "1.0.0" } },
});

export const LIST_TOOLS = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} });

/** The JSON-RPC error of a reply body (plain JSON, or the first `data:` line of an SSE reply). */
export function jsonRpcError(reply: RawReply): { code: number; message: string } | undefined {
	return (parseJsonRpc(reply) as { error?: { code: number; message: string } }).error;
}

function parseJsonRpc(reply: RawReply): unknown {
	const data = /^data: (.*)$/m.exec(reply.body)?.[1];
	return JSON.parse(data ?? reply.body) as unknown;
}

/** Opens a raw session with initialize; returns its id. */
export async function initializeRaw(port: number, token: string): Promise<string> {
	const reply = await rawRequest({
		port,
		headers: { ...MCP_HEADERS, authorization: `Bearer ${token}` },
		body: INITIALIZE,
	});
	const id = reply.headers["mcp-session-id"];
	if (reply.status !== 200 || typeof id !== "string")
		throw new Error(`initialize failed: ${reply.status} ${reply.body}`);
	return id;
}

/** A GET event stream as answered: status, headers, the text received so far, and a way to close it. */
export interface EventStream {
	status: number;
	headers: IncomingMessage["headers"];
	text: () => string;
	/** Drops the connection; resolves once it has closed. */
	close: () => Promise<void>;
}

/** Sends a GET for the event stream with these headers; resolves once the server has answered. */
export function getEventStream(port: number, headers: Record<string, string>): Promise<EventStream> {
	return new Promise((resolve, reject) => {
		const outgoing = request(
			{ host: "127.0.0.1", port, method: "GET", path: "/mcp", agent: false, headers },
			(incoming) => {
				let text = "";
				incoming.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
				resolve({
					status: incoming.statusCode ?? 0,
					headers: incoming.headers,
					text: () => text,
					close: () =>
						new Promise((closed) => {
							incoming.once("close", closed);
							outgoing.destroy();
						}),
				});
			},
		);
		// Once answered, dropping the connection is the caller's doing, not an error.
		outgoing.on("error", reject);
		outgoing.end();
	});
}

/** Opens the session's GET event stream and resolves once the server has answered 200. */
export async function openEventStream(port: number, token: string, sessionId: string): Promise<EventStream> {
	const stream = await getEventStream(port, {
		accept: "text/event-stream",
		authorization: `Bearer ${token}`,
		"mcp-session-id": sessionId,
	});
	if (stream.status !== 200) {
		await stream.close();
		throw new Error(`event stream refused: ${stream.status}`);
	}
	return stream;
}
