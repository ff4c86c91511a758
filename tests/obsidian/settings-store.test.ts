import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PluginSettingsStore } from "../../src/obsidian/settings-store";
import { Notice } from "../fakes/obsidian";
import { removeVaultDirs } from "./fake-app";
import { DATA_JSON, pluginUnderTest } from "./plugin-under-test";

afterEach(removeVaultDirs);

function saved(dir: string): unknown {
	return JSON.parse(readFileSync(join(dir, DATA_JSON), "utf8"));
}

describe("PluginSettingsStore", () => {
	it("reads data.json and saves every change, the latest last", async () => {
		const { obsidianPlugin, dir } = pluginUnderTest({ [DATA_JSON]: JSON.stringify({ mcp: { port: 28000 } }) });
		const store = await PluginSettingsStore.load(obsidianPlugin);
		expect(store.persistent).toBe(true);
		expect(store.get().mcp.port).toBe(28000);
		const first = store.update((s) => ({ ...s, mcp: { ...s.mcp, port: 28001 } }));
		const second = store.update((s) => ({ ...s, mcp: { ...s.mcp, fixedPort: true } }));
		expect(store.get().mcp).toMatchObject({ port: 28001, fixedPort: true });
		await Promise.all([first, second]);
		// Only what changed is written: defaults stay out of the file, so a later default change reaches the user.
		expect(saved(dir)).toEqual({ mcp: { port: 28001, fixedPort: true } });
	});

	it.each([
		["invalid settings", JSON.stringify({ mcp: { port: 80 } }), 'Invalid MCP setting "port"'],
		["a file that is not JSON", "{ mcp: ", "the settings file could not be read"],
	])(
		"runs on the defaults with %s, never writes the file, and says once that changes are not saved",
		async (_case, dataJson, problem) => {
			const { obsidianPlugin, dir } = pluginUnderTest({ [DATA_JSON]: dataJson });
			const before = Notice.messages.length;
			const store = await PluginSettingsStore.load(obsidianPlugin);
			expect(store.persistent).toBe(false);
			expect(store.get().mcp.port).toBe(27150);
			expect(Notice.messages.slice(before)).toHaveLength(1);
			expect(Notice.messages.at(-1)).toContain(problem);
			expect(Notice.messages.at(-1)).toContain("the settings file was left unchanged");

			await store.update((s) => ({ ...s, mcp: { ...s.mcp, port: 28002 } }));
			await store.update((s) => ({ ...s, mcp: { ...s.mcp, fixedPort: true } }));
			expect(store.get().mcp).toMatchObject({ port: 28002, fixedPort: true });
			expect(readFileSync(join(dir, DATA_JSON), "utf8")).toBe(dataJson);
			expect(Notice.messages.slice(before + 1)).toEqual([
				"Causal Memory: a settings change applies until the plugin is reloaded; it was not saved because the settings file could not be used.",
			]);
		},
	);

	it("saves only the fields a change touched, over the file as it is now", async () => {
		const { obsidianPlugin, dir } = pluginUnderTest({ [DATA_JSON]: JSON.stringify({ mcp: { port: 28000 } }) });
		const store = await PluginSettingsStore.load(obsidianPlugin);
		// Sync (or the headless server) writes the token and a scoring value after the plugin read the file.
		writeFileSync(
			join(dir, DATA_JSON),
			JSON.stringify({
				mcp: { port: 28000, token: "t".repeat(43) },
				scoring: { lifecycle: { pruneIdleDays: 90 } },
				extra: 1,
			}),
		);
		await store.update((s) => ({ ...s, maintenance: { ...s.maintenance, passIntervalMinutes: 15 } }));
		expect(saved(dir)).toEqual({
			mcp: { port: 28000, token: "t".repeat(43) },
			scoring: { lifecycle: { pruneIdleDays: 90 } },
			extra: 1,
			maintenance: { passIntervalMinutes: 15 },
		});
	});

	it("reload picks up an edited file and tells listeners; an invalid edit keeps the current settings", async () => {
		const { obsidianPlugin, dir } = pluginUnderTest({ [DATA_JSON]: JSON.stringify({ mcp: { port: 28000 } }) });
		const store = await PluginSettingsStore.load(obsidianPlugin);
		const recallBefore = store.get().recall;
		const seen: number[] = [];
		store.onChange((settings, previous) =>
			seen.push(previous.scoring.lifecycle.dormantThreshold, settings.scoring.lifecycle.dormantThreshold),
		);
		writeFileSync(
			join(dir, DATA_JSON),
			JSON.stringify({ mcp: { port: 28000 }, scoring: { lifecycle: { dormantThreshold: 0.05 } } }),
		);
		await store.reload();
		expect(store.get().scoring.lifecycle.dormantThreshold).toBe(0.05);
		expect(seen).toEqual([0.015, 0.05]);
		// What did not change keeps its objects (the recall graph state is keyed on them).
		expect(store.get().recall).toBe(recallBefore);
		writeFileSync(join(dir, DATA_JSON), JSON.stringify({ mcp: { port: 80 } }));
		await store.reload();
		expect(store.get().mcp.port).toBe(28000);
		expect(Notice.messages.at(-1)).toContain("the changed settings file was not applied");
	});
});
