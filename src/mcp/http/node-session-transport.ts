import type { IncomingMessage, ServerResponse } from "node:http";
import { MAX_BATCH_SIZE } from "@modelcontextprotocol/sdk/server/requestBody.js";
import { isJsonContentType } from "@modelcontextprotocol/sdk/shared/mediaType.js";
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
	isInitializeRequest,
	isJSONRPCRequest,
	JSONRPCMessageSchema,
	SUPPORTED_PROTOCOL_VERSIONS,
	type JSONRPCMessage,
	type MessageExtraInfo,
	type RequestId,
} from "@modelcontextprotocol/sdk/types.js";
import { JsonRpcCode, sendJsonRpcError } from "./json-rpc-reply";
import { SessionEventStream } from "./session-event-stream";

/** The requests of one POST, answered together once each has its response. */
interface PendingReply {
	ids: RequestId[];
	responses: Map<RequestId, JSONRPCMessage>;
	response: ServerResponse;
	/** Settles the POST's `handleRequest`. */
	done: () => void;
}

/**
 * The server side of one Streamable HTTP session, on Node's request and response objects. It does
 * what the SDK's `StreamableHTTPServerTransport` with `enableJsonResponse` does (same checks, same
 * status codes and JSON-RPC errors, same headers) without turning each request into a
 * Web-standard Request and each reply into a Response through `@hono/node-server`, which cost
 * about a millisecond of a store's 8. A POST's requests are answered with one JSON body; the GET
 * event stream carries the session's own notifications; DELETE closes the session. No event
 * store: nothing is replayed.
 */
export class NodeSessionTransport implements Transport {
	sessionId?: string;
	onclose?: () => void;
	onerror?: (error: Error) => void;
	onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;

	private started = false;
	private initialized = false;
	private closed = false;
	/** The POST waiting for each request id's response. */
	private readonly pending = new Map<RequestId, PendingReply>();
	private stream: SessionEventStream | undefined;

	constructor(
		private readonly options: {
			sessionIdGenerator: () => string;
			/** Called once the session has its id, before the initialize request is handled. */
			onsessioninitialized?: (sessionId: string) => void;
			keepAliveMs?: number;
		},
	) {}

	start(): Promise<void> {
		if (this.started) return Promise.reject(new Error("Transport already started"));
		this.started = true;
		return Promise.resolve();
	}

	/**
	 * Answers one request of the session. `body` is the parsed JSON of a POST. Settles once a POST
	 * is answered (or the session closed), and once a GET's stream has started.
	 */
	async handleRequest(request: IncomingMessage, response: ServerResponse, body?: unknown): Promise<void> {
		if (this.closed) return this.fail(response, 404, JsonRpcCode.sessionNotFound, "Session not found");
		switch (request.method) {
			case "POST":
				return this.handlePost(request, response, body);
			case "GET":
				return this.handleGet(request, response);
			case "DELETE":
				return this.handleDelete(request, response);
			default:
				this.onerror?.(new Error("Method not allowed."));
				return sendJsonRpcError(response, 405, JsonRpcCode.serverError, "Method not allowed.", {
					Allow: "GET, POST, DELETE",
				});
		}
	}

	async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
		// The message comes from the SDK's Protocol, well formed: a response is what carries a
		// result or an error (the SDK's two zod checks here cost ≈ 0.07 ms a call).
		const isResponse = "result" in message || "error" in message;
		const requestId = isResponse ? message.id : options?.relatedRequestId;
		if (requestId === undefined) {
			if (isResponse)
				throw new Error("Cannot send a response on a standalone SSE stream unless resuming a previous client request");
			this.stream?.write(message);
			return;
		}
		if (this.closed) return;
		const reply = this.pending.get(requestId);
		if (reply === undefined) throw new Error(`No connection established for request ID: ${String(requestId)}`);
		// A JSON reply carries responses only: notifications tied to a request are not sent.
		if (!isResponse) return;
		reply.responses.set(requestId, message);
		if (reply.ids.some((id) => !reply.responses.has(id))) return;
		for (const id of reply.ids) this.pending.delete(id);
		const answers = reply.ids.map((id) => reply.responses.get(id));
		this.replyJson(reply.response, 200, JSON.stringify(answers.length === 1 ? answers[0] : answers));
		reply.done();
	}

	async close(): Promise<void> {
		if (this.closed) return;
		this.closed = true;
		this.stream?.end();
		this.stream = undefined;
		// The SDK's transport leaves such requests unanswered until their connection closes.
		const open = new Set(this.pending.values());
		this.pending.clear();
		for (const reply of open) {
			if (!reply.response.headersSent)
				sendJsonRpcError(reply.response, 404, JsonRpcCode.sessionNotFound, "Session not found");
			reply.done();
		}
		this.onclose?.();
	}

	private async handlePost(request: IncomingMessage, response: ServerResponse, body: unknown): Promise<void> {
		const accept = request.headers.accept;
		if (!accept?.includes("application/json") || !accept.includes("text/event-stream")) {
			return this.fail(
				response,
				406,
				JsonRpcCode.serverError,
				"Not Acceptable: Client must accept both application/json and text/event-stream",
			);
		}
		if (!isJsonContentType(joinedHeader(request, "content-type"))) {
			return this.fail(
				response,
				415,
				JsonRpcCode.serverError,
				"Unsupported Media Type: Content-Type must be application/json",
			);
		}
		if (Array.isArray(body) && body.length > MAX_BATCH_SIZE) {
			return this.fail(
				response,
				400,
				JsonRpcCode.invalidRequest,
				`Invalid Request: Batch must not exceed ${MAX_BATCH_SIZE} messages`,
			);
		}
		let messages: JSONRPCMessage[];
		try {
			messages = (Array.isArray(body) ? body : [body]).map((message) => JSONRPCMessageSchema.parse(message));
		} catch {
			return this.fail(response, 400, JsonRpcCode.parseError, "Parse error: Invalid JSON-RPC message");
		}
		if (messages.some(isInitializeRequest)) {
			if (this.initialized)
				return this.fail(response, 400, JsonRpcCode.invalidRequest, "Invalid Request: Server already initialized");
			if (messages.length > 1) {
				return this.fail(
					response,
					400,
					JsonRpcCode.invalidRequest,
					"Invalid Request: Only one initialization request is allowed",
				);
			}
			this.sessionId = this.options.sessionIdGenerator();
			this.initialized = true;
			this.options.onsessioninitialized?.(this.sessionId);
		} else if (!this.sessionAccepted(request, response)) return;
		const extra: MessageExtraInfo = { requestInfo: requestInfo(request) };
		const requests = messages.filter(isJSONRPCRequest);
		if (requests.length === 0) {
			for (const message of messages) this.onmessage?.(message, extra);
			response.writeHead(202).end();
			return;
		}
		return new Promise<void>((resolve) => {
			const reply: PendingReply = {
				ids: requests.map((message) => message.id),
				responses: new Map(),
				response,
				done: resolve,
			};
			for (const id of reply.ids) this.pending.set(id, reply);
			for (const message of messages) this.onmessage?.(message, extra);
		});
	}

	private handleGet(request: IncomingMessage, response: ServerResponse): void {
		if (!request.headers.accept?.includes("text/event-stream")) {
			return this.fail(response, 406, JsonRpcCode.serverError, "Not Acceptable: Client must accept text/event-stream");
		}
		if (!this.sessionAccepted(request, response)) return;
		if (this.stream !== undefined) {
			return this.fail(response, 409, JsonRpcCode.serverError, "Conflict: Only one SSE stream is allowed per session");
		}
		const stream = new SessionEventStream(
			response,
			this.sessionIdHeaders(),
			() => {
				if (this.stream === stream) this.stream = undefined;
			},
			this.options.keepAliveMs,
		);
		this.stream = stream;
	}

	private async handleDelete(request: IncomingMessage, response: ServerResponse): Promise<void> {
		if (!this.sessionAccepted(request, response)) return;
		try {
			response.writeHead(200).end();
		} finally {
			await this.close();
		}
	}

	/** The session and protocol-version checks of every request but initialize; answers the refusal. */
	private sessionAccepted(request: IncomingMessage, response: ServerResponse): boolean {
		if (!this.initialized) {
			this.fail(response, 400, JsonRpcCode.serverError, "Bad Request: Server not initialized");
			return false;
		}
		const sessionId = joinedHeader(request, "mcp-session-id");
		if (!sessionId) {
			this.fail(response, 400, JsonRpcCode.serverError, "Bad Request: Mcp-Session-Id header is required");
			return false;
		}
		if (sessionId !== this.sessionId) {
			this.fail(response, 404, JsonRpcCode.sessionNotFound, "Session not found");
			return false;
		}
		const version = joinedHeader(request, "mcp-protocol-version");
		if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
			const message = `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(", ")})`;
			this.fail(response, 400, JsonRpcCode.serverError, message);
			return false;
		}
		return true;
	}

	private replyJson(response: ServerResponse, status: number, body: string): void {
		if (response.destroyed || response.writableEnded) return;
		response.writeHead(status, {
			"Content-Type": "application/json",
			"Content-Length": Buffer.byteLength(body),
			...this.sessionIdHeaders(),
		});
		response.end(body);
	}

	private sessionIdHeaders(): Record<string, string> {
		return this.sessionId === undefined ? {} : { "mcp-session-id": this.sessionId };
	}

	/** A refusal, as the SDK words it; also reported to `onerror` as the SDK does. */
	private fail(response: ServerResponse, status: number, code: number, message: string): void {
		this.onerror?.(new Error(message));
		sendJsonRpcError(response, status, code, message);
	}
}

/** A header as the Fetch API reads it: every occurrence, joined by ", " (Node keeps only the first Content-Type). */
function joinedHeader(request: IncomingMessage, name: string): string | undefined {
	return request.headersDistinct[name]?.join(", ");
}

/** Node's headers object is already the SDK's `IsomorphicHeaders`; no copy is made. */
function requestInfo(request: IncomingMessage): NonNullable<MessageExtraInfo["requestInfo"]> {
	return {
		headers: request.headers,
		url: new URL(request.url ?? "/", `http://${request.headers.host ?? "localhost"}`),
	};
}
