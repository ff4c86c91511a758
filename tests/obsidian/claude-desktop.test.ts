// @vitest-environment happy-dom
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { McpSettings } from "../../src/core/model/mcp-settings";
import { claudeDesktopServer, serverName } from "../../src/mcp/connect/client-instructions";
import { Modal, Notice } from "../fakes/obsidian";
import { mcpServiceUnderTest } from "./mcp-service-harness";
import { pluginUnderTest } from "./plugin-under-test";
import { freePort } from "./ports";
import { until } from "./until";

const ADD_DESKTOP = "causal-memory:add-to-claude-desktop";

async function setup(mcp: Partial<McpSettings>, claudeDesktopConfig: string) {
	const { app, obsidianPlugin } = pluginUnderTest({ "A.md": "" });
	return { app, ...(await mcpServiceUnderTest(app, obsidianPlugin, mcp, claudeDesktopConfig)) };
}

function modalButton(text: string): HTMLButtonElement {
	const found = [...(Modal.opened[0]?.contentEl.querySelectorAll("button") ?? [])].find((b) => b.getText() === text);
	if (!found) throw new Error(`no button "${text}" in the open modal`);
	return found;
}

describe("Add the memory server to Claude Desktop (command and settings button)", () => {
	it("adds the server to Claude Desktop's configuration after showing what it writes, keeping the other servers", async () => {
		const dir = mkdtempSync(join(tmpdir(), "cm-desktop-"));
		const file = join(dir, "claude_desktop_config.json");
		const before = JSON.stringify({ mcpServers: { filesystem: { command: "npx" } }, globalShortcut: "Ctrl+Space" });
		writeFileSync(file, before);
		const port = await freePort();
		const { app, service, settings } = await setup({ port }, file);
		await app.commands.run(ADD_DESKTOP);
		expect(Notice.messages.at(-1)).toBe(
			"Causal Memory: the MCP server is not running: it starts once the vault is indexed, if MCP is enabled in the settings.",
		);
		expect(Modal.opened).toEqual([]);

		await service.start();
		await app.commands.run(ADD_DESKTOP);
		const name = serverName(app.vault.getName());
		const entry = claudeDesktopServer(`http://127.0.0.1:${port}/mcp`, settings.current.mcp.token ?? null);
		expect(Modal.opened[0]?.titleEl.getText()).toBe("Add the memory server to the Claude desktop app?");
		expect(Modal.opened[0]?.contentEl.querySelector("pre")?.getText()).toBe(
			JSON.stringify({ mcpServers: { [name]: entry } }, null, 2),
		);
		modalButton("Cancel").click();
		expect(readFileSync(file, "utf8")).toBe(before);

		await app.commands.run(ADD_DESKTOP);
		modalButton("Add").click();
		await until(() => Notice.messages.at(-1)?.startsWith("Added") === true);
		expect(Notice.messages.at(-1)).toBe(`Added "${name}" to Claude Desktop. Restart Claude Desktop to connect.`);
		expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
			mcpServers: { filesystem: { command: "npx" }, [name]: entry },
			globalShortcut: "Ctrl+Space",
		});
		const backup = readdirSync(dir).find((entryName) => entryName.startsWith("claude_desktop_config.json.backup-"));
		expect(readFileSync(join(dir, backup ?? "missing"), "utf8")).toBe(before);
	});

	it("tells why when Claude Desktop's configuration is not valid JSON, and leaves it as it was", async () => {
		const file = join(mkdtempSync(join(tmpdir(), "cm-desktop-")), "claude_desktop_config.json");
		writeFileSync(file, "{ not json");
		const { app, service } = await setup({ port: await freePort() }, file);
		await service.start();
		await app.commands.run(ADD_DESKTOP);
		modalButton("Add").click();
		await until(() => Notice.messages.at(-1)?.includes("could not add") === true);
		expect(Notice.messages.at(-1)).toContain(`could not add the server to Claude Desktop: ${file} is not valid JSON`);
		expect(readFileSync(file, "utf8")).toBe("{ not json");
	});
});
