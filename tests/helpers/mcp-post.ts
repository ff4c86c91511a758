import { request, type IncomingMessage } from "node:http";

/** The JSON-RPC initialize request every MCP session starts with. */
export const INITIALIZE = {
	jsonrpc: "2.0",
	id: 1,
	method: "initialize",
	params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
};

/** One POST of `message` to the MCP endpoint over node:http (not the DOM's fetch), with `token` and, when given, `session`. */
export function postMcp(url: string, token: string, message: unknown, session?: string): Promise<IncomingMessage> {
	return new Promise((resolve, reject) => {
		const req = request(
			url,
			{
				method: "POST",
				headers: {
					Authorization: `Bearer ${token}`,
					"Content-Type": "application/json",
					Accept: "application/json, text/event-stream",
					Host: new URL(url).host,
					...(session === undefined ? {} : { "mcp-session-id": session, "mcp-protocol-version": "2025-06-18" }),
				},
			},
			resolve,
		);
		req.on("error", reject);
		req.end(JSON.stringify(message));
	});
}

/** The HTTP status of an MCP initialize request with `token`. */
export async function statusWith(url: string, token: string): Promise<number> {
	const res = await postMcp(url, token, INITIALIZE);
	res.resume();
	return res.statusCode ?? 0;
}
