import { describe, expect, it } from "vitest";
import type { ConnectedClient } from "../../src/mcp/http/connected-clients";
import { clientStatusLine, connectedClientsText } from "../../src/obsidian/client-status-text";
import type { McpServerState } from "../../src/obsidian/mcp-service";

const NOW = Date.UTC(2026, 0, 1, 12);
const MINUTE = 60_000;

function client(name: string, version: string, minutesAgo: number): ConnectedClient {
	return { name, version, firstSeen: NOW - 60 * MINUTE, lastRequest: NOW - minutesAgo * MINUTE };
}

describe("the connected clients line", () => {
	it("names each client with its version and its last request, the most recent first", () => {
		expect(connectedClientsText([client("claude-code", "2.1.3", 2)], NOW)).toBe(
			"Connected: Claude Code 2.1.3 — last request 2 min ago.",
		);
		expect(connectedClientsText([client("claude-code", "2.1.3", 0), client("cursor", "", 125)], NOW)).toBe(
			"Connected: Claude Code 2.1.3 — last request just now; cursor — last request 2 h ago.",
		);
	});

	it("names three and counts the rest", () => {
		const clients = ["a", "b", "c", "d", "e"].map((name, i) => client(name, "1", i));
		expect(connectedClientsText(clients, NOW)).toBe(
			"Connected: a 1 — last request just now; b 1 — last request 1 min ago; c 1 — last request 2 min ago; and 2 more.",
		);
	});

	it("is null before any client connected", () => {
		expect(connectedClientsText([], NOW)).toBeNull();
	});

	it("in the view, says why no client is listed and what to do", () => {
		const line = (state: McpServerState, clients: ConnectedClient[] = []) =>
			clientStatusLine({ state, clients: () => clients }, NOW);
		expect(line({ kind: "running", url: "http://127.0.0.1:1/mcp", port: 1 })).toBe(
			"No client has connected yet — copy the Claude Code line from the settings (MCP server).",
		);
		expect(line({ kind: "failed", reason: "port 27150 is taken" })).toBe(
			"The MCP server could not start: port 27150 is taken",
		);
		expect(line({ kind: "off" })).toBe("The MCP server is not running; turn it on in the settings (MCP server).");
		expect(line({ kind: "stopped" }, [client("claude-code", "2.1.3", 5)])).toBe(
			"Connected: Claude Code 2.1.3 — last request 5 min ago.",
		);
	});
});
