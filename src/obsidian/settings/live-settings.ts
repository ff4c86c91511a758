import type { MemorySettings } from "../../core/model/settings";
import type { SettingsContext } from "./settings-context";

/**
 * Whether a change needs the MCP server restarted: it binds the port, and takes the token and
 * the session limits, when it starts. A token appearing for the first time is the one the
 * starting server generated and serves already.
 */
function serverNeedsRestart(settings: MemorySettings, previous: MemorySettings): boolean {
	const now = settings.mcp;
	const before = previous.mcp;
	return (
		now.port !== before.port ||
		now.fixedPort !== before.fixedPort ||
		now.enabled !== before.enabled ||
		now.idleSessionMinutes !== before.idleSessionMinutes ||
		now.maxSessions !== before.maxSessions ||
		(before.token !== undefined && now.token !== before.token)
	);
}

/**
 * Applies every settings change while the plugin runs, whether it came from the settings tab or
 * from data.json changed under the plugin (`onExternalSettingsChange`): the engine follows it
 * (MemoryEngine.applySettings: excluded folders, index, keyword and scoring settings, the pass
 * interval), and a server change restarts the MCP server, closing its sessions. The embedding
 * model is reloaded by the embeddings section when its settings change there. Returns the
 * function that stops listening.
 */
export function applySettingsLive(context: SettingsContext): () => void {
	return context.store.onChange((settings, previous) => {
		void context.memory.applySettings();
		// restart() starts the server again only if it is enabled.
		if (serverNeedsRestart(settings, previous)) void context.mcp.restart();
	});
}
