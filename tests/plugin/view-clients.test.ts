// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { Events, type App } from "../fakes/obsidian";
import { postMcp } from "../helpers/mcp-post";
import { removeVaultDirs } from "../obsidian/fake-app";
import { freePort } from "../obsidian/ports";
import { until } from "../obsidian/until";
import { mcpSettled, startApp, type LoadedPlugin } from "./load-bundle";

// The memory view's line on connected clients and its empty-vault hint, as main.js builds them.

const running: LoadedPlugin[] = [];

afterEach(async () => {
	for (const plugin of running.splice(0)) {
		plugin.unload();
		await plugin.stopped;
	}
	expect(Events.listenerErrors).toEqual([]);
	await removeVaultDirs();
});

async function started(
	files: Record<string, string>,
	data: Record<string, unknown>,
): Promise<{ app: App; plugin: LoadedPlugin }> {
	const { app, plugin } = startApp(files, JSON.stringify({ welcomed: true, ...data }));
	running.push(plugin);
	plugin.load();
	await plugin.whenLoaded();
	app.workspace.triggerLayoutReady();
	await plugin.memory?.whenReady();
	await app.commands.run("causal-memory:open-memory-view");
	return { app, plugin };
}

function vaultText(app: App, selector: string): string {
	const root = app.workspace.getLeavesOfType("causal-memory-view")[0]?.view?.containerEl;
	return root?.querySelector(`.cmv-vault ${selector}`)?.textContent ?? "";
}

describe("the memory view's client line", () => {
	it("says no client has connected, then names the one that did, live", async () => {
		const port = await freePort();
		const { app, plugin } = await started({ "Notes/Idea.md": "An idea." }, { mcp: { port } });
		await mcpSettled(plugin);
		const url = plugin.mcp?.state.url ?? "";
		// "The MCP server is starting…" first, then, once the view re-renders for the running server:
		await until(() => vaultText(app, ".cmv-clients").startsWith("No client"));
		expect(vaultText(app, ".cmv-clients")).toBe(
			"No client has connected yet — copy the Claude Code line from the settings (MCP server).",
		);
		const token = (plugin as unknown as { settingsStore: { get(): { mcp: { token: string } } } }).settingsStore.get()
			.mcp.token;
		const reply = await postMcp(url, token, {
			jsonrpc: "2.0",
			id: 1,
			method: "initialize",
			params: {
				protocolVersion: "2025-06-18",
				capabilities: {},
				clientInfo: { name: "claude-code", version: "2.1.3" },
			},
		});
		reply.resume();
		expect(reply.statusCode).toBe(200);
		await until(() => vaultText(app, ".cmv-clients").startsWith("Connected"));
		expect(vaultText(app, ".cmv-clients")).toBe("Connected: Claude Code 2.1.3 — last request just now.");
		expect(vaultText(app, ".cmv-no-notes")).toBe("");
	});

	it("tells what to do in an empty vault", async () => {
		const { app } = await started({}, { mcp: { enabled: false }, maintenance: { memoryFolder: "Agent memory" } });
		await until(() => vaultText(app, ".cmv-no-notes") !== "");
		expect(vaultText(app, ".cmv-no-notes")).toBe(
			'No notes yet. Ask Claude to remember something, or add notes to the "Agent memory" folder (or anywhere in the vault).',
		);
		expect(vaultText(app, ".cmv-clients")).toBe(
			"The MCP server is not running; turn it on in the settings (MCP server).",
		);
	});
});
