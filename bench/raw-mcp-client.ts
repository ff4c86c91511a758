import { Agent, request } from "node:http";

interface ToolResult {
	content?: unknown;
	structuredContent?: unknown;
	isError?: boolean;
}

const PROTOCOL_VERSION = "2025-11-25";

/**
 * The least an MCP client over Streamable HTTP can do: JSON-RPC posts on one keep-alive
 * connection with `node:http`, no SDK, no fetch, no checks of the replies. For comparison with
 * the SDK client only (`npm run bench -- store --via http-raw`): agents use an SDK client.
 */
export class RawMcpClient {
	private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });
	private sessionId: string | undefined;
	private nextId = 1;

	constructor(
		private readonly url: URL,
		private readonly token: string,
	) {}

	async connect(): Promise<void> {
		await this.post({
			jsonrpc: "2.0",
			id: this.nextId++,
			method: "initialize",
			params: {
				protocolVersion: PROTOCOL_VERSION,
				capabilities: {},
				clientInfo: { name: "store-bench-raw", version: "1" },
			},
		});
		await this.post({ jsonrpc: "2.0", method: "notifications/initialized" });
	}

	async callTool(name: string, args: Record<string, unknown>): Promise<ToolResult> {
		const reply = (await this.post({
			jsonrpc: "2.0",
			id: this.nextId++,
			method: "tools/call",
			params: { name, arguments: args },
		})) as { result?: ToolResult; error?: { message: string } };
		if (reply.result === undefined) throw new Error(`tools/call ${name} failed: ${reply.error?.message}`);
		return reply.result;
	}

	close(): void {
		this.agent.destroy();
	}

	private post(message: object): Promise<unknown> {
		const body = JSON.stringify(message);
		const session =
			this.sessionId === undefined
				? {}
				: { "mcp-session-id": this.sessionId, "mcp-protocol-version": PROTOCOL_VERSION };
		return new Promise((resolve, reject) => {
			const outgoing = request(
				this.url,
				{
					method: "POST",
					agent: this.agent,
					headers: {
						"content-type": "application/json",
						accept: "application/json, text/event-stream",
						authorization: `Bearer ${this.token}`,
						"content-length": Buffer.byteLength(body),
						...session,
					},
				},
				(incoming) => {
					const id = incoming.headers["mcp-session-id"];
					if (typeof id === "string") this.sessionId = id;
					const chunks: Buffer[] = [];
					incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
					incoming.once("error", reject);
					incoming.once("end", () => {
						const text = Buffer.concat(chunks).toString("utf8");
						const status = incoming.statusCode ?? 0;
						if (status >= 300) reject(new Error(`HTTP ${status}: ${text}`));
						else resolve(text === "" ? undefined : (JSON.parse(text) as unknown));
					});
				},
			);
			outgoing.once("error", reject);
			outgoing.end(body);
		});
	}
}
