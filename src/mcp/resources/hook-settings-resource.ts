import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ToolContext } from "../memory-tool";
import { HOOK_SETTINGS_URI } from "./memory-uris";
import { runRequest } from "./resource-errors";

/**
 * The settings of the Claude Code hooks as JSON (`mcp.hooks`): `causal-memory hook` reads them
 * before it recalls or stores anything, so turning a hook off in the settings takes effect at the
 * next prompt. Holds no note content.
 */
export function registerHookSettingsResource(server: McpServer, context: ToolContext): void {
	server.registerResource(
		"hook-settings",
		HOOK_SETTINGS_URI,
		{
			title: "Claude Code hook settings",
			description:
				"Which of the Claude Code plugin's hooks are on (session start context, recall before each prompt, session notes) and their limits, as JSON.",
			mimeType: "application/json",
		},
		(uri) =>
			runRequest(
				"reading the hook settings",
				() => ({
					contents: [
						{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(context.memory.hookSettings()) },
					],
				}),
				context.onError,
			),
	);
}
