import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

/** A tiny MCP server for transport tests: one `echo` tool that returns its text. */
export function createEchoServer(): McpServer {
	const server = new McpServer({ name: "echo-test", version: "1.0.0" }, { capabilities: { tools: {} } });
	server.registerTool(
		"echo",
		{
			description: "Returns the text it is given.",
			inputSchema: { text: z.string() },
			annotations: { readOnlyHint: true, idempotentHint: true },
		},
		({ text }) => ({ content: [{ type: "text", text }] }),
	);
	return server;
}
