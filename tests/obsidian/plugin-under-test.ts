import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin as ObsidianPlugin } from "obsidian";
import { DEFAULT_CONFIG_DIR, Plugin, type App } from "../fakes/obsidian";
import type { PluginManifest } from "../fakes/obsidian/metadata-types";
import { fakeApp } from "./fake-app";

const manifest = JSON.parse(
	readFileSync(join(dirname(fileURLToPath(import.meta.url)), "../../manifest.json"), "utf8"),
) as PluginManifest;

class BarePlugin extends Plugin {}

export const DATA_JSON = `${DEFAULT_CONFIG_DIR}/plugins/${manifest.id}/data.json`;

/**
 * A loaded plugin with nothing of its own, over a fake app, for testing one service at a time:
 * `plugin` is the fake, `obsidianPlugin` the same object typed as the real Plugin.
 */
export function pluginUnderTest(files: Record<string, string> = {}): {
	app: App;
	plugin: Plugin;
	obsidianPlugin: ObsidianPlugin;
	dir: string;
} {
	const { app, dir } = fakeApp(files);
	const plugin = new BarePlugin(app, manifest);
	plugin.load();
	return { app, plugin, obsidianPlugin: plugin as unknown as ObsidianPlugin, dir };
}
