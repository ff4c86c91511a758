// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { postMcp } from "../../helpers/mcp-post";
import { removeVaultDirs } from "../fake-app";
import { freePort } from "../ports";
import { until } from "../until";
import { openSettingsTab, type TabUnderTest } from "./settings-harness";

const opened: TabUnderTest[] = [];
afterEach(async () => {
	for (const tab of opened.splice(0)) await tab.stop();
	await removeVaultDirs();
});

function initialize(name: string, version: string): unknown {
	return {
		jsonrpc: "2.0",
		id: 1,
		method: "initialize",
		params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name, version } },
	};
}

describe("the settings' MCP section", () => {
	it("shows the connected clients, live: none yet, then each by name and version with its last request", async () => {
		const port = await freePort();
		const under = await openSettingsTab({}, { mcp: { port } }, { start: true });
		opened.push(under);
		const row = [...under.tab.containerEl.querySelectorAll<HTMLElement>(".setting-item")].find(
			(el) => el.querySelector(".setting-item-name")?.textContent === "Connected clients",
		);
		const line = (): string => row?.querySelector(".causal-memory-mcp-clients")?.textContent ?? "";
		expect(line()).toBe("No client has connected yet — copy the line above into Claude Code.");

		const url = `http://127.0.0.1:${port}/mcp`;
		const token = under.plugin.settingsStore?.get().mcp.token ?? "";
		(await postMcp(url, token, initialize("claude-code", "2.1.3"))).resume();
		await until(() => line().startsWith("Connected"));
		expect(line()).toBe("Connected: Claude Code 2.1.3 — last request just now.");
		(await postMcp(url, token, initialize("claude-ai", "0.14.1"))).resume();
		await until(() => line().includes("desktop"));
		expect(line()).toBe(
			"Connected: Claude desktop app 0.14.1 — last request just now; Claude Code 2.1.3 — last request just now.",
		);
		// A restart (a new token, another port) keeps who connected.
		await under.plugin.mcp?.restart();
		expect(under.plugin.mcp?.clients().map((client) => client.name)).toEqual(["claude-ai", "claude-code"]);
	});
});
