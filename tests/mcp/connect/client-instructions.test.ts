import { describe, expect, it } from "vitest";
import { clientInstructions, projectMcpJson, serverName } from "../../../src/mcp/connect/client-instructions";

const URL = "http://127.0.0.1:27150/mcp";
const TOKEN = "t".repeat(43);

describe("serverName", () => {
	it("carries the vault's name, in lower case with dashes, so two vaults never collide", () => {
		expect(serverName("My Vault")).toBe("causal-memory-my-vault");
		expect(serverName("Work notes (2026)")).toBe("causal-memory-work-notes-2026");
		expect(serverName("Café Zürich")).toBe("causal-memory-cafe-zurich");
		expect(serverName("Personal")).not.toBe(serverName("Work"));
	});

	it("is plain causal-memory for a name with no letters or digits, and stays short", () => {
		expect(serverName("日記")).toBe("causal-memory");
		expect(serverName("---")).toBe("causal-memory");
		expect(serverName("a".repeat(200))).toBe(`causal-memory-${"a".repeat(40)}`);
		expect(serverName(`${"a".repeat(39)} b`)).toBe(`causal-memory-${"a".repeat(39)}`);
	});
});

describe("clientInstructions", () => {
	it("registers Claude Code for the user (every folder) under the vault's server name, with the token", () => {
		const lines = clientInstructions(URL, TOKEN, "My Vault");
		expect(lines.claudeCode).toBe(
			`claude mcp add --scope user --transport http causal-memory-my-vault ${URL} --header "Authorization: Bearer ${TOKEN}"`,
		);
	});

	it("offers the project scope with the token read from CAUSAL_MEMORY_TOKEN, never written into the project", () => {
		const lines = clientInstructions(URL, TOKEN, "My Vault");
		expect(lines.claudeCodeProject).toBe(
			`claude mcp add --scope project --transport http causal-memory-my-vault ${URL} --header 'Authorization: Bearer \${CAUSAL_MEMORY_TOKEN}'`,
		);
		expect(lines.claudeCodeProject).not.toContain(TOKEN);
		expect(JSON.parse(projectMcpJson(URL, "My Vault"))).toEqual({
			mcpServers: {
				"causal-memory-my-vault": {
					type: "http",
					url: URL,
					headers: { Authorization: "Bearer ${CAUSAL_MEMORY_TOKEN}" },
				},
			},
		});
	});

	it("names Claude Desktop's entry the same way", () => {
		const desktop = JSON.parse(clientInstructions(URL, TOKEN, "My Vault").claudeDesktop) as {
			mcpServers: Record<string, { args: string[]; env: Record<string, string> }>;
		};
		expect(Object.keys(desktop.mcpServers)).toEqual(["causal-memory-my-vault"]);
		expect(desktop.mcpServers["causal-memory-my-vault"]?.env).toEqual({ MCP_TOKEN: `Bearer ${TOKEN}` });
	});

	it("leaves the headers out when the server runs without a token", () => {
		const lines = clientInstructions(URL, null, "My Vault");
		expect(lines.claudeCode).toBe(`claude mcp add --scope user --transport http causal-memory-my-vault ${URL}`);
		expect(lines.claudeCodeProject).toBe(
			`claude mcp add --scope project --transport http causal-memory-my-vault ${URL}`,
		);
	});
});
