/** What a user pastes into an MCP client to connect to this server. */
export interface ClientInstructions {
	url: string;
	/** `claude mcp add …` for Claude Code. */
	claudeCode: string;
	/** A `claude_desktop_config.json` entry: Claude Desktop starts stdio servers only, so it bridges through mcp-remote. */
	claudeDesktop: string;
}

export const SERVER_NAME = "causal-memory";

export function clientInstructions(url: string, token: string | null): ClientInstructions {
	const header = token === null ? "" : ` --header "Authorization: Bearer ${token}"`;
	const bridge: Record<string, unknown> = {
		command: "npx",
		args: [
			"-y",
			"mcp-remote",
			url,
			"--transport",
			"http-only",
			...(token === null ? [] : ["--header", "Authorization:${MCP_TOKEN}"]),
		],
	};
	// No space after the colon in the header argument: Windows splits arguments on spaces.
	if (token !== null) bridge.env = { MCP_TOKEN: `Bearer ${token}` };
	return {
		url,
		claudeCode: `claude mcp add --transport http ${SERVER_NAME} ${url}${header}`,
		claudeDesktop: JSON.stringify({ mcpServers: { [SERVER_NAME]: bridge } }, null, 2),
	};
}

/**
 * A project's `.mcp.json` for Claude Code: the token comes from an environment variable
 * (Claude Code expands `${VAR}` there), so the file can be shared without the secret.
 */
export function projectMcpJson(url: string): string {
	return JSON.stringify(
		{
			mcpServers: { [SERVER_NAME]: { type: "http", url, headers: { Authorization: "Bearer ${CAUSAL_MEMORY_TOKEN}" } } },
		},
		null,
		2,
	);
}
