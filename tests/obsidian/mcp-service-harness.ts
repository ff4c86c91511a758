import { afterEach } from "vitest";
import { readMemorySettings, type MemorySettings } from "../../src/core/model/settings";
import type { McpSettings } from "../../src/core/model/mcp-settings";
import { EngineService } from "../../src/obsidian/engine-service";
import { ObsidianMcp } from "../../src/obsidian/mcp-service";
import { Clipboard } from "../fakes/obsidian";
import { engineOver, RecordingStatus } from "./engine-harness";
import { removeVaultDirs } from "./fake-app";

/** Stopped after each test, last first. */
export const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
	Clipboard.failWith = null;
	await removeVaultDirs();
});

/** The plugin's MCP service over a running engine on a one-note vault, its commands added. */
export async function mcpServiceUnderTest(
	app: Parameters<typeof engineOver>[0],
	obsidianPlugin: ConstructorParameters<typeof ObsidianMcp>[0],
	mcp: Partial<McpSettings>,
	claudeDesktopConfig?: string,
) {
	const defaults = readMemorySettings(null).settings;
	const settings: { current: MemorySettings; saves: number } = {
		current: { ...defaults, mcp: { ...defaults.mcp, ...mcp } },
		saves: 0,
	};
	const { engine } = engineOver(app);
	const memory = new EngineService(engine, new RecordingStatus(), () => undefined);
	await memory.start();
	const service = new ObsidianMcp(obsidianPlugin, {
		engine,
		settings: () => settings.current,
		updateSettings: (change) => {
			settings.current = change(settings.current);
			settings.saves++;
			return Promise.resolve();
		},
		claudeDesktopConfig,
	});
	service.addCommands();
	cleanups.push(
		() => memory.stop(),
		() => service.stop(),
	);
	return { service, settings };
}
