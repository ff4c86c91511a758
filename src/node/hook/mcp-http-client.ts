import { Agent, request, type IncomingHttpHeaders } from "node:http";

/**
 * The smallest MCP client over Streamable HTTP, on `node:http`: initialize, the initialized
 * notification, tools/call and resources/read, then DELETE to close the session. It is what a
 * hook process loads instead of the SDK, so a hook starts in tens of milliseconds (Node's
 * `fetch` alone costs ≈ 45 ms to load on its first call; `node:http` ≈ 5).
 */

const PROTOCOL_VERSION = "2025-06-18";

type Json = Record<string, unknown>;

class McpCallError extends Error {}

export interface McpHttpClientOptions {
	url: string;
	token: string;
	/** Aborts every request once it fires (the hook's time budget). */
	signal: AbortSignal;
	clientVersion: string;
}

export class McpHttpClient {
	private sessionId: string | null = null;
	private nextId = 1;

	/** One connection, reused by every request of the session, destroyed by close(). */
	private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });

	constructor(private readonly options: McpHttpClientOptions) {}

	/** Opens the session. */
	async connect(): Promise<void> {
		await this.request("initialize", {
			protocolVersion: PROTOCOL_VERSION,
			capabilities: {},
			clientInfo: { name: "causal-memory-hook", version: this.options.clientVersion },
		});
		await this.post({ jsonrpc: "2.0", method: "notifications/initialized" });
	}

	/** A tool's structured answer; a tool error throws with its message. */
	async callTool(name: string, args: Json): Promise<Json> {
		const result = await this.request("tools/call", { name, arguments: args });
		if (result.isError === true) throw new McpCallError(`${name} failed: ${textOf(result)}`);
		const structured = result.structuredContent;
		if (typeof structured === "object" && structured !== null) return structured as Json;
		return JSON.parse(textOf(result)) as Json;
	}

	/** Sends a notification (no answer). */
	async notify(method: string, params: Json): Promise<void> {
		await this.post({ jsonrpc: "2.0", method, params });
	}

	/** The text of a resource's first content. */
	async readResource(uri: string): Promise<string> {
		const result = await this.request("resources/read", { uri });
		const contents = result.contents;
		const first = Array.isArray(contents) ? (contents[0] as Json | undefined) : undefined;
		if (typeof first?.text !== "string") throw new McpCallError(`${uri} has no text`);
		return first.text;
	}

	/** Closes the session on the server (best effort: a server that already forgot it is fine) and the connection. */
	async close(): Promise<void> {
		try {
			if (this.sessionId === null) return;
			const headers = this.headers();
			this.sessionId = null;
			await this.send("DELETE", headers, null).catch(() => undefined);
		} finally {
			this.agent.destroy();
		}
	}

	private async request(method: string, params: Json): Promise<Json> {
		const id = this.nextId++;
		const message = await this.post({ jsonrpc: "2.0", id, method, params });
		if (message === null) throw new McpCallError(`${method}: no answer`);
		if (typeof message.error === "object" && message.error !== null)
			throw new McpCallError(`${method}: ${String((message.error as Json).message)}`);
		return (message.result ?? {}) as Json;
	}

	private headers(): Record<string, string> {
		const headers: Record<string, string> = {
			Authorization: `Bearer ${this.options.token}`,
			"Content-Type": "application/json",
			Accept: "application/json, text/event-stream",
		};
		if (this.sessionId !== null) {
			headers["Mcp-Session-Id"] = this.sessionId;
			headers["Mcp-Protocol-Version"] = PROTOCOL_VERSION;
		}
		return headers;
	}

	/** Sends one message; the answer to a request, or null for a notification (202). */
	private async post(message: Json): Promise<Json | null> {
		const response = await this.send("POST", this.headers(), JSON.stringify(message));
		const session = response.headers["mcp-session-id"];
		if (typeof session === "string") this.sessionId = session;
		if (response.status < 200 || response.status >= 300)
			throw new McpCallError(`HTTP ${response.status} from the memory server: ${response.text.slice(0, 200)}`);
		if (message.id === undefined || response.text.trim() === "") return null;
		const type = response.headers["content-type"] ?? "";
		return type.includes("text/event-stream")
			? answerInStream(response.text, message.id)
			: (JSON.parse(response.text) as Json);
	}

	private send(
		method: string,
		headers: Record<string, string>,
		body: string | null,
	): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
		return new Promise((resolve, reject) => {
			const sent = request(
				this.options.url,
				{ method, headers, agent: this.agent, signal: this.options.signal },
				(response) => {
					const chunks: Buffer[] = [];
					response.on("data", (chunk: Buffer) => chunks.push(chunk));
					response.on("error", reject);
					response.on("end", () =>
						resolve({
							status: response.statusCode ?? 0,
							headers: response.headers,
							text: Buffer.concat(chunks).toString("utf8"),
						}),
					);
				},
			);
			sent.on("error", reject);
			sent.end(body ?? undefined);
		});
	}
}

/** The JSON-RPC answer with `id` among the `data:` lines of an event stream. */
function answerInStream(text: string, id: unknown): Json | null {
	for (const event of text.split(/\r?\n\r?\n/)) {
		const data = event
			.split(/\r?\n/)
			.filter((line) => line.startsWith("data:"))
			.map((line) => line.slice(5).trimStart())
			.join("\n");
		if (data === "") continue;
		const message = JSON.parse(data) as Json;
		if (message.id === id) return message;
	}
	return null;
}

function textOf(result: Json): string {
	const content = Array.isArray(result.content) ? (result.content as Json[]) : [];
	return content
		.filter((block) => block.type === "text")
		.map((block) => String(block.text))
		.join("\n");
}
