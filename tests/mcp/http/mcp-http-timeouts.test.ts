import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INITIALIZE, startEchoServer, type TestServer } from "./http-harness";
import { setTimeout } from "node:timers";

const HEADERS_TIMEOUT_MS = 400;
const REQUEST_TIMEOUT_MS = 800;

interface RawConnection {
	socket: Socket;
	/** Everything the server sent until it closed the connection, and when it closed it (ms after connecting). */
	closed: Promise<{ received: string; afterMs: number }>;
}

function openSocket(port: number): Promise<RawConnection> {
	return new Promise((resolve, reject) => {
		const started = performance.now();
		const socket = connect(port, "127.0.0.1");
		let received = "";
		socket.setEncoding("utf8");
		socket.on("data", (chunk: string) => (received += chunk));
		const closed = new Promise<{ received: string; afterMs: number }>((done) =>
			socket.once("close", () => done({ received, afterMs: performance.now() - started })),
		);
		socket.on("error", () => {});
		socket.once("connect", () => resolve({ socket, closed }));
		socket.once("error", reject);
	});
}

/** Writes `text` one character at a time, `gapMs` apart, until the socket closes. */
async function trickle(socket: Socket, text: string, gapMs: number): Promise<void> {
	for (const character of text) {
		if (socket.destroyed || socket.writableEnded) return;
		socket.write(character);
		await new Promise((resolve) => setTimeout(resolve, gapMs));
	}
}

describe("MCP HTTP server: timeouts and refused connections", () => {
	let started: TestServer;
	let port: number;

	beforeAll(async () => {
		started = await startEchoServer({ headersTimeoutMs: HEADERS_TIMEOUT_MS, requestTimeoutMs: REQUEST_TIMEOUT_MS });
		port = started.server.port;
	});
	afterAll(async () => {
		await started.server.close();
	});

	const head = (token: string, length: number) =>
		`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nAuthorization: Bearer ${token}\r\nContent-Length: ${length}\r\n\r\n`;

	it("cuts a client that trickles its headers after the headers timeout, with 408", async () => {
		const connection = await openSocket(port);
		void trickle(connection.socket, head(started.token, INITIALIZE.length), 50);
		const { received, afterMs } = await connection.closed;
		expect(received).toMatch(/^HTTP\/1\.1 408 /);
		expect(afterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
		expect(afterMs).toBeLessThan(HEADERS_TIMEOUT_MS * 8);
	});

	it("cuts a client that connects and sends nothing", async () => {
		const connection = await openSocket(port);
		const { afterMs } = await connection.closed;
		expect(afterMs).toBeLessThan(HEADERS_TIMEOUT_MS * 8);
	});

	it("cuts a client that trickles its body after the request timeout, with 408", async () => {
		const connection = await openSocket(port);
		connection.socket.write(head(started.token, INITIALIZE.length));
		void trickle(connection.socket, INITIALIZE, 50);
		const { received, afterMs } = await connection.closed;
		expect(received).toMatch(/^HTTP\/1\.1 408 /);
		expect(afterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
		expect(afterMs).toBeLessThan(REQUEST_TIMEOUT_MS * 8);
	});

	it.each([
		["a bad token (401)", () => head("wrong-token-wrong-token-wrong-token-wrong", INITIALIZE.length) + INITIALIZE, 401],
		[
			"a foreign Host (403)",
			() => head(started.token, INITIALIZE.length).replace(`127.0.0.1:${port}`, "evil.example.com") + INITIALIZE,
			403,
		],
		[
			"another path (404)",
			() => head(started.token, INITIALIZE.length).replace("POST /mcp", "POST /other") + INITIALIZE,
			404,
		],
	] as const)("answers %s with Connection: close and ends the connection", async (_label, request, status) => {
		const connection = await openSocket(port);
		connection.socket.write(request());
		const { received, afterMs } = await connection.closed;
		expect(received).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
		expect(received).toMatch(/\r\nConnection: close\r\n/i);
		expect(afterMs).toBeLessThan(HEADERS_TIMEOUT_MS);
	});

	it("keeps the connection of a served request open for the next one", async () => {
		const connection = await openSocket(port);
		connection.socket.write(head(started.token, INITIALIZE.length) + INITIALIZE);
		await expect.poll(() => connection.socket.bytesRead).toBeGreaterThan(0);
		expect(connection.socket.destroyed).toBe(false);
		connection.socket.destroy();
		const { received } = await connection.closed;
		expect(received).toMatch(/^HTTP\/1\.1 200 /);
		expect(received).toMatch(/\r\nConnection: keep-alive\r\n/i);
	});
});
