// @vitest-environment happy-dom
import { writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, settingFields, valueAt } from "../../../src/core/model/setting-fields";
import { fieldsOfGroup, SETTING_GROUPS } from "../../../src/obsidian/settings/setting-groups";
import { removeVaultDirs } from "../fake-app";
import { freePort, isPortFree } from "../ports";
import { until } from "../until";
import { DATA_JSON, errorOf, openSettingsTab, statusWith, typeInto, type TabUnderTest } from "./settings-harness";

const opened: TabUnderTest[] = [];
afterEach(async () => {
	for (const tab of opened.splice(0)) await tab.stop();
	await removeVaultDirs();
});

async function open(...args: Parameters<typeof openSettingsTab>): Promise<TabUnderTest> {
	const tab = await openSettingsTab(...args);
	opened.push(tab);
	return tab;
}

const NUMBER_FIELDS = settingFields().filter(
	(field) => field.kind === "number" && !field.internal && field.max !== undefined,
);

describe("the settings tab", () => {
	it("has a row for every schema field, in the groups the issue lists", async () => {
		const { tab } = await open({}, {});
		const headings = [...tab.containerEl.querySelectorAll(".setting-item-heading .setting-item-name")].map(
			(el) => el.textContent,
		);
		expect(headings).toEqual(SETTING_GROUPS.map((group) => group.heading));
		for (const field of settingFields().filter((candidate) => !candidate.internal))
			expect(tab.containerEl.querySelector(`[data-setting="${field.key}"]`), field.key).not.toBeNull();
		expect(fieldsOfGroup(settingFields(), "memory").map((field) => field.key)).toContain(
			"index.excludeTemplatesFolder",
		);
	});

	it.each([false, true])(
		"rejects every out-of-range number with the schema's message, keeps the old value and saves nothing (classic display: %s)",
		async (classic) => {
			const { row, plugin, dataJson } = await open({}, { mcp: { port: 28111 } }, { classic });
			const before = dataJson();
			const settingsBefore = plugin.settingsStore?.get();
			for (const field of NUMBER_FIELDS) {
				const element = row(field.key);
				typeInto(element, String((field.max ?? 0) + 1));
				expect(errorOf(element), field.key).toMatch(/must|expected|Invalid/);
				expect(valueAt(plugin.settingsStore?.get(), field.path), field.key).toBe(valueAt(settingsBefore, field.path));
				expect(valueAt(settingsBefore, field.path), field.key).toBe(
					field.key === "mcp.port" ? 28111 : valueAt(DEFAULT_SETTINGS, field.path),
				);
			}
			await plugin.settingsStore?.update((s) => s);
			expect(dataJson()).toEqual(before);
			const dormant = row("scoring.lifecycle.fadingThreshold");
			typeInto(dormant, "0.5");
			expect(errorOf(dormant)).toContain("must be lower than lifecycle.dormantThreshold");
			typeInto(dormant, "0.005");
			expect(errorOf(dormant)).toBeNull();
			await plugin.settingsStore?.flush();
			expect(dataJson().scoring).toEqual({ lifecycle: { fadingThreshold: 0.005 } });
		},
	);

	it("resets a group to its defaults", async () => {
		const { tab, plugin } = await open({}, { scoring: { relevance: { halfLifeDays: 30 } }, mcp: { port: 28112 } });
		expect(plugin.settingsStore?.get().scoring.relevance.halfLifeDays).toBe(30);
		const headings = [...tab.containerEl.querySelectorAll<HTMLElement>(".setting-group")];
		const scoring = headings.find((group) =>
			group.querySelector(".setting-item-heading")?.textContent?.startsWith("Scoring"),
		);
		scoring?.querySelector<HTMLElement>(".setting-item-heading .clickable-icon")?.click();
		await until(() => plugin.settingsStore?.get().scoring.relevance.halfLifeDays === 7);
		expect(
			(tab.containerEl.querySelector('[data-setting="scoring.relevance.halfLifeDays"] input') as HTMLInputElement)
				.value,
		).toBe("7");
	});

	it("picks up data.json edited behind its back (onExternalSettingsChange), in the store and in the tab", async () => {
		const { app, plugin, row } = await open({}, { mcp: { port: 28113 } });
		writeFileSync(
			app.vault.fullPath(DATA_JSON),
			JSON.stringify({ welcomed: true, mcp: { port: 28113 }, scoring: { lifecycle: { pruneIdleDays: 90 } } }),
		);
		await plugin.onExternalSettingsChange();
		expect(plugin.settingsStore?.get().scoring.lifecycle.pruneIdleDays).toBe(90);
		expect((row("scoring.lifecycle.pruneIdleDays").querySelector("input") as HTMLInputElement).value).toBe("90");
	});

	it("a threshold changed in the tab alters the next maintenance pass", async () => {
		const { plugin, row } = await open({ "Notes/Idea.md": "An idea." }, { mcp: { enabled: false } }, { start: true });
		const maintenance = plugin.memory?.maintenance();
		expect(maintenance?.statusOf("Notes/Idea.md")).toBe("active");
		typeInto(row("scoring.lifecycle.downwardPasses"), "1");
		typeInto(row("scoring.lifecycle.dormantThreshold"), "0.99");
		typeInto(row("scoring.lifecycle.fadingThreshold"), "0.98");
		await maintenance?.runPass();
		expect(maintenance?.statusOf("Notes/Idea.md")).not.toBe("active");
	});

	it("a port change in the tab rebinds the server; the port notice comes only when the port changed", async () => {
		const [first, second] = [await freePort(), await freePort()];
		const { plugin, row } = await open({}, { mcp: { port: first } }, { start: true });
		expect(plugin.mcp?.state).toMatchObject({ kind: "running", port: first });
		typeInto(row("mcp.port"), String(second));
		await until(() => plugin.mcp?.state.kind === "running" && plugin.mcp.state.port === second);
		expect(await isPortFree(first)).toBe(true);
		expect(plugin.settingsStore?.get().mcp.announcedPort).toBe(second);
		const { Notice } = await import("../../fakes/obsidian");
		const told = Notice.messages.length;
		await plugin.mcp?.restart();
		expect(plugin.mcp?.state).toMatchObject({ kind: "running", port: second });
		expect(Notice.messages.slice(told).filter((message) => message.includes("MCP server on port"))).toEqual([]);
	});

	it("regenerating the token (after a warning) makes the old token get 401", async () => {
		const port = await freePort();
		const { plugin, row, tab } = await open({}, { mcp: { port } }, { start: true });
		const url = `http://127.0.0.1:${port}/mcp`;
		const old = plugin.settingsStore?.get().mcp.token ?? "";
		expect(await statusWith(url, old)).toBe(200);
		const tokenRow = [...tab.containerEl.querySelectorAll<HTMLElement>(".setting-item")].find(
			(el) => el.querySelector(".setting-item-name")?.textContent === "Access token",
		);
		const regenerate = [...(tokenRow?.querySelectorAll("button") ?? [])].find(
			(button) => button.textContent === "Regenerate",
		);
		regenerate?.click();
		expect(regenerate?.textContent).toContain("Connected clients stop working");
		expect(plugin.settingsStore?.get().mcp.token).toBe(old);
		regenerate?.click();
		await until(() => plugin.settingsStore?.get().mcp.token !== old);
		const fresh = plugin.settingsStore?.get().mcp.token ?? "";
		// The server restarts with the new token; until then requests are refused or still see the old one.
		await until(async () => (await statusWith(url, fresh).catch(() => 0)) === 200);
		expect(await statusWith(url, old)).toBe(401);
		expect(await statusWith(url, fresh)).toBe(200);
		expect(row("mcp.port")).toBeDefined();
	});
});
