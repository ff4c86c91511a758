// @vitest-environment happy-dom
import { readFileSync, writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { removeVaultDirs } from "../fake-app";
import { freePort } from "../ports";
import { until } from "../until";
import { DATA_JSON, mcpSession, openSettingsTab, type TabUnderTest } from "./settings-harness";

const SECRET = "Journal/Secret.md";
const FILES = {
	[SECRET]: "The lighthouse keeper hid the key under the blue stone.",
	"Notes/Plan.md": "Repaint the lighthouse in spring.",
};

const opened: TabUnderTest[] = [];
afterEach(async () => {
	for (const tab of opened.splice(0)) await tab.stop();
	await removeVaultDirs();
});

/** The started plugin over FILES, its settings tab open, and an MCP session with its server. */
async function running(): Promise<TabUnderTest & { mcp: Awaited<ReturnType<typeof mcpSession>> }> {
	const port = await freePort();
	const tab = await openSettingsTab(FILES, { mcp: { port } }, { start: true });
	opened.push(tab);
	await until(() => tab.plugin.mcp?.state.kind === "running");
	const token = tab.plugin.settingsStore?.get().mcp.token ?? "";
	return { ...tab, mcp: await mcpSession(`http://127.0.0.1:${port}/mcp`, token) };
}

describe("settings applied while the plugin runs", () => {
	it("a folder excluded in data.json behind the plugin's back (onExternalSettingsChange) is unreadable over MCP at once", async () => {
		const { app, plugin, mcp } = await running();
		expect((await mcp.call("memory_get", { node_id: SECRET })).isError).toBe(false);
		await plugin.settingsStore?.flush();
		const file = app.vault.fullPath(DATA_JSON);
		const saved = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
		writeFileSync(file, JSON.stringify({ ...saved, index: { excludedFolders: ["Journal"] } }));

		await plugin.onExternalSettingsChange();
		const refused = await mcp.call("memory_get", { node_id: SECRET });
		expect(refused).toMatchObject({ isError: true });
		expect(refused.text).toMatch(/excluded folder.*index\.excludedFolders/);
		const recall = await mcp.call("memory_recall", { query: "key blue stone", read_only: true });
		expect(recall.text).not.toContain(SECRET);
		await until(() => plugin.memory?.engine.index.graph.hasNote(SECRET) === false);
		expect((await mcp.call("memory_get", { node_id: "Notes/Plan.md" })).isError).toBe(false);
	});

	it("a folder excluded in the settings tab is unreadable over MCP at once; removing it there makes it readable again", async () => {
		const { plugin, row, mcp } = await running();
		const picker = row("index.excludedFolders").querySelector("select");
		if (picker === null) throw new Error("no folder picker");
		picker.value = "Journal";
		picker.dispatchEvent(new Event("change"));
		expect(plugin.settingsStore?.get().index.excludedFolders).toEqual(["Journal"]);
		expect(plugin.memory?.engine.permissions.canRead(SECRET)).toBe(false);
		expect((await mcp.call("memory_get", { node_id: SECRET })).isError).toBe(true);

		row("index.excludedFolders").querySelector<HTMLElement>('button[aria-label="Remove Journal"]')?.click();
		expect(plugin.settingsStore?.get().index.excludedFolders).toEqual([]);
		await until(() => plugin.memory?.engine.index.graph.hasNote(SECRET) === true);
		expect((await mcp.call("memory_get", { node_id: SECRET })).isError).toBe(false);
	});
});
