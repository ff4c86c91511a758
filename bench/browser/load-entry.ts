/*
 * The page script of the bundle-load bench: compiles main.js' text from a string, as Obsidian's
 * `window.eval` does, inside Obsidian's function wrapper (see pageScript), then runs the wrapper
 * and keeps the plugin class alive as Obsidian does, so the heap measured afterwards holds what a
 * loaded plugin costs.
 */
import { loadPluginBundle, pageWrapper } from "./load-plugin-bundle";

export interface EvalTimes {
	/** Compiling the wrapped text: V8 parses the wrapper and pre-parses every function in it. */
	compileMs: number;
	/** Calling the wrapper: main.js' top-level code, with the functions it calls compiled on the way. */
	runMs: number;
}

export interface BundleLoadPage {
	/** Keeps the page script of main.js (pageScript) to evaluate, handed over before the timed part. */
	hold(script: string): void;
	/** Compiles the held text and runs it, timing each; keeps the plugin class. */
	evaluate(): EvalTimes;
	/** Runs main.js' wrapper however it got onto the page, and keeps the plugin class. */
	run(): void;
}

const kept: unknown[] = [];
let held = "";

const page: BundleLoadPage = {
	hold(script) {
		held = script;
	},
	evaluate() {
		// An inline script is compiled from the string and run at once when added, as window.eval
		// would (no streaming from the network, no code cache); its first statement stamps the time.
		// A plain page: Obsidian's createEl, which the lint prefers, is not there.
		const element = document.createElementNS("http://www.w3.org/1999/xhtml", "script") as HTMLScriptElement;
		element.text = held;
		held = "";
		const started = performance.now();
		document.head.append(element);
		const { wrapper, compiledAt } = pageWrapper();
		const compiled = performance.now();
		loadPluginBundle(wrapper, window, (plugin) => kept.push(plugin));
		return { compileMs: compiledAt - started, runMs: performance.now() - compiled };
	},
	run() {
		loadPluginBundle(pageWrapper().wrapper, window, (plugin) => kept.push(plugin));
	},
};

(window as unknown as { bundleLoadPage: BundleLoadPage }).bundleLoadPage = page;
