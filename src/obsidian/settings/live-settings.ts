import type { MemorySettings } from "../../core/model/settings";
import type { SettingsContext } from "./settings-context";

const RESCORE_DELAY_MS = 1500;

/** Whether a change needs the MCP server restarted (it binds the port and checks the token at start). */
export function serverNeedsRestart(settings: MemorySettings, previous: MemorySettings): boolean {
	const now = settings.mcp;
	const before = previous.mcp;
	return (
		now.port !== before.port ||
		now.fixedPort !== before.fixedPort ||
		now.enabled !== before.enabled ||
		now.idleSessionMinutes !== before.idleSessionMinutes ||
		now.maxSessions !== before.maxSessions
	);
}

/**
 * Applies settings changes while the plugin runs: a scoring change re-scores (a maintenance pass
 * shortly after the last change), a server change restarts the MCP server. The engine reads
 * every other setting when it next uses it. Returns the function that stops listening.
 */
export function applySettingsLive(context: SettingsContext): () => void {
	let rescore: number | null = null;
	const off = context.store.onChange((settings, previous) => {
		// restart() starts the server again only if it is enabled.
		if (serverNeedsRestart(settings, previous)) void context.mcp.restart();
		if (settings.scoring !== previous.scoring) {
			if (rescore !== null) window.clearTimeout(rescore);
			rescore = window.setTimeout(() => {
				rescore = null;
				void context.memory.maintenance()?.runPass();
			}, RESCORE_DELAY_MS);
		}
	});
	return () => {
		off();
		if (rescore !== null) window.clearTimeout(rescore);
	};
}
