// npm run screenshots (last step) — the Review section of the memory view in the built main.js, light and dark:
// docs/images/memory-view-review-*.png (a cluster to consolidate, a memory at risk, a belief in question, a proposed link).
import { fileURLToPath } from "node:url";
import { openMemoryView, withPluginPage } from "./render.mjs";

const IMAGES = fileURLToPath(new URL("../../../docs/images/", import.meta.url));

/** The vault's config folder, spelt in parts as the fake vault does (its name is a lint error in plugin code). */
const CONFIG_DIR = [".", "obsidian"].join("");
const FILES = {
	"Facilities/Parking.md": "Visitor parking is on level 3 of the north garage.\n",
	"Projects/Launch plan.md":
		'---\nmemory_created: 2026-01-10\ncaused_by: "[[Launch budget]]"\n---\nThe launch plan assumes two contractors.\n',
	"Projects/Launch budget.md": "---\nmemory_created: 2026-01-05\n---\nThe launch budget is 50k.\n",
	"Projects/Launch budget (v2).md":
		'---\nmemory_created: 2026-02-01\nsupersedes: "[[Launch budget]]"\n---\nThe launch budget is 35k after the cut.\n',
	"Engineering/Friday deploy.md":
		"The Friday deploy of the billing service failed: the database migration timed out and we rolled back.\n",
	"Engineering/Rollback.md":
		"We rolled back the billing service deploy after the database migration timed out on Friday.\n",
	"Engineering/Migration timeout.md":
		"The billing service database migration timed out during the Friday deploy; the rollback took ten minutes.\n",
	"Engineering/Bridge survey.md": "The Kestrel Bridge survey found rust on the north pylons.\n",
	"Journal/River walk.md": "Walked over the Kestrel Bridge with Ana; the river was high.\n",
	[`${CONFIG_DIR}/plugins/causal-memory/data.json`]: JSON.stringify({
		welcomed: true,
		mcp: { enabled: false },
		// A short half-life, so a memory written today is at risk within the two weeks the queue looks ahead.
		scoring: { relevance: { decayModel: "exponential", halfLifeDays: 3 } },
	}),
};

for (const theme of ["light", "dark"]) {
	await withPluginPage({ theme, files: FILES, width: 420, height: 1200 }, async (page) => {
		await openMemoryView(page, null, { padding: "8px" });
		await page.evaluate(async () => {
			const { plugin } = window.harness;
			// Linked notes stay fresh longer: only the unlinked ones are at risk; parking is the one kept on screen.
			const review = plugin.memory.engine.review;
			for (const item of review.queues().atRisk)
				if (item.path !== "Facilities/Parking.md") await review.letGo(item.path);
			// The view started the search for clusters; wait for it as the view does (it re-renders when they are found).
			await review.clusters();
			plugin.memory.changed();
		});
		await page.waitForTimeout(700);
		await page.locator(".cmv-review").screenshot({ path: `${IMAGES}memory-view-review-${theme}.png` });
	});
}
