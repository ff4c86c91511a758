import { homedir } from "node:os";
import { basename } from "node:path";
import { claudeDesktopConfigPath } from "../../mcp/connect/claude-desktop-config";
import { addClaudeDesktopServer } from "../../mcp/connect/claude-desktop-file";
import { claudeDesktopServer, clientInstructions, TOKEN_VARIABLE } from "../../mcp/connect/client-instructions";
import { readHeadlessSettings } from "../headless-settings";
import { printLine } from "./terminal";

export const CLIENTS = ["claude-desktop", "claude-code", "cursor", "vscode"] as const;
export type Client = (typeof CLIENTS)[number];

export interface ConnectOptions {
	client: Client;
	vaultDir: string;
	/** claude-desktop: another file than the platform's. */
	configFile?: string;
	/** claude-desktop: write the file (after a backup) instead of showing what would be written. */
	write: boolean;
	now: Date;
}

/**
 * Prints what a client needs to reach this vault's server (URL and token from the plugin's
 * data.json), in the client's own configuration form; for Claude Desktop, merges the entry into
 * its configuration file with --write.
 */
export async function connectCommand(options: ConnectOptions): Promise<number> {
	const { mcp } = readHeadlessSettings(options.vaultDir).settings;
	const token = mcp.token;
	if (token === undefined)
		throw new Error(
			`${options.vaultDir} has no MCP token yet: start the server once (causal-memory serve --vault ${options.vaultDir}, or enable the plugin in Obsidian), which creates and saves it.`,
		);
	const url = `http://127.0.0.1:${mcp.announcedPort ?? mcp.port}/mcp`;
	const lines = clientInstructions(url, token, basename(options.vaultDir));
	const name = lines.serverName;
	if (options.client === "claude-code") {
		printLine(
			[
				"In every folder (registered for your user):",
				`  ${lines.claudeCode}`,
				`Or only in one project (run there; its .mcp.json reads the token from ${TOKEN_VARIABLE}):`,
				`  ${lines.claudeCodeProject}`,
			].join("\n"),
		);
		return 0;
	}
	if (options.client === "cursor") {
		printLine(`Add to ~/.cursor/mcp.json (every project) or .cursor/mcp.json (one project):\n`);
		printLine(json({ mcpServers: { [name]: { url, headers: { Authorization: `Bearer ${token}` } } } }));
		return 0;
	}
	if (options.client === "vscode") {
		printLine(`Add to .vscode/mcp.json in a workspace (VS Code asks for the token once and keeps it as a secret):\n`);
		const input = `${name}-token`;
		printLine(
			json({
				servers: { [name]: { type: "http", url, headers: { Authorization: `Bearer \${input:${input}}` } } },
				inputs: [{ type: "promptString", id: input, description: `Causal Memory token (${name})`, password: true }],
			}),
		);
		return 0;
	}
	const file =
		options.configFile ??
		claudeDesktopConfigPath({ platform: process.platform, home: homedir(), appData: process.env.APPDATA });
	const server = claudeDesktopServer(url, token);
	if (!options.write) {
		printLine(`Would add "${name}" to ${file} (every other server kept, a backup of the file written first):\n`);
		printLine(json({ mcpServers: { [name]: server } }));
		printLine("\nRun again with --write to write it.");
		return 0;
	}
	const { backup } = await addClaudeDesktopServer(file, name, server, options.now);
	printLine(
		`Added "${name}" to ${file}${backup === null ? "" : ` (the file as it was: ${backup})`}. Restart Claude Desktop to connect; it runs the mcp-remote bridge through npx, which needs Node.js.`,
	);
	return 0;
}

const json = (value: unknown): string => JSON.stringify(value, null, 2);
