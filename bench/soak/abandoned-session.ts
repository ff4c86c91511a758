import { request, type Agent } from "node:http";

const INITIALIZE = JSON.stringify({
	jsonrpc: "2.0",
	id: 1,
	method: "initialize",
	params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "soak-abandoner", version: "1" } },
});

/** Opens an MCP session with a bare `initialize` and never closes it, as a crashed client would; the HTTP status. */
export function openAbandonedSession(agent: Agent | false, port: number, token: string): Promise<number> {
	return new Promise((resolve, reject) => {
		const outgoing = request(
			{
				host: "127.0.0.1",
				port,
				method: "POST",
				path: "/mcp",
				agent,
				headers: {
					host: `127.0.0.1:${port}`,
					"content-type": "application/json",
					accept: "application/json, text/event-stream",
					authorization: `Bearer ${token}`,
				},
			},
			(incoming) => {
				incoming.resume();
				incoming.once("end", () => resolve(incoming.statusCode ?? 0));
				incoming.once("error", reject);
			},
		);
		outgoing.once("error", reject);
		outgoing.end(INITIALIZE);
	});
}
