/** What a user pastes into an MCP client to connect to this server. */
export interface ClientInstructions {
	url: string;
	/** The name clients list the server under: `causal-memory-<vault>`, so two vaults never collide. */
	serverName: string;
	/** `claude mcp add --scope user …`: Claude Code finds the memory in every folder, not only where it was run. */
	claudeCode: string;
	/** `claude mcp add --scope project …`: only in one project, its `.mcp.json` reading the token from CAUSAL_MEMORY_TOKEN. */
	claudeCodeProject: string;
	/** A `claude_desktop_config.json` entry: Claude Desktop starts stdio servers only, so it bridges through mcp-remote. */
	claudeDesktop: string;
}

/** The name this server gives itself in MCP's `initialize`; clients list it under `serverName(vault)`. */
export const SERVER_NAME = "causal-memory";

/** The environment variable a shared project file reads the token from. */
export const TOKEN_VARIABLE = "CAUSAL_MEMORY_TOKEN";

const MAX_SLUG = 40;

/** `causal-memory-<vault name in lower case, words joined by dashes>`; just `causal-memory` for a name without letters or digits. */
export function serverName(vaultName: string): string {
	const slug = vaultName
		.normalize("NFKD")
		.replace(/[\u0300-\u036f]/g, "")
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, "-")
		.slice(0, MAX_SLUG)
		.replace(/^-+|-+$/g, "");
	return slug === "" ? SERVER_NAME : `${SERVER_NAME}-${slug}`;
}

/** Claude Desktop's entry for the server: it starts stdio servers only, so it bridges through mcp-remote. */
export function claudeDesktopServer(url: string, token: string | null): Record<string, unknown> {
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
	return bridge;
}

export function clientInstructions(url: string, token: string | null, vaultName: string): ClientInstructions {
	const name = serverName(vaultName);
	const header = token === null ? "" : ` --header "Authorization: Bearer ${token}"`;
	const bridge = claudeDesktopServer(url, token);
	// Single quotes: the shell passes ${…} on, and Claude Code expands it each time it reads .mcp.json.
	const projectHeader = token === null ? "" : ` --header 'Authorization: Bearer \${${TOKEN_VARIABLE}}'`;
	return {
		url,
		serverName: name,
		claudeCode: `claude mcp add --scope user --transport http ${name} ${url}${header}`,
		claudeCodeProject: `claude mcp add --scope project --transport http ${name} ${url}${projectHeader}`,
		claudeDesktop: JSON.stringify({ mcpServers: { [name]: bridge } }, null, 2),
	};
}

/**
 * A project's `.mcp.json` for Claude Code: the token comes from an environment variable
 * (Claude Code expands `${VAR}` there), so the file can be shared without the secret.
 */
export function projectMcpJson(url: string, vaultName: string): string {
	return JSON.stringify(
		{
			mcpServers: {
				[serverName(vaultName)]: { type: "http", url, headers: { Authorization: `Bearer \${${TOKEN_VARIABLE}}` } },
			},
		},
		null,
		2,
	);
}
