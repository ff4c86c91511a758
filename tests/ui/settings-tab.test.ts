// The settings tab of the built main.js in headless Chromium (the render harness): what a new user
// sees first, Advanced folded, a map edited as rows and saved, a group reset. Bundle project: the
// global setup builds main.js first.
import { describe, expect, it } from "vitest";
import { withPluginPage } from "./harness/render.mjs";
import { openSettings, SETTINGS_FILES } from "./harness/settings-screenshots.mjs";

/** What the page's `(window as unknown as HarnessWindow).harness` holds that this test reads. */
interface PageHarness {
	plugin: {
		settingsStore: {
			get(): {
				scoring: { relevance: { halfLifeDays: number } };
				index: { edgeKeys: Record<string, string> };
				recall: { autoLink: { cosineFloorByModel: Record<string, number> } };
			};
			flush(): Promise<void>;
		};
	};
	app: { vault: { adapter: { read(path: string): Promise<string> } } };
}

/** The page's window, as the callbacks passed to page.evaluate see it (they run in the page, so each casts). */
type HarnessWindow = { harness: PageHarness };

interface FirstScreen {
	rows: string[];
	headings: string[];
	advancedEntry: boolean;
	recallRowShown: boolean;
	text: string;
}

describe("the settings tab in Chromium", () => {
	it("opens on at most 20 rows with Advanced folded; Advanced edits a map as rows and resets a group", async () => {
		await withPluginPage({ theme: "light", files: SETTINGS_FILES, width: 1000, height: 1400 }, async (page) => {
			await openSettings(page);
			const first = await page.evaluate((): FirstScreen => {
				const tab = document.querySelector<HTMLElement>(".vertical-tab-content") as HTMLElement;
				const rows = [...tab.querySelectorAll(".setting-item")].filter(
					(row) => !row.matches(".setting-item-heading, .causal-memory-subheading"),
				);
				return {
					rows: rows.map((row) => row.querySelector(".setting-item-name")?.textContent ?? ""),
					headings: [...tab.querySelectorAll(".setting-item-heading .setting-item-name")].map(
						(heading) => heading.textContent ?? "",
					),
					advancedEntry: tab.querySelector(".setting-page-entry") !== null,
					recallRowShown: tab.querySelector('[data-setting="recall.fusion.k"]') !== null,
					text: tab.textContent ?? "",
				};
			});
			expect(first.rows.length).toBeGreaterThan(10);
			expect(first.rows.length).toBeLessThanOrEqual(20);
			expect(first.headings).toEqual([
				"Memory folders",
				"Lifecycle",
				"MCP server",
				"Semantic recall",
				"Write permissions",
			]);
			expect(first.advancedEntry).toBe(true);
			expect(first.recallRowShown).toBe(false);
			expect(first.text).not.toContain("9007199254740991");
			expect(first.text).toContain("new modification time");

			// A first-screen group reset: the half-life typed to 30 goes back to 7.
			await page.fill('[data-setting="scoring.relevance.halfLifeDays"] input', "30");
			expect(
				await page.evaluate(
					() => (window as unknown as HarnessWindow).harness.plugin.settingsStore.get().scoring.relevance.halfLifeDays,
				),
			).toBe(30);
			await page.click(".causal-memory-group-lifecycle .setting-item-heading .clickable-icon");
			expect(
				await page.evaluate(
					() => (window as unknown as HarnessWindow).harness.plugin.settingsStore.get().scoring.relevance.halfLifeDays,
				),
			).toBe(7);
			expect(await page.inputValue('[data-setting="scoring.relevance.halfLifeDays"] input')).toBe("7");

			await page.click(".setting-page-entry");
			const advancedText = await page.evaluate(() => document.querySelector(".vertical-tab-content")?.textContent);
			expect(advancedText).not.toContain("9007199254740991");
			expect(advancedText).toContain("Rank constant");

			// The edge-key map: one row per key, a new key added through its row and saved to data.json.
			const edgeKeys = '[data-setting="index.edgeKeys"]';
			expect(await page.locator(`${edgeKeys} [data-map-key]`).count()).toBe(6);
			await page.fill(`${edgeKeys} .causal-memory-map-new-key`, "up");
			await page.selectOption(`${edgeKeys} .causal-memory-map-add select`, "derived_from");
			await page.click(`${edgeKeys} .causal-memory-map-add button`);
			expect(await page.locator(`${edgeKeys} [data-map-key]`).count()).toBe(7);
			const saved = await page.evaluate(async () => {
				const { plugin, app } = (window as unknown as HarnessWindow).harness;
				await plugin.settingsStore.flush();
				const configDir = [".", "obsidian"].join("");
				return JSON.parse(await app.vault.adapter.read(`${configDir}/plugins/causal-memory/data.json`)) as {
					index?: { edgeKeys?: Record<string, string> };
				};
			});
			expect(saved.index?.edgeKeys?.up).toBe("derived_from");

			// An invalid value in a number map shows the schema's message and saves nothing.
			const floors = '[data-setting="recall.autoLink.cosineFloorByModel"]';
			await page.fill(`${floors} .causal-memory-map-new-key`, "Xenova/bge-small-en-v1.5");
			await page.fill(`${floors} .causal-memory-map-add input:not(.causal-memory-map-new-key)`, "3");
			await page.click(`${floors} .causal-memory-map-add button`);
			expect(await page.textContent(`${floors} .causal-memory-setting-error`)).toContain("from -1 to 1");
			expect(
				await page.evaluate(
					() =>
						(window as unknown as HarnessWindow).harness.plugin.settingsStore.get().recall.autoLink.cosineFloorByModel,
				),
			).toEqual({});

			// An Advanced group reset puts the map back to its defaults.
			await page.click(".causal-memory-group-indexing .setting-item-heading .clickable-icon");
			expect(
				await page.evaluate(
					() => (window as unknown as HarnessWindow).harness.plugin.settingsStore.get().index.edgeKeys.up,
				),
			).toBeUndefined();
			expect(await page.locator(`${edgeKeys} [data-map-key]`).count()).toBe(6);
		});
	});
});
