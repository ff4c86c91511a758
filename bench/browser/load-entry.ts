/*
 * The page script of the bundle-load bench: fetches main.js, then evaluates it as Obsidian does
 * and keeps the plugin class alive, as Obsidian does, so the heap measured afterwards holds what
 * a loaded plugin costs.
 */
import { loadPluginBundle } from "./load-plugin-bundle";

export interface BundleLoadPage {
	/** Fetches main.js into the page; its length in characters. */
	fetch(): Promise<number>;
	/** Evaluates the fetched text, drops it and keeps the plugin class; milliseconds taken. */
	evaluate(): number;
}

let source = "";
const kept: unknown[] = [];

const page: BundleLoadPage = {
	async fetch() {
		source = await (await window.fetch("/main.js")).text();
		return source.length;
	},
	evaluate() {
		const started = performance.now();
		loadPluginBundle(source, window, (plugin) => kept.push(plugin));
		const elapsed = performance.now() - started;
		source = "";
		return elapsed;
	},
};

(window as unknown as { bundleLoadPage: BundleLoadPage }).bundleLoadPage = page;
