// npm run screenshots: the settings tab of the built main.js, light and dark, into docs/images/.
import { fileURLToPath } from "node:url";
import { withPluginPage } from "./render.mjs";

const IMAGES = fileURLToPath(new URL("../../../docs/images/", import.meta.url));

// A small vault with a few folders for the folder picker and a Templates folder excluded by default.
const FILES = {
	"Projects/Sync engine.md": "# Sync engine\n",
	"Daily/2026-03-01.md": "# 1 March\n",
	"Templates/Daily.md": "# {{date}}\n",
	".obsidian/templates.json": JSON.stringify({ folder: "Templates" }),
	".obsidian/plugins/causal-memory/data.json": JSON.stringify({ welcomed: true, mcp: { token: "cm_4f1c9a27d3b85e60a1f4c2d9b7e3a815" } }),
};

for (const theme of ["light", "dark"]) {
	await withPluginPage({ theme, files: FILES, width: 900, height: 1000 }, async (page) => {
		await page.evaluate(() => {
			const { plugin } = window.harness;
			// The page cannot listen on a port: show the server as it runs in the app.
			plugin.mcp.showStateForScreenshot?.({ kind: "running", url: "http://127.0.0.1:27124/mcp", port: 27124 });
			const tab = plugin.settingTabs[0];
			document.body.appendChild(tab.containerEl);
			tab.open();
		});
		await page.locator(".vertical-tab-content").screenshot({ path: `${IMAGES}settings-${theme}.png` });
	});
}
