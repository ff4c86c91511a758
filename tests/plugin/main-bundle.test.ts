import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { builtinModules, createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { runInThisContext } from "node:vm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as obsidian from "../fakes/obsidian";
import { App, DEFAULT_CONFIG_DIR, Events, Notice, type Plugin } from "../fakes/obsidian";
import type { PluginManifest } from "../fakes/obsidian/metadata-types";
import { makeVaultDir, removeVaultDirs } from "../obsidian/fake-app";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const nodeRequire = createRequire(import.meta.url);

/** The plugin as the bundle exports it; `memory` is its public handle on the index. */
type LoadedPlugin = Plugin & { memory?: { whenReady(): Promise<void>; idle(): Promise<void> } };
type PluginClass = new (app: App, manifest: PluginManifest) => LoadedPlugin;

let bundle = "";
let manifest: PluginManifest;
const required = new Set<string>();

/** Evaluates main.js as Obsidian does: CommonJS text inside a function wrapper, with the app's `require`. */
function loadBundle(): PluginClass {
	const module: { exports: Record<string, unknown> } = { exports: {} };
	const requireInApp = (id: string): unknown => {
		required.add(id);
		if (id === "obsidian") return obsidian;
		if (builtinModules.includes(id.replace(/^node:/, ""))) return nodeRequire(id) as unknown;
		throw new Error(`Cannot find module '${id}' (Obsidian only provides obsidian, electron and Node's built-ins)`);
	};
	const wrapper = runInThisContext(`(function anonymous(require, module, exports) {${bundle}\n})`, { filename: "main.js" }) as (
		require: (id: string) => unknown,
		module: { exports: Record<string, unknown> },
		exports: Record<string, unknown>,
	) => void;
	wrapper(requireInApp, module, module.exports);
	return (module.exports.default ?? module.exports) as PluginClass;
}

const VAULT = {
	"Start.md": "---\ncaused_by: ['[[Cause]]']\n---\nSee [[Evidence]].\n",
	"Cause.md": "",
	"Evidence.md": "",
	"Templates/Daily.md": "[[Start]]",
	"img.png": "",
};

function startApp(dataJson?: string): { app: App; plugin: LoadedPlugin } {
	const files: Record<string, string> = { ...VAULT };
	if (dataJson !== undefined) files[`${DEFAULT_CONFIG_DIR}/plugins/causal-memory/data.json`] = dataJson;
	const app = new App(makeVaultDir(files));
	const PluginClass = loadBundle();
	return { app, plugin: new PluginClass(app, manifest) };
}

/** Polls until `done()` holds (doing `step` meanwhile), failing after 5 s. */
async function until(done: () => boolean, step: () => Promise<void> = () => new Promise((resolve) => setTimeout(resolve, 10))): Promise<void> {
	const started = Date.now();
	while (!done()) {
		if (Date.now() - started > 5000) throw new Error("condition not reached within 5 s");
		await step();
	}
}

async function layoutReadyAndIndexed(app: App, plugin: LoadedPlugin): Promise<void> {
	app.workspace.triggerLayoutReady();
	await plugin.memory?.whenReady();
}

beforeAll(() => {
	bundle = readFileSync(`${ROOT}main.js`, "utf8");
	manifest = JSON.parse(readFileSync(`${ROOT}manifest.json`, "utf8")) as PluginManifest;
}, 120_000);

afterEach(async () => {
	expect(Events.listenerErrors).toEqual([]);
	await removeVaultDirs();
});

describe("main.js loaded as Obsidian loads it", () => {
	it("indexes after layout ready, follows new notes, summarises, and leaves nothing behind on unload", async () => {
		const { app, plugin } = startApp(JSON.stringify({ index: { excludedFolders: ["Templates"] } }));
		plugin.load();
		await plugin.whenLoaded();
		const [status] = plugin.statusBarItems;
		expect(status?.getText()).toBe("Memory: waiting for the vault");
		// The app fires create for every file while it loads; the plugin must not be listening yet.
		expect(app.liveEventRefCount()).toBe(0);
		app.vault.fireLoadEvents();

		await layoutReadyAndIndexed(app, plugin);
		expect(status?.getText()).toBe("Memory: 3 notes · 2 links");
		expect(Object.keys(app.commands.commands).sort()).toEqual([
			"causal-memory:allow-vault-status-writes",
			"causal-memory:prepare-embedding-model",
			"causal-memory:preview-vault-status-writes",
			"causal-memory:rebuild-index",
			"causal-memory:run-maintenance",
			"causal-memory:show-index-summary",
			"causal-memory:undo-latest-status-change",
		]);
		expect(Object.values(app.commands.commands).some((command) => command.hotkeys !== undefined)).toBe(false);

		await app.vault.create("New.md", "[[Start]] [[Nowhere]]");
		await app.metadataCache.whenIdle();
		await plugin.memory?.idle();
		expect(status?.getText()).toBe("Memory: 4 notes · 3 links");

		await app.commands.run("causal-memory:show-index-summary");
		expect(Notice.messages.at(-1)).toBe(
			["Memory index: 4 notes, 3 links", "Links by type: caused by 1, related to 2", "Orphans: 0 · Dangling links: 1"].join("\n"),
		);
		await app.commands.run("causal-memory:rebuild-index");
		expect(Notice.messages.at(-1)).toMatch(/^Memory index rebuilt: 4 notes, 3 links in \d+ ms\.$/);

		const state = join(app.vault.adapter.getBasePath(), DEFAULT_CONFIG_DIR, "plugins", "causal-memory", "state");
		await until(() => existsSync(join(state, "lifecycle.json")), async () => {
			await app.commands.run("causal-memory:run-maintenance");
			await new Promise((resolve) => setTimeout(resolve, 20));
		});
		expect(Notice.messages.filter((m) => m.startsWith("Memory maintenance:")).at(-1)).toMatch(/^Memory maintenance: \d+ status changes, \d+ notes updated, \d+ core proposals\.$/);
		app.workspace.trigger("file-open", app.vault.getFileByPath("Cause.md"));
		await until(() => readdirSync(state).some((name) => name.startsWith("activity-") && readFileSync(join(state, name), "utf8").includes('"open"')));

		plugin.unload();
		expect(app.liveEventRefCount()).toBe(0);
		expect(plugin.registeredCleanupCount()).toBe(0);
		expect(status?.isConnected).toBe(false);
		expect(app.commands.commands).toEqual({});
		await app.vault.create("After.md", "[[Start]]");
		await app.metadataCache.whenIdle();
		expect(status?.getText()).toBe("Memory: 4 notes · 3 links");
		expect([...required].filter((id) => id !== "obsidian" && !builtinModules.includes(id.replace(/^node:/, "")))).toEqual([]);
	});

	it.each([
		["invalid settings", JSON.stringify({ index: { excludedFolders: "Templates" } }), 'Causal Memory: Invalid index setting "excludedFolders"'],
		["a settings file that is not JSON", "{ index: ", "Causal Memory: the settings file could not be read"],
	])("runs on the defaults and tells the user when given %s", async (_case, dataJson, message) => {
		const { app, plugin } = startApp(dataJson);
		plugin.load();
		await plugin.whenLoaded();
		expect(Notice.messages.at(-1)).toContain(message);
		await layoutReadyAndIndexed(app, plugin);
		expect(plugin.statusBarItems[0]?.getText()).toBe("Memory: 4 notes · 3 links");
		plugin.unload();
		expect(readFileSync(app.vault.fullPath(`${app.vault.configDir}/plugins/causal-memory/data.json`), "utf8")).toBe(dataJson);
	});

	it("does nothing when unloaded before the layout is ready", async () => {
		const { app, plugin } = startApp();
		plugin.load();
		await plugin.whenLoaded();
		plugin.unload();
		await layoutReadyAndIndexed(app, plugin);
		expect(app.liveEventRefCount()).toBe(0);
	});
});
