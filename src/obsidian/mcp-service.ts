import { homedir } from "node:os";
import { Notice, Platform, type Plugin } from "obsidian";
import { errorMessage } from "../core/model/error-message";
import type { MemorySettings } from "../core/model/settings";
import type { MemoryEngine } from "../engine/memory-engine";
import { claudeDesktopConfigPath } from "../mcp/connect/claude-desktop-config";
import { addClaudeDesktopServer } from "../mcp/connect/claude-desktop-file";
import { claudeDesktopServer, clientInstructions, serverName } from "../mcp/connect/client-instructions";
import { ClaudeDesktopModal } from "./modals/claude-desktop-modal";
import { generateToken } from "../mcp/http/bearer-token";
import { ConnectedClients, type ConnectedClient } from "../mcp/http/connected-clients";
import type { RunningMcpServer } from "../mcp/http/mcp-http-server";

const NOTICE_MS = 10_000;

export interface ObsidianMcpDeps {
	engine: MemoryEngine;
	settings: () => MemorySettings;
	updateSettings: (change: (settings: MemorySettings) => MemorySettings) => Promise<void>;
	/** Claude Desktop's configuration file; default: where Claude Desktop keeps it on this platform. */
	claudeDesktopConfig?: string;
}

function platformClaudeDesktopConfig(): string {
	const platform = Platform.isMacOS ? "darwin" : Platform.isWin ? "win32" : "linux";
	return claudeDesktopConfigPath({ platform, home: homedir() });
}

/** Where the server stands, for the command and for tests. */
export type McpServerState =
	| { kind: "off" | "starting" | "stopped" }
	| { kind: "running"; url: string; port: number }
	| { kind: "failed"; reason: string };

/**
 * The MCP server inside Obsidian: the memory tools over Streamable HTTP on 127.0.0.1, started
 * once the engine runs, with the token kept in the plugin's data (generated on first run), and
 * closed when the plugin unloads. The token is never shown in a notice.
 */
export class ObsidianMcp {
	private server: RunningMcpServer | null = null;
	private attempt: Promise<void> | null = null;
	private current: McpServerState = { kind: "off" };
	private stopped = false;
	private failure: string | null = null;
	/** Set by the first `start()` (once the engine runs): before that, a restart waits for it. */
	private began = false;
	private readonly listeners = new Set<() => void>();
	/** Kept here, not in the server, so a restart (new port, new token) does not forget who connected. */
	private readonly connected = new ConnectedClients(() => Date.now());

	constructor(
		private readonly plugin: Plugin,
		private readonly deps: ObsidianMcpDeps,
	) {}

	get state(): McpServerState {
		return this.current;
	}

	/** Open MCP sessions (0 when the server is not running). */
	sessionCount(): number {
		return this.server?.sessionCount() ?? 0;
	}

	/** The clients that connected since the plugin loaded, the one with the most recent request first. */
	clients(): ConnectedClient[] {
		return this.connected.list();
	}

	/** Called whenever a client opens a session (a new one or one seen before); returns the function that stops listening. */
	onClientConnect(listener: () => void): () => void {
		return this.connected.onInitialized(() => listener());
	}

	/** Why the server last failed to start, or null. */
	lastError(): string | null {
		return this.failure;
	}

	/** Called whenever `state` changes; returns the function that stops listening. */
	onStateChange(listener: () => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	/** Closes the server and starts it again with the current settings (a new port, a new token, enabled or not). */
	async restart(): Promise<void> {
		if (this.stopped || !this.began) return;
		await this.attempt;
		const server = this.server;
		this.server = null;
		this.attempt = null;
		this.setState({ kind: "off" });
		await server?.close();
		await this.start();
	}

	/**
	 * A new token saved in the settings; the settings listener (applySettingsLive) restarts the
	 * server, so the old token is refused from then on.
	 */
	async regenerateToken(): Promise<void> {
		const token = generateToken();
		await this.deps.updateSettings((settings) => ({ ...settings, mcp: { ...settings.mcp, token } }));
	}

	private setState(state: McpServerState): void {
		this.current = state;
		for (const listener of this.listeners) listener();
	}

	/** Starts the server if MCP is enabled. Never rejects: a failure is shown and kept in `state`. */
	start(): Promise<void> {
		this.began = true;
		if (this.stopped || !this.deps.settings().mcp.enabled) return Promise.resolve();
		this.attempt ??= this.listen();
		return this.attempt;
	}

	/** Closes every session and the server; the port is free when this settles. */
	async stop(): Promise<void> {
		this.stopped = true;
		await this.attempt;
		const server = this.server;
		this.server = null;
		this.setState({ kind: "stopped" });
		await server?.close();
	}

	addCommands(): void {
		this.plugin.addCommand({
			id: "copy-mcp-connection",
			name: "Copy the memory server connection line",
			callback: () => this.copyConnectionLine(),
		});
		this.plugin.addCommand({
			id: "add-to-claude-desktop",
			name: "Add the memory server to the Claude desktop app",
			callback: () => this.addToClaudeDesktop(),
		});
	}

	/** Shows what would be added to Claude Desktop's configuration file, and adds it when the user agrees. */
	addToClaudeDesktop(): void {
		const state = this.current;
		if (state.kind !== "running") return void new Notice(`Causal Memory: ${notRunning(state)}`);
		const file = this.deps.claudeDesktopConfig ?? platformClaudeDesktopConfig();
		const name = serverName(this.plugin.app.vault.getName());
		const entry = claudeDesktopServer(state.url, this.deps.settings().mcp.token ?? null);
		new ClaudeDesktopModal(this.plugin.app, file, name, entry, async () => {
			try {
				await addClaudeDesktopServer(file, name, entry, new Date());
				new Notice(`Added "${name}" to Claude Desktop. Restart Claude Desktop to connect.`, NOTICE_MS);
			} catch (error) {
				new Notice(`Causal Memory: could not add the server to Claude Desktop: ${errorMessage(error)}`, 0);
			}
		}).open();
	}

	private async listen(): Promise<void> {
		this.setState({ kind: "starting" });
		try {
			const token = await this.token();
			const { mcp } = this.deps.settings();
			// Loaded here, not with main.js: the MCP SDK, its schemas and the tools' are a third of what
			// evaluating the bundle cost (bench: bundle-load --profile).
			const [{ startMcpHttpServer }, { memoryMcpServerFactory }] = await Promise.all([
				import("../mcp/http/mcp-http-server"),
				import("../mcp/memory-mcp-server"),
			]);
			const server = await startMcpHttpServer({
				createServer: memoryMcpServerFactory(this.deps.engine, { version: this.plugin.manifest.version }),
				port: mcp.port,
				fixedPort: mcp.fixedPort,
				token,
				idleSessionMs: mcp.idleSessionMinutes * 60_000,
				maxSessions: mcp.maxSessions,
				clients: this.connected,
			});
			if (this.stopped) {
				await server.close();
				return;
			}
			this.server = server;
			this.failure = null;
			this.setState({ kind: "running", url: server.url, port: server.port });
			// Told on the first start and when the bound port changed, not on every start.
			if (mcp.announcedPort !== server.port) {
				const walked = server.port === mcp.port ? "" : ` (port ${mcp.port} was taken)`;
				new Notice(
					`Causal Memory: MCP server on port ${server.port}${walked}. Connect a client from the plugin's settings (MCP server) or with "Copy the memory server connection line".`,
					NOTICE_MS,
				);
				await this.deps.updateSettings((settings) => ({
					...settings,
					mcp: { ...settings.mcp, announcedPort: server.port },
				}));
			}
		} catch (error) {
			this.failure = errorMessage(error);
			this.setState({ kind: "failed", reason: errorMessage(error) });
			new Notice(`Causal Memory: the MCP server could not start: ${errorMessage(error)}`, 0);
		}
	}

	/** The saved token, or a new one saved in the plugin's data on first run. */
	private async token(): Promise<string> {
		const saved = this.deps.settings().mcp.token;
		if (saved !== undefined) return saved;
		const token = generateToken();
		await this.deps.updateSettings((settings) => ({
			...settings,
			mcp: { ...settings.mcp, token: settings.mcp.token ?? token },
		}));
		return this.deps.settings().mcp.token ?? token;
	}

	/** Copies the Claude Code line (`claude mcp add --scope user …`) and says so, or why not. */
	async copyConnectionLine(): Promise<void> {
		const state = this.current;
		if (state.kind !== "running") return void new Notice(`Causal Memory: ${notRunning(state)}`);
		const token = this.deps.settings().mcp.token ?? null;
		try {
			const vaultName = this.plugin.app.vault.getName();
			await navigator.clipboard.writeText(clientInstructions(state.url, token, vaultName).claudeCode);
			new Notice(
				`Copied the "claude mcp add" command for ${state.url} (it holds the token: paste it only into a terminal).`,
				NOTICE_MS,
			);
		} catch (error) {
			new Notice(
				`Causal Memory: could not copy the MCP connection command (${errorMessage(error)}); the server is at ${state.url}.`,
				NOTICE_MS,
			);
		}
	}
}

function notRunning(state: Exclude<McpServerState, { kind: "running" }>): string {
	switch (state.kind) {
		case "off":
			return "the MCP server is not running: it starts once the vault is indexed, if MCP is enabled in the settings.";
		case "starting":
			return "the MCP server is starting; try again in a moment.";
		case "stopped":
			return "the MCP server was stopped.";
		case "failed":
			return `the MCP server could not start: ${state.reason}`;
	}
}
