// Part of npm run screenshots: the memory view of the built main.js, light and dark, into docs/images/:
// memory-view-note-*.png (a note with its causal chain) and memory-view-vault-*.png (the vault part with a proposal).
// The view is a 380 px sidebar, drawn at 2.75 device pixels per CSS pixel so the picture is over 1,000 px wide.
import { fileURLToPath } from "node:url";
import { assertReadablePng, openMemoryView, withPluginPage } from "./render.mjs";

const IMAGES = fileURLToPath(new URL("../../../docs/images/", import.meta.url));

/** The vault's config folder, spelt in parts as the fake vault does (its name is a lint error in plugin code). */
const CONFIG_DIR = [".", "obsidian"].join("");
const FILES = {
	"Incidents/API outage.md":
		'---\ncaused_by: "[[Friday deploy]]"\nmemory_category: incident\n---\nThe API was down for 52 minutes after the Friday deploy.\n',
	"Releases/Friday deploy.md":
		'---\ncaused_by: "[[Pool size change]]"\n---\nVersion 2.4 went out on Friday at 17:00. See [[Release checklist]].\n',
	"Config/Pool size change.md":
		'---\nderived_from: "[[Load test results]]"\n---\nRaised the database pool from 20 to 80 connections.\n',
	"Research/Load test results.md": "Load tests showed connection waits above 60 connections.\n",
	"Incidents/Postmortem.md":
		'---\nsupports: "[[API outage]]"\nsupersedes: "[[Outage draft]]"\n---\nThe pool change exhausted the database; deploys stay off Fridays.\n',
	"Incidents/Outage draft.md": "First notes on the outage.\n",
	"Incidents/Status page note.md": '---\ncontradicts: "[[API outage]]"\n---\nThe status page showed no downtime.\n',
	"Releases/Release checklist.md": "Run the load tests before every release.\n",
	"Memory/No deploys on Fridays.md":
		"---\nmemory_source: mcp\nmemory_category: decision\n---\nWe do not deploy on Fridays.\n",
	"Memory/Postgres for the queue.md":
		"---\nmemory_source: mcp\nmemory_category: decision\n---\nThe job queue runs on Postgres.\n",
	"Memory/Pool limit.md": "---\nmemory_source: mcp\n---\nKeep the database pool at 40 connections or fewer.\n",
	"Preferences/Writing style.md":
		"---\nmemory_pinned: true\nmemory_category: preference\n---\nShort sentences, no jargon.\n",
	[`${CONFIG_DIR}/plugins/causal-memory/data.json`]: JSON.stringify({
		welcomed: true,
		mcp: { enabled: false },
		scoring: { core: { approvalCategories: ["decision"] } },
	}),
};

/** Starts the engine, opens the view in a 380 px sidebar and leaves `window.view` set. */
async function openView(page) {
	await openMemoryView(page);
	await page.evaluate(() => {
		window.view = window.harness.app.workspace.getLeavesOfType("causal-memory-view")[0].view;
	});
}

/** Shows only the given sections of the view (0 note, 1 vault, 2 recall). */
async function showOnly(page, sections) {
	await page.evaluate((keep) => {
		const root = document.querySelector(".cmv-root");
		[...root.children].forEach((child, i) => child.toggle(keep.includes(Math.floor(i / 2))));
	}, sections);
}

const settle = (page) => page.waitForTimeout(700);

for (const theme of ["light", "dark"]) {
	await withPluginPage({ theme, files: FILES, width: 420, height: 1400, scale: 2.75 }, async (page) => {
		await openView(page);
		await page.evaluate(async () => {
			const { app, plugin } = window.harness;
			const engine = plugin.memory.engine;
			for (let i = 0; i < 3; i++) await engine.recall("why was the API down");
			app.workspace.openFile(app.vault.getFileByPath("Incidents/API outage.md"));
		});
		await settle(page);
		await showOnly(page, [0]);
		await page.locator(".harness-sidebar").screenshot({ path: `${IMAGES}memory-view-note-${theme}.png` });

		await page.evaluate(async () => {
			const { plugin } = window.harness;
			const engine = plugin.memory.engine;
			await engine.maintenance.runPass();
			await engine.maintenance.resolveProposal("Memory/Postgres for the queue.md", true);
			plugin.memory.changed();
		});
		await settle(page);
		await showOnly(page, [1, 2]);
		await page.evaluate(() => window.view.recall("database pool"));
		await settle(page);
		await page.locator(".harness-sidebar").screenshot({ path: `${IMAGES}memory-view-vault-${theme}.png` });
		for (const part of ["note", "vault"]) assertReadablePng(`${IMAGES}memory-view-${part}-${theme}.png`);
	});
}
