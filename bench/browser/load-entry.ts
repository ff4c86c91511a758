/*
 * The page script of the bundle-load bench: runs main.js, which the runner added as a script
 * (compiled inside Obsidian's function wrapper, see pageScript), and keeps the plugin class alive
 * as Obsidian does, so the heap measured afterwards holds what a loaded plugin costs.
 */
import { loadPluginBundle, pageWrapper } from "./load-plugin-bundle";

export interface BundleLoadPage {
	/** Milliseconds from the end of main.js' download to the end of its compilation, plus running its top-level code. */
	evaluate(url: string): number;
	/** Runs main.js' wrapper however it got onto the page, and keeps the plugin class. */
	run(): void;
}

const kept: unknown[] = [];

const page: BundleLoadPage = {
	evaluate(url) {
		const { wrapper, compiledAt } = pageWrapper();
		const download = performance.getEntriesByName(url)[0] as PerformanceResourceTiming | undefined;
		if (download === undefined) throw new Error(`no resource timing for ${url}`);
		const started = performance.now();
		loadPluginBundle(wrapper, window, (plugin) => kept.push(plugin));
		return compiledAt - download.responseEnd + (performance.now() - started);
	},
	run() {
		loadPluginBundle(pageWrapper().wrapper, window, (plugin) => kept.push(plugin));
	},
};

(window as unknown as { bundleLoadPage: BundleLoadPage }).bundleLoadPage = page;
