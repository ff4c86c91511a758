import { clientLabel, type ConnectedClient } from "../mcp/http/connected-clients";
import type { McpServerState } from "./mcp-service";
import { timeAgo } from "./view/view-text";

/** Clients named in the line; the rest are counted. */
const CLIENTS_SHOWN = 3;

/**
 * "Connected: Claude Code 2.1.3 — last request 2 min ago", several joined with "; " (the most
 * recent first), or null when no client has connected since the plugin loaded.
 */
export function connectedClientsText(clients: readonly ConnectedClient[], now: number): string | null {
	if (clients.length === 0) return null;
	const named = clients
		.slice(0, CLIENTS_SHOWN)
		.map((client) => `${clientLabel(client)} — last request ${timeAgo(client.lastRequest, now)}`);
	const more = clients.length - CLIENTS_SHOWN;
	return `Connected: ${named.join("; ")}${more > 0 ? `; and ${more} more` : ""}.`;
}

/** What the client line needs of the MCP server (ObsidianMcp). */
export interface ClientStatusSource {
	readonly state: McpServerState;
	clients(): ConnectedClient[];
	onClientConnect(listener: () => void): () => void;
	onStateChange(listener: () => void): () => void;
}

/** The memory view's one line on who uses the memory: the clients, or why none has yet and what to do. */
export function clientStatusLine(source: Pick<ClientStatusSource, "state" | "clients">, now: number): string {
	const connected = connectedClientsText(source.clients(), now);
	if (connected !== null) return connected;
	switch (source.state.kind) {
		case "running":
			return "No client has connected yet — copy the Claude Code line from the settings (MCP server).";
		case "starting":
			return "The MCP server is starting…";
		case "failed":
			return `The MCP server could not start: ${source.state.reason}`;
		case "off":
		case "stopped":
			return "The MCP server is not running; turn it on in the settings (MCP server).";
	}
}

/** Calls `listener` when a client connects or the server's state changes; returns the function that stops both. */
export function onClientStatusChange(source: ClientStatusSource, listener: () => void): () => void {
	const stopClients = source.onClientConnect(listener);
	const stopState = source.onStateChange(listener);
	return () => {
		stopClients();
		stopState();
	};
}
