import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { clearTimeout, setTimeout } from "node:timers";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { errorMessage } from "../../core/model/error-message";
import { DEFAULT_IDLE_SESSION_MINUTES, DEFAULT_MAX_SESSIONS } from "../../core/model/mcp-settings";
import type { Timers } from "../../core/model/timers";
import { AuthThrottle, DEFAULT_AUTH_THROTTLE, type AuthThrottlePolicy } from "./auth-throttle";
import { MIN_TOKEN_LENGTH } from "./bearer-token";
import { clientLabel, ConnectedClients, type ConnectedClient } from "./connected-clients";
import { MAX_BODY_BYTES, readJsonBody } from "./json-body";
import { JsonRpcCode, sendJsonRpcError } from "./json-rpc-reply";
import { listenOnLoopback, LOOPBACK_ADDRESS } from "./listen-port";
import { McpSessions } from "./mcp-sessions";
import { NodeSessionTransport } from "./node-session-transport";
import { MCP_PATH, refusalOf, type Refusal } from "./request-guards";

export { generateToken } from "./bearer-token";

/** Default idle time before a session is closed (the settings' `idleSessionMinutes` default). */
const DEFAULT_IDLE_SESSION_MS = DEFAULT_IDLE_SESSION_MINUTES * 60_000;

/**
 * Longest wait for a request's headers, and for the whole request (headers and body), from its
 * first byte. MCP requests on loopback arrive in milliseconds; Node's defaults (60 s, 300 s) let a
 * client that trickles bytes hold a connection for minutes.
 */
const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/** How often Node checks open connections against those timeouts (its default is 30 s). */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/** Longest pause between two sweeps for idle sessions. */
const MAX_SWEEP_INTERVAL_MS = 60_000;

/** What the HTTP layer needs of an MCP server: `McpServer` and the SDK's low-level `Server` both fit. */
interface SessionServer {
	connect(transport: Transport): Promise<void>;
	close(): Promise<void>;
}

export interface McpHttpServerOptions {
	/** Builds the MCP server of one session; called once per `initialize`. */
	createServer: () => SessionServer;
	/** Preferred port on 127.0.0.1; 0 lets the OS choose (tests). */
	port: number;
	/** Fail when `port` is taken instead of trying the next ones. */
	fixedPort?: boolean;
	/** Bearer token clients must send; `null` only together with `allowNoAuth`. */
	token: string | null;
	/** Accept requests without a token (conformance testing only; logs a warning). */
	allowNoAuth?: boolean;
	/** Sessions with no request for this long are closed. */
	idleSessionMs?: number;
	/** Most sessions open at once; a new one first closes the least recently used idle ones. */
	maxSessions?: number;
	/** Requests whose headers take longer are answered 408 and their connection closed. */
	headersTimeoutMs?: number;
	/** Requests not fully received (headers and body) in this time are answered 408 and closed. */
	requestTimeoutMs?: number;
	/** How repeated bad tokens are slowed down (per address and over all addresses); missing fields keep their defaults. */
	authThrottle?: Partial<AuthThrottlePolicy>;
	/**
	 * Where the clients that initialize are remembered; pass one to keep them across restarts
	 * (default: a new one, clocked by `now`).
	 */
	clients?: ConnectedClients;
	/** Receives operational lines (bound port, a new client, warnings, failures); never the token. */
	log?: (line: string) => void;
	/** Clock for idle tracking, in milliseconds. */
	now?: () => number;
	/** Timers for the idle sweep and the delayed replies to bad tokens. */
	timers?: Timers;
}

export interface RunningMcpServer {
	/** The port actually bound (after any walk-up). */
	port: number;
	/** `http://127.0.0.1:PORT/mcp` */
	url: string;
	sessionCount(): number;
	/** The clients that connected, the one with the most recent request first. */
	clients(): ConnectedClient[];
	/** Closes every session, then the server, then every connection: the port is free on return. */
	close(): Promise<void>;
}

const UNREF_TIMERS: Timers = {
	setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
	clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * Serves MCP over Streamable HTTP on 127.0.0.1 at `/mcp`, one MCP server per session. Every
 * request passes, in this order: Host is loopback (403), Origin is absent or loopback (403), the
 * bearer token (401, slowed down when repeated), the 1 MiB body cap (413). A refused request's
 * connection is closed. No CORS headers are ever sent, so browsers cannot read replies from other
 * origins.
 */
export async function startMcpHttpServer(options: McpHttpServerOptions): Promise<RunningMcpServer> {
	const token = checkedToken(options);
	const log = options.log ?? (() => {});
	const now = options.now ?? Date.now;
	const timers = options.timers ?? UNREF_TIMERS;
	const idleMs = checkedIdleMs(options.idleSessionMs ?? DEFAULT_IDLE_SESSION_MS);
	const maxSessions = checkedMaxSessions(options.maxSessions ?? DEFAULT_MAX_SESSIONS);
	const sessions = new McpSessions(now, maxSessions);
	const clients = options.clients ?? new ConnectedClients(now);
	const throttle = new AuthThrottle(now, { ...DEFAULT_AUTH_THROTTLE, ...options.authThrottle });
	const heldReplies = new Set<unknown>();
	let evictedSinceLastSweep = 0;
	let boundPort = 0;

	const openSession = async (request: IncomingMessage, response: ServerResponse, body: unknown): Promise<void> => {
		const slot = sessions.reserve();
		if (slot === undefined) {
			return sendJsonRpcError(
				response,
				503,
				JsonRpcCode.serverError,
				`Server busy: all ${maxSessions} sessions have a request open; retry shortly.`,
				{ "Retry-After": "1" },
			);
		}
		evictedSinceLastSweep += slot.evicted;
		slot.closed.catch((error: unknown) =>
			log(`MCP: closing the least recently used sessions failed: ${errorMessage(error)}`),
		);
		try {
			// A tool call sends nothing before its result, so the result goes as one JSON body: an SSE
			// reply cost three socket writes and a stream on both sides (≈ 1 ms a call here).
			const transport: NodeSessionTransport = new NodeSessionTransport({
				sessionIdGenerator: () => randomUUID(),
				onsessioninitialized: (id) => {
					slot.release();
					sessions.add(id, transport);
					const { client, isNew } = clients.initialized(id, clientInfoOf(body));
					if (isNew) log(`MCP: ${clientLabel(client)} connected.`);
				},
			});
			// Set before connect(): the SDK chains its own onclose after this one.
			transport.onclose = () => {
				if (transport.sessionId === undefined) return;
				sessions.remove(transport.sessionId);
				clients.sessionClosed(transport.sessionId);
			};
			const server = options.createServer();
			await server.connect(transport);
			await transport.handleRequest(request, response, body);
			if (transport.sessionId === undefined) await server.close();
		} finally {
			slot.release();
		}
	};

	/** Answers a bad token, after a delay when this address or all of them failed too often (see AuthThrottle). */
	const refuseBadToken = (request: IncomingMessage, response: ServerResponse, refusal: Refusal): void => {
		const answer = throttle.fail(request.socket.remoteAddress ?? "");
		if (answer.kind === "drop") {
			request.socket.destroy();
			return;
		}
		if (answer.delayMs === 0) return refuse(response, refusal);
		const held = timers.setTimeout(() => {
			heldReplies.delete(held);
			answer.done();
			refuse(response, refusal);
		}, answer.delayMs);
		heldReplies.add(held);
		response.once("close", () => {
			if (!heldReplies.delete(held)) return;
			timers.clearTimeout(held);
			answer.done();
		});
	};

	const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
		const refusal = refusalOf(request, boundPort, token);
		if (refusal?.status === 401) return refuseBadToken(request, response, refusal);
		if (refusal !== undefined) return refuse(response, refusal);
		let body: unknown;
		if (request.method === "POST") {
			const read = await readJsonBody(request, MAX_BODY_BYTES);
			if (read.kind === "too-large") {
				return sendJsonRpcError(
					response,
					413,
					JsonRpcCode.serverError,
					`Payload too large: requests are limited to ${MAX_BODY_BYTES} bytes.`,
					{ Connection: "close" },
				);
			}
			if (read.kind === "malformed") {
				return sendJsonRpcError(
					response,
					400,
					JsonRpcCode.parseError,
					"Parse error: the request body is not valid JSON.",
				);
			}
			body = read.value;
		}
		const sessionId = headerValue(request.headers["mcp-session-id"]);
		if (sessionId !== undefined) {
			const transport = sessions.transportOf(sessionId);
			if (transport === undefined) {
				return sendJsonRpcError(
					response,
					404,
					JsonRpcCode.sessionNotFound,
					"Session not found: it was closed or the server restarted; initialize a new session.",
				);
			}
			response.once("close", sessions.begin(sessionId));
			clients.requested(sessionId);
			return transport.handleRequest(request, response, body);
		}
		if (request.method === "POST" && startsSession(body)) return openSession(request, response, body);
		return sendJsonRpcError(
			response,
			400,
			JsonRpcCode.serverError,
			"Bad Request: no valid session ID provided; send initialize first.",
		);
	};

	const requestTimeout = checkedTimeout("requestTimeoutMs", options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS);
	const headersTimeout = Math.min(
		checkedTimeout("headersTimeoutMs", options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS),
		requestTimeout,
	);
	const httpServer = createServer(
		{
			headersTimeout,
			requestTimeout,
			connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_INTERVAL_MS, headersTimeout),
		},
		(request, response) => {
			handle(request, response).catch((error: unknown) => {
				log(`MCP request failed: ${errorMessage(error)}`);
				if (!response.headersSent)
					sendJsonRpcError(response, 500, JsonRpcCode.internalError, "Internal error while handling the MCP request.");
				else response.destroy();
			});
		},
	);

	const bound = await listenOnLoopback(httpServer, { port: options.port, fixedPort: options.fixedPort ?? false });
	boundPort = bound.port;
	const url = `http://${LOOPBACK_ADDRESS}:${boundPort}${MCP_PATH}`;
	if (bound.taken.length > 0) log(`MCP ports in use: ${bound.taken.join(", ")}; using ${boundPort} instead.`);
	log(`MCP server listening on ${url}`);
	if (token === null) {
		log(
			`WARNING: the MCP server at ${url} accepts requests WITHOUT a token (allowNoAuth). Any local program can use it. Use this only for conformance testing.`,
		);
	}

	let closing: Promise<void> | undefined;
	let sweep: unknown;
	const scheduleSweep = () => {
		sweep = timers.setTimeout(
			() => {
				sessions
					.reapIdle(idleMs)
					.then((reaped) => {
						if (reaped > 0) log(`MCP: closed ${reaped} idle session${reaped === 1 ? "" : "s"}.`);
						if (evictedSinceLastSweep > 0) {
							log(
								`MCP: closed ${evictedSinceLastSweep} least recently used idle session${evictedSinceLastSweep === 1 ? "" : "s"} to stay within ${maxSessions} sessions.`,
							);
							evictedSinceLastSweep = 0;
						}
					})
					.catch((error: unknown) => log(`MCP: closing idle sessions failed: ${errorMessage(error)}`))
					.finally(() => {
						if (closing === undefined) scheduleSweep();
					});
			},
			Math.min(idleMs, MAX_SWEEP_INTERVAL_MS),
		);
	};
	scheduleSweep();

	const close = async (): Promise<void> => {
		timers.clearTimeout(sweep);
		for (const held of heldReplies) timers.clearTimeout(held);
		heldReplies.clear();
		await sessions.closeAll();
		await new Promise<void>((resolve) => {
			httpServer.close(() => resolve());
			httpServer.closeAllConnections();
		});
	};

	return {
		port: boundPort,
		url,
		sessionCount: () => sessions.size,
		clients: () => clients.list(),
		close: () => (closing ??= close()),
	};
}

function checkedToken(options: McpHttpServerOptions): string | null {
	if (options.token === null) {
		// Safe only because the server never binds anything but 127.0.0.1 (LOOPBACK_ADDRESS).
		if (options.allowNoAuth === true) return null;
		throw new Error(
			'MCP server needs a token: set "token" (generateToken() makes one); running without one requires the explicit allowNoAuth option.',
		);
	}
	if (options.token.length < MIN_TOKEN_LENGTH) {
		throw new Error(
			`MCP "token" is too short: use at least ${MIN_TOKEN_LENGTH} URL-safe base64 characters (32 random bytes); clear it to generate a new one.`,
		);
	}
	return options.token;
}

/** A refused request gets its reply and loses its connection: nothing more is read from it. */
function refuse(response: ServerResponse, refusal: Refusal): void {
	sendJsonRpcError(response, refusal.status, refusal.code, refusal.message, {
		...refusal.headers,
		Connection: "close",
	});
}

function checkedMaxSessions(maxSessions: number): number {
	if (!Number.isInteger(maxSessions) || maxSessions < 1)
		throw new Error(`MCP "maxSessions" must be a whole number of at least 1, got ${maxSessions}.`);
	return maxSessions;
}

function checkedTimeout(name: string, ms: number): number {
	if (!(ms > 0)) throw new Error(`MCP "${name}" must be a positive number of milliseconds, got ${ms}.`);
	return ms;
}

function checkedIdleMs(idleMs: number): number {
	if (!(idleMs > 0)) throw new Error(`MCP "idleSessionMs" must be a positive number of milliseconds, got ${idleMs}.`);
	return idleMs;
}

function headerValue(value: string | string[] | undefined): string | undefined {
	return Array.isArray(value) ? value[0] : value;
}

/** The `clientInfo` of the initialize request in `body` (a message or a batch). */
function clientInfoOf(body: unknown): unknown {
	const messages: unknown[] = Array.isArray(body) ? body : [body];
	const initialize = messages.find((message) => isInitializeRequest(message));
	return initialize === undefined ? undefined : initialize.params.clientInfo;
}

function startsSession(body: unknown): boolean {
	return Array.isArray(body) ? body.some((message) => isInitializeRequest(message)) : isInitializeRequest(body);
}
