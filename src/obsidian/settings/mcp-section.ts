import { Notice, type Setting } from "obsidian";
import { clientInstructions, projectMcpJson } from "../../mcp/connect/client-instructions";
import { errorMessage } from "../../core/model/error-message";
import { connectedClientsText, onClientStatusChange } from "../client-status-text";
import type { McpServerState } from "../mcp-service";
import type { SettingRow, SettingsContext } from "./settings-context";

function stateText(state: McpServerState, sessions: number): string {
	switch (state.kind) {
		case "running":
			return `Running on port ${state.port}, ${sessions} ${sessions === 1 ? "session" : "sessions"} open.`;
		case "starting":
			return "Starting…";
		case "off":
			return "Not running: it starts once the vault is indexed, if the server is enabled below.";
		case "stopped":
			return "Stopped.";
		case "failed":
			return `Could not start: ${state.reason}`;
	}
}

async function copy(text: string, what: string): Promise<void> {
	try {
		await navigator.clipboard.writeText(text);
		new Notice(`Copied ${what}.`);
	} catch (error) {
		new Notice(`Could not copy ${what}: ${errorMessage(error)}`);
	}
}

/** The MCP server rows above the schema's fields: state and URL, the connection lines, the token. */
export function mcpRows(context: SettingsContext): SettingRow[] {
	const { mcp, store } = context;
	const instructions = () => {
		const state = mcp.state;
		return state.kind === "running"
			? clientInstructions(state.url, store.get().mcp.token ?? null, context.app.vault.getName())
			: null;
	};
	const needsServer = (setting: Setting): void => {
		for (const component of setting.components) component.setDisabled(instructions() === null);
	};
	return [
		{
			name: "Server",
			desc: "The memory tools over MCP on 127.0.0.1, for Claude Code, Claude Desktop and other clients.",
			render: (setting) => {
				const state = setting.descEl.createDiv({ cls: "causal-memory-mcp-state" });
				const draw = (): void => {
					const current = mcp.state;
					state.empty();
					state.createDiv({ text: stateText(current, mcp.sessionCount()), cls: `causal-memory-mcp-${current.kind}` });
					if (current.kind === "running") state.createEl("code", { text: current.url });
					const lastError = mcp.lastError();
					if (lastError !== null && current.kind === "running")
						state.createDiv({ text: `Last error: ${lastError}`, cls: "causal-memory-mcp-failed" });
				};
				draw();
				return mcp.onStateChange(draw);
			},
		},
		{
			name: "Connect Claude Code",
			desc: "Copies the claude mcp add line with the URL and the token: paste it into a terminal. It registers this vault's memory for your user (--scope user), so Claude Code finds it in every folder.",
			render: (setting) => {
				setting.addButton((button) =>
					button
						.setButtonText("Copy command")
						.setCta()
						.onClick(() => {
							const lines = instructions();
							if (lines !== null) void copy(lines.claudeCode, 'the "claude mcp add" command');
						}),
				);
				needsServer(setting);
				return mcp.onStateChange(() => needsServer(setting));
			},
		},
		{
			name: "Connected clients",
			desc: "The programs that used this server since Obsidian started, by the name and version they send.",
			render: (setting) => {
				const line = setting.descEl.createDiv({ cls: "causal-memory-mcp-clients" });
				const draw = (): void => {
					line.setText(
						connectedClientsText(mcp.clients(), Date.now()) ??
							"No client has connected yet — copy the line above into Claude Code.",
					);
				};
				draw();
				return onClientStatusChange(mcp, draw);
			},
		},
		{
			name: "Connect Claude Desktop",
			desc: "Adds the server to Claude Desktop's configuration (you see what is written first; other servers are kept, a backup is made), or copies the entry. It is bridged through mcp-remote, which needs Node.js.",
			render: (setting) => {
				setting.addButton((button) =>
					button
						.setButtonText("Add to the Claude desktop app")
						.setCta()
						.onClick(() => mcp.addToClaudeDesktop()),
				);
				setting.addButton((button) =>
					button.setButtonText("Copy JSON").onClick(() => {
						const lines = instructions();
						if (lines !== null) void copy(lines.claudeDesktop, "the Claude Desktop entry");
					}),
				);
				needsServer(setting);
				return mcp.onStateChange(() => needsServer(setting));
			},
		},
		{
			name: "Project .mcp.json",
			desc: "Copies a .mcp.json for a project folder; it reads the token from the CAUSAL_MEMORY_TOKEN environment variable, so the file holds no secret.",
			render: (setting) => {
				setting.addButton((button) =>
					button.setButtonText("Copy .mcp.json").onClick(() => {
						const state = mcp.state;
						if (state.kind === "running")
							void copy(projectMcpJson(state.url, context.app.vault.getName()), "the project .mcp.json");
					}),
				);
				needsServer(setting);
				return mcp.onStateChange(() => needsServer(setting));
			},
		},
		{
			name: "Access token",
			desc: "Clients send it as a bearer token. Regenerating it disconnects every client until it is given the new one.",
			render: (setting) => {
				const shown = setting.descEl.createEl("code", { cls: "causal-memory-token" });
				let visible = false;
				const draw = (): void => {
					const token = store.get().mcp.token ?? "";
					shown.setText(
						token === ""
							? "Generated when the server first starts."
							: visible
								? token
								: `${token.slice(0, 4)}${"•".repeat(12)}`,
					);
				};
				draw();
				setting.addExtraButton((button) =>
					button
						.setIcon("eye")
						.setTooltip("Show or hide the token")
						.onClick(() => {
							visible = !visible;
							draw();
						}),
				);
				setting.addButton((button) =>
					button.setButtonText("Copy").onClick(() => void copy(store.get().mcp.token ?? "", "the token")),
				);
				setting.addButton((button) =>
					button
						.setButtonText("Regenerate")
						.setClass("mod-warning")
						.onClick(async () => {
							if (!button.buttonEl.hasClass("causal-memory-confirm")) {
								button.buttonEl.addClass("causal-memory-confirm");
								button.setButtonText("Connected clients stop working: regenerate?");
								return;
							}
							button.buttonEl.removeClass("causal-memory-confirm");
							button.setButtonText("Regenerate");
							await mcp.regenerateToken();
							new Notice("New token generated: copy the connection line again into every client.");
						}),
				);
				return store.onChange(draw);
			},
		},
	];
}
