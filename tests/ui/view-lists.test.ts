import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { App } from "../fakes/obsidian";
import { openMemoryView, withPluginPage } from "./harness/render.mjs";

// The memory view's lists of the built main.js in headless Chromium: the related memories with
// "Link as…" and "Not related", the note's neighbours by relation, and the Review section's
// clusters and at-risk queues with their one-click actions.

/** The page's window as the render harness (browser-entry.ts, render.mjs) leaves it. */
interface PageWindow {
	harness: {
		app: App;
		plugin: {
			memory: {
				changed(): void;
				engine: { review: { clusters(): Promise<unknown> } };
			};
		};
	};
}

const CHROMIUM = "/usr/bin/chromium";
const CONFIG_DIR = [".", "obsidian"].join("");
const DATA = `${CONFIG_DIR}/plugins/causal-memory/data.json`;

const RELATED_FILES = {
	"Memory/Postgres migration plan.md":
		'---\ncaused_by: "[[Slow reporting queries]]"\n---\nMaya Okafor plans the Postgres migration of the reporting tables; cutover on a weekend in June.\n',
	"Memory/Migration rehearsal.md":
		"Maya Okafor rehearsed the Postgres migration of the reporting tables; replica lag stayed under a second.\n",
	"Memory/Slow reporting queries.md": "Reporting queries take minutes on the old database.\n",
	"Memory/Index tuning.md":
		'---\nsupports: "[[Postgres migration plan]]"\n---\nAdded indexes to the reporting tables, little gain.\n',
	"Memory/Maya on call.md": "Maya Okafor is on call the week of the cutover.\n",
	"Memory/Garden.md": "Water the tomatoes twice a week.\n",
	[DATA]: JSON.stringify({ welcomed: true, mcp: { enabled: false } }),
};

const REVIEW_FILES = {
	"Facilities/Parking.md": "Visitor parking is on level 3 of the north garage.\n",
	"Engineering/Friday deploy.md":
		"The Friday deploy of the billing service failed: the database migration timed out and we rolled back.\n",
	"Engineering/Rollback.md":
		"We rolled back the billing service deploy after the database migration timed out on Friday.\n",
	"Engineering/Migration timeout.md":
		"The billing service database migration timed out during the Friday deploy; the rollback took ten minutes.\n",
	[DATA]: JSON.stringify({
		welcomed: true,
		mcp: { enabled: false },
		scoring: { relevance: { decayModel: "exponential", halfLifeDays: 3 } },
	}),
};

async function noteText(page: import("playwright-core").Page, path: string): Promise<string | null> {
	return page.evaluate(async (at) => {
		const { app } = (window as unknown as PageWindow).harness;
		const file = app.vault.getFileByPath(at);
		return file === null ? null : app.vault.cachedRead(file);
	}, path);
}

describe.skipIf(!existsSync(CHROMIUM) && process.env.CI !== "true")(
	"The memory view's lists in headless Chromium",
	() => {
		it("lists related memories with why, links one as the picked type, forgets one marked not related, and lists the neighbours", async () => {
			await withPluginPage({ theme: "light", files: RELATED_FILES, width: 900, height: 1200 }, async (page) => {
				await openMemoryView(page, "Memory/Postgres migration plan.md");
				const view = page.locator(".harness-sidebar");
				const related = view.locator(".cmv-related-item");
				await related.first().waitFor();
				const rehearsal = related.filter({ hasText: "Migration rehearsal" });
				expect(await rehearsal.locator(".cmv-related-why").textContent()).toContain("shares names: Maya Okafor");
				const paths = await related.evaluateAll((items) => items.map((item) => item.getAttribute("data-path")));
				expect(paths).toContain("Memory/Maya on call.md");
				// Linked either way, or the note itself, is never suggested.
				expect(paths).not.toContain("Memory/Slow reporting queries.md");
				expect(paths).not.toContain("Memory/Index tuning.md");
				expect(paths).not.toContain("Memory/Postgres migration plan.md");

				expect(await view.locator(".cmv-relations li").allTextContents()).toEqual([
					"caused by Slow reporting queries",
					"supported by Index tuning",
				]);

				await related.filter({ hasText: "Maya on call" }).locator("button", { hasText: "Not related" }).click();
				await related.filter({ hasText: "Maya on call" }).waitFor({ state: "detached" });

				await rehearsal.locator("button", { hasText: "Link as…" }).click();
				await page.locator(".suggestion-item", { hasText: "derived_from" }).click();
				await page.waitForFunction(async () => {
					const { app } = (window as unknown as PageWindow).harness;
					const file = app.vault.getFileByPath("Memory/Postgres migration plan.md");
					return file !== null && (await app.vault.cachedRead(file)).includes("derived_from");
				});
				expect(await noteText(page, "Memory/Postgres migration plan.md")).toBe(
					'---\ncaused_by: "[[Slow reporting queries]]"\nderived_from:\n  - "[[Migration rehearsal]]"\n---\nMaya Okafor plans the Postgres migration of the reporting tables; cutover on a weekend in June.\n',
				);
				await view.locator('[data-relation="derived from"]').filter({ hasText: "Migration rehearsal" }).waitFor();
				await rehearsal.waitFor({ state: "detached" });
				// Not related is remembered: a re-render does not bring the pair back.
				await page.evaluate(() => (window as unknown as PageWindow).harness.plugin.memory.changed());
				await page.waitForTimeout(500);
				const after = await related.evaluateAll((items) => items.map((item) => item.getAttribute("data-path")));
				expect(after).not.toContain("Memory/Maya on call.md");
				expect(after).not.toContain("Memory/Migration rehearsal.md");
			});
		}, 120_000);

		it("shows the clusters queue first and the at-risk queue; Dismiss and Let go take their item out", async () => {
			await withPluginPage({ theme: "light", files: REVIEW_FILES, width: 900, height: 1200 }, async (page) => {
				await openMemoryView(page, "Facilities/Parking.md");
				await page.evaluate(async () => {
					const { plugin } = (window as unknown as PageWindow).harness;
					await plugin.memory.engine.review.clusters();
					plugin.memory.changed();
				});
				const review = page.locator(".harness-sidebar .cmv-review");
				const cluster = review.locator(".cmv-cluster");
				await cluster.first().waitFor();
				const queues = await review.locator(".cmv-review-queue").allTextContents();
				expect(queues[0]).toMatch(/\(1\)$/);
				expect(await cluster.first().textContent()).toContain("3 memories");
				const parking = review.locator(".cmv-at-risk").filter({ hasText: "Parking" });
				await parking.waitFor();

				await cluster.first().locator("button", { hasText: "Dismiss" }).click();
				await cluster.first().waitFor({ state: "detached" });
				expect(await parking.locator("button").allTextContents()).toEqual(["Keep", "Pin", "Let go"]);
				await parking.locator("button", { hasText: "Let go" }).click();
				await parking.waitFor({ state: "detached" });
			});
		}, 120_000);
	},
);
