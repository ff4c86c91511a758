// The render harness: runs the BUILT main.js in headless Chromium with the fake obsidian module
// (bundled for the browser over an in-memory file system) and Obsidian-like theme variables,
// then lets a caller open UI and take screenshots. See README.md in this folder.
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

const CHROMIUM_ARGS = [
	"--headless",
	"--no-sandbox",
	"--disable-gpu",
	"--disable-background-networking",
	"--disable-component-update",
	"--disable-sync",
	"--no-first-run",
];

/** The fake obsidian module as one browser script (node:fs, node:path, node:timers, node:vm, node:crypto replaced by shims). */
async function bundleFakeObsidian() {
	const shims = {
		name: "harness-node-shims",
		setup(pluginBuild) {
			pluginBuild.onResolve({ filter: /^node:fs$/ }, () => ({ path: `${HERE}memory-fs.ts` }));
			pluginBuild.onResolve({ filter: /^node:(path|timers|vm)$/ }, () => ({ path: `${HERE}node-shims.ts` }));
			pluginBuild.onResolve({ filter: /^node:crypto$/ }, () => ({ path: `${HERE}crypto-shim.ts` }));
		},
	};
	const result = await build({
		entryPoints: [`${HERE}browser-entry.ts`],
		bundle: true,
		format: "iife",
		platform: "browser",
		target: "es2022",
		write: false,
		plugins: [shims],
		logLevel: "warning",
	});
	return result.outputFiles[0].text;
}

/**
 * Opens a page in the given theme ("light" | "dark") with the plugin loaded from main.js over a
 * vault of `files` (vault-relative path → text; put data.json at `.obsidian/plugins/causal-memory/data.json`),
 * `width` × `height` CSS pixels at `scale` device pixels each, runs `use(page)` and closes the browser. In the page, `window.harness.plugin` is the plugin
 * and `window.harness.obsidian` the fake module.
 */
export async function withPluginPage({ theme, files = {}, width = 900, height = 900, scale = 1 }, use) {
	const fakeObsidian = await bundleFakeObsidian();
	const mainJs = readFileSync(`${ROOT}main.js`, "utf8");
	const manifest = JSON.parse(readFileSync(`${ROOT}manifest.json`, "utf8"));
	const css = readFileSync(`${HERE}theme.css`, "utf8") + readFileSync(`${ROOT}styles.css`, "utf8");
	const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
	try {
		const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: scale });
		const errors = [];
		page.on("pageerror", (error) => errors.push(error));
		await page.setContent(
			`<!doctype html><html><head><meta charset="utf-8"></head><body class="theme-${theme}"></body></html>`,
		);
		await page.addStyleTag({ content: css });
		// Obsidian's desktop window has Node's `process` (Electron); the page gets what the plugin reads of it (the lock's pid).
		await page.addScriptTag({
			content: "window.process = { pid: 4242, platform: 'linux', arch: 'x64', env: {}, versions: {} };",
		});
		await page.addScriptTag({ content: fakeObsidian });
		// The function wrapper Obsidian puts around a plugin's main.js.
		await page.addScriptTag({ content: `window.harnessMainJs = function (require, module, exports) {\n${mainJs}\n};` });
		await page.evaluate(
			async ({ manifest, files }) => {
				const loaded = await window.harness.loadPlugin(window.harnessMainJs, manifest, files);
				window.harness.app = loaded.app;
				window.harness.plugin = loaded.plugin;
			},
			{ manifest, files },
		);
		await use(page);
		if (errors.length > 0) throw new Error(`errors in the page: ${errors.map(String).join("; ")}`);
	} finally {
		await browser.close();
	}
}

/**
 * Makes the layout ready, waits for the engine, opens the memory view in a 380 px sidebar
 * (`.harness-sidebar`) and, with `note`, opens that note.
 */
export async function openMemoryView(page, note = null, { padding = "0" } = {}) {
	await page.evaluate(
		async ({ note, padding }) => {
			const { app, plugin } = window.harness;
			app.workspace.triggerLayoutReady();
			await plugin.memory.whenReady();
			const sidebar = document.body.createDiv({ cls: "harness-sidebar" });
			sidebar.setCssStyles({ width: "380px", background: "var(--background-secondary)", padding });
			await app.commands.run("causal-memory:open-memory-view");
			sidebar.appendChild(app.workspace.getLeavesOfType("causal-memory-view")[0].containerEl);
			if (note !== null) app.workspace.openFile(app.vault.getFileByPath(note));
		},
		{ note, padding },
	);
}

/** Throws unless `path` is a PNG at least `minWidth` pixels wide: a picture that cannot be read is a failure. */
export function assertReadablePng(path, minWidth = 1000) {
	const bytes = readFileSync(path);
	if (bytes.toString("latin1", 1, 4) !== "PNG") throw new Error(`${path} is not a PNG`);
	const width = bytes.readUInt32BE(16);
	if (width < minWidth) throw new Error(`${path} is ${width} px wide, less than ${minWidth}`);
}
