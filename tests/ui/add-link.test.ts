import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { App } from "../fakes/obsidian";
import { openMemoryView, withPluginPage } from "./harness/render.mjs";

/** The page's window as the render harness (browser-entry.ts, render.mjs) leaves it. */
interface PageWindow {
	harness: { app: App };
}

// The add-link flow of the built main.js in headless Chromium: the view's "Add link" button, the
// note suggester, the type picker, the property written, the view's links list. Screenshots go to
// docs/images/add-link-*.png.

const CHROMIUM = "/usr/bin/chromium";
const IMAGES = fileURLToPath(new URL("../../docs/images/", import.meta.url));
const CONFIG_DIR = [".", "obsidian"].join("");
const FILES = {
	"Incidents/API outage.md":
		'---\ncaused_by: "[[Friday deploy]]"\nmemory_category: incident\n---\nThe API was down for 52 minutes after the Friday deploy.\n',
	"Releases/Friday deploy.md": "Version 2.4 went out on Friday at 17:00.\n",
	"Research/Load test results.md":
		"---\naliases:\n  - Pool load test\n---\nLoad tests showed connection waits above 60 connections.\n",
	"Incidents/Postmortem.md": '---\nsupports: "[[API outage]]"\n---\nThe pool change exhausted the database.\n',
	"Incidents/Status page note.md": '---\ncontradicts: "[[API outage]]"\n---\nThe status page showed no downtime.\n',
	[`${CONFIG_DIR}/plugins/causal-memory/data.json`]: JSON.stringify({ welcomed: true, mcp: { enabled: false } }),
};

describe.skipIf(!existsSync(CHROMIUM) && process.env.CI !== "true")("Add causal link in headless Chromium", () => {
	it("links the active note through the view's button, the note suggester and the type picker", async () => {
		await withPluginPage({ theme: "light", files: FILES, width: 900, height: 720 }, async (page) => {
			await openMemoryView(page, "Incidents/API outage.md");
			const view = page.locator(".harness-sidebar");
			await view.locator(".cmv-note-title", { hasText: "API outage" }).waitFor();
			await view.locator("button", { hasText: "Add link" }).click();

			await page.locator(".prompt-input").fill("pool load");
			const note = page.locator(".suggestion-item", { hasText: "Pool load test" });
			await note.waitFor();
			expect(await page.locator(".suggestion-item").allTextContents()).toEqual([
				"Pool load testalias of Research/Load test results.md",
			]);
			await page.screenshot({ path: `${IMAGES}add-link-note-light.png` });
			await note.click();

			const type = page.locator(".suggestion-item", { hasText: "derived_from" });
			await type.waitFor();
			expect(await page.locator(".suggestion-item .cmv-suggestion-title").allTextContents()).toEqual([
				"caused_by API outage caused by Load test results",
				"supports API outage supports Load test results",
				"derived_from API outage derived from Load test results",
				"related_to API outage related to Load test results",
				"contradicts API outage contradicts Load test results",
				"supersedes API outage supersedes Load test results",
			]);
			await page.screenshot({ path: `${IMAGES}add-link-type-light.png` });
			await page.locator(".suggestion-item", { hasText: "caused_by" }).click();

			// The property as Obsidian writes links: the single value kept, now a list.
			await page.waitForFunction(async () => {
				const { app } = (window as unknown as PageWindow).harness;
				const file = app.vault.getFileByPath("Incidents/API outage.md");
				return file !== null && (await app.vault.cachedRead(file)).includes("Load test results");
			});
			const written = await page.evaluate(async () => {
				const { app } = (window as unknown as PageWindow).harness;
				const file = app.vault.getFileByPath("Incidents/API outage.md");
				return file === null ? null : app.vault.cachedRead(file);
			});
			expect(written).toBe(
				'---\ncaused_by:\n  - "[[Friday deploy]]"\n  - "[[Load test results]]"\nmemory_category: incident\n---\nThe API was down for 52 minutes after the Friday deploy.\n',
			);
			const causedBy = view.locator('[data-relation="caused by"]');
			await causedBy.filter({ hasText: "Load test results" }).waitFor();
			expect(await causedBy.textContent()).toBe("caused by Friday deploy, Load test results");
			expect(await view.locator(".cmv-relations li").allTextContents()).toEqual([
				"caused by Friday deploy, Load test results",
				"supported by Postmortem",
				"contradicted by Status page note",
			]);
			await view.locator(".cmv-note").screenshot({ path: `${IMAGES}add-link-view-light.png` });
		});
	}, 120_000);
});
