/**
 * The browser side of the render harness: the fake obsidian module (over the in-memory file
 * system) and a loader that runs the built main.js as Obsidian does, inside a function wrapper
 * whose `require("obsidian")` returns the fake.
 */
import * as obsidian from "../../fakes/obsidian";
import { App } from "../../fakes/obsidian";
import type { PluginManifest } from "../../fakes/obsidian/metadata-types";
import { seedFiles } from "./memory-fs";
import { rendererOs, rendererProcess } from "./renderer-node";
// Obsidian's renderer provides Node's `events`; in the page graphology's own copy stands in for it.
import * as events from "events";

export const VAULT = "/vault";

type PluginClass = new (app: App, manifest: PluginManifest) => obsidian.Plugin;

export interface Harness {
	obsidian: typeof obsidian;
	/** Builds the app over `files` (vault-relative paths) and loads main.js's plugin into it. */
	loadPlugin(
		mainJs: MainJsWrapper,
		manifest: PluginManifest,
		files: Record<string, string>,
	): Promise<{ app: App; plugin: obsidian.Plugin }>;
}

/**
 * Node's built-ins do not exist in a page: main.js gets a stand-in whose every member throws
 * when used, so code that needs one (the MCP server) fails as it would on a broken install,
 * while the rest of the plugin loads.
 */
function unavailable(id: string): unknown {
	const fail = (): never => {
		throw new Error(`"${id}" is not available in the render harness`);
	};
	const stub: () => never = function () {
		return fail();
	};
	return new Proxy(stub, {
		get: (target, key) => (key in target ? (Reflect.get(target, key) as unknown) : stub),
		construct: fail,
		apply: fail,
	});
}

/** main.js inside the function wrapper Obsidian uses (render.mjs adds it to the page as a script). */
export type MainJsWrapper = (
	require: (id: string) => unknown,
	module: { exports: Record<string, unknown> },
	exports: Record<string, unknown>,
) => void;

function evaluateBundle(wrapper: MainJsWrapper): PluginClass {
	const module: { exports: Record<string, unknown> } = { exports: {} };
	const provided: Record<string, unknown> = {
		obsidian,
		events,
		"node:events": events,
		os: rendererOs,
		"node:os": rendererOs,
	};
	const require = (id: string): unknown => provided[id] ?? unavailable(id);
	wrapper(require, module, module.exports);
	return (module.exports.default ?? module.exports) as PluginClass;
}

// Obsidian's renderer has Node's `global` and `process`; main.js relies on both.
if (!("global" in window))
	Object.defineProperty(window, "global", { value: window, configurable: true, writable: true });
if (!("process" in window))
	Object.defineProperty(window, "process", { value: rendererProcess, configurable: true, writable: true });

export const harness: Harness = {
	obsidian,
	async loadPlugin(mainJs, manifest, files) {
		seedFiles(VAULT, files);
		const app = new App(VAULT);
		const PluginClass = evaluateBundle(mainJs);
		const plugin = new PluginClass(app, manifest);
		plugin.load();
		await plugin.whenLoaded();
		return { app, plugin };
	},
};

(window as { harness?: Harness }).harness = harness;
