import { readFileSync } from "node:fs";
import { builtinModules, createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runInThisContext } from "node:vm";
import * as obsidian from "../fakes/obsidian";
import { App, type Plugin } from "../fakes/obsidian";
import type { PluginManifest } from "../fakes/obsidian/metadata-types";
import { makeVaultDir } from "../obsidian/fake-app";
import { DATA_JSON } from "../obsidian/plugin-under-test";
import { until } from "../obsidian/until";

// Not `new URL(…, import.meta.url)`: under happy-dom `URL` is the DOM's, which fileURLToPath refuses.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../../");
const nodeRequire = createRequire(import.meta.url);

/** The plugin as the bundle exports it, with its public handles. */
export type LoadedPlugin = Plugin & {
	memory?: { whenReady(): Promise<void>; idle(): Promise<void> };
	mcp?: { state: { kind: string; url?: string; port?: number } };
	stopped?: Promise<void>;
};
type PluginClass = new (app: App, manifest: PluginManifest) => LoadedPlugin;

/** Every module id main.js asked `require` for. */
export const required = new Set<string>();

const bundles = new Map<string, string>();

export function manifest(): PluginManifest {
	return JSON.parse(readFileSync(`${ROOT}manifest.json`, "utf8")) as PluginManifest;
}

/** Evaluates main.js (or another build of it) as Obsidian does: CommonJS text inside a function wrapper, with the app's `require`. */
export function loadBundle(file = `${ROOT}main.js`): PluginClass {
	const bundle = bundles.get(file) ?? readFileSync(file, "utf8");
	bundles.set(file, bundle);
	const module: { exports: Record<string, unknown> } = { exports: {} };
	const requireInApp = (id: string): unknown => {
		required.add(id);
		if (id === "obsidian") return obsidian;
		if (builtinModules.includes(id.replace(/^node:/, ""))) return nodeRequire(id) as unknown;
		throw new Error(`Cannot find module '${id}' (Obsidian only provides obsidian, electron and Node's built-ins)`);
	};
	const wrapper = runInThisContext(`(function anonymous(require, module, exports) {${bundle}\n})`, {
		filename: "main.js",
	}) as (
		require: (id: string) => unknown,
		module: { exports: Record<string, unknown> },
		exports: Record<string, unknown>,
	) => void;
	wrapper(requireInApp, module, module.exports);
	return (module.exports.default ?? module.exports) as PluginClass;
}

export { DATA_JSON };

/** A fake app over a temporary vault holding `files` (and data.json when given), with the bundled plugin constructed. */
export function startApp(
	files: Record<string, string>,
	dataJson?: string,
	bundleFile?: string,
): { app: App; plugin: LoadedPlugin } {
	const all = { ...files };
	if (dataJson !== undefined) all[DATA_JSON] = dataJson;
	const app = new App(makeVaultDir(all));
	const PluginClass = loadBundle(bundleFile);
	return { app, plugin: new PluginClass(app, manifest()) };
}

/** Settles once the plugin's MCP server has started or failed to. */
export function mcpSettled(plugin: LoadedPlugin): Promise<void> {
	return until(() => !["off", "starting"].includes(plugin.mcp?.state.kind ?? "off"));
}
