// The first-run welcome of the built main.js in headless Chromium (the render harness): opened on
// the first start and not on the second, its three actions with real values, and the line on
// connected clients. Bundle project: the global setup builds main.js first.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { withPluginPage } from "./harness/render.mjs";
import {
	DATA_JSON,
	FIRST_RUN_FILES,
	startPlugin,
	WELCOME_PORT,
	WELCOME_TOKEN,
} from "./harness/welcome-screenshots.mjs";

/** What the page's harness holds that this test reads; private members are reached as the bundle has them. */
interface PageHarness {
	plugin: {
		settingsStore: { get(): { embeddings: { allowDownload: boolean } }; flush(): Promise<void> };
		mcp: { connected: { initialized(sessionId: string, clientInfo: unknown): unknown } };
	};
	app: { vault: { adapter: { read(path: string): Promise<string> } } };
	obsidian: { Clipboard: { text: string | null }; Notice: { messages: string[] } };
}

/** The page's window, as the callbacks passed to page.evaluate see it (they run in the page, so each casts). */
type HarnessWindow = { harness: PageHarness };

const URL = `http://127.0.0.1:${WELCOME_PORT}/mcp`;
const SEMANTIC_RECALL = "Turn on semantic recall (downloads ≈ 23 MB once)";
const welcome = ".modal .causal-memory-welcome";

const clientsLine = (page: Page): Promise<string | null> =>
	page.textContent(`${welcome} .causal-memory-welcome-clients`);
const recallStatus = (page: Page): Promise<string | null> => page.textContent(`${welcome} .causal-memory-model-status`);

/** data.json as the plugin saved it. */
function savedData(page: Page): Promise<Record<string, unknown>> {
	return page.evaluate(async (path) => {
		const { plugin, app } = (window as unknown as HarnessWindow).harness;
		await plugin.settingsStore.flush();
		return JSON.parse(await app.vault.adapter.read(path)) as Record<string, unknown>;
	}, DATA_JSON);
}

describe("the welcome in Chromium", () => {
	it("opens on the first start only, with the three actions and the connected clients", async () => {
		let afterFirstRun = "";
		await withPluginPage({ theme: "light", files: FIRST_RUN_FILES, width: 720, height: 1000 }, async (page) => {
			expect(await startPlugin(page)).toBe(true);
			expect(await page.textContent(".modal .modal-title")).toBe("Causal Memory");
			const saved = await savedData(page);
			expect(saved.welcomed).toBe(true);
			afterFirstRun = JSON.stringify(saved);

			// Copy the Claude Code line: user scope, the vault's server name, the URL and the token.
			await page.click(`${welcome} button:text-is("Copy the Claude Code line")`);
			expect(await page.evaluate(() => (window as unknown as HarnessWindow).harness.obsidian.Clipboard.text)).toBe(
				`claude mcp add --scope user --transport http causal-memory-vault ${URL} --header "Authorization: Bearer ${WELCOME_TOKEN}"`,
			);

			// Add to the Claude desktop app: a second dialog shows the file and the entry; Cancel writes nothing.
			await page.click(`${welcome} button:text-is("Add to the Claude desktop app")`);
			const preview = page.locator(".modal .cmv-modal");
			expect(await preview.locator("p").first().textContent()).toBe(
				'This adds "causal-memory-vault" to /home/harness/.config/Claude/claude_desktop_config.json:',
			);
			expect(JSON.parse((await preview.locator("pre").textContent()) ?? "")).toEqual({
				mcpServers: {
					"causal-memory-vault": {
						command: "npx",
						args: ["-y", "mcp-remote", URL, "--transport", "http-only", "--header", "Authorization:${MCP_TOKEN}"],
						env: { MCP_TOKEN: `Bearer ${WELCOME_TOKEN}` },
					},
				},
			});
			await preview.locator("button", { hasText: "Cancel" }).click();
			expect(await page.locator(".modal .cmv-modal").count()).toBe(0);
			expect(await page.locator(welcome).count()).toBe(1);
			const notices = await page.evaluate(() => (window as unknown as HarnessWindow).harness.obsidian.Notice.messages);
			expect(notices.filter((message) => message.includes("Claude Desktop"))).toEqual([]);

			// No client yet; then Claude Code initializes a session and the line names it, live.
			expect(await clientsLine(page)).toBe("No client has connected yet — copy the line above into Claude Code.");
			await page.evaluate(() =>
				(window as unknown as HarnessWindow).harness.plugin.mcp.connected.initialized("session-1", {
					name: "claude-code",
					version: "2.1.3",
				}),
			);
			expect(await clientsLine(page)).toBe("Connected: Claude Code 2.1.3 — last request just now.");

			// Turn on semantic recall: the consent is saved, the row leaves "Off" and follows the model's state.
			expect(await recallStatus(page)).toBe("Off: recall matches words, cues and links only.");
			await page.click(`${welcome} button:text-is("${SEMANTIC_RECALL}")`);
			await page.waitForFunction(
				(selector) => !document.querySelector(selector)?.textContent?.startsWith("Off"),
				`${welcome} .causal-memory-model-status`,
			);
			expect(
				await page.evaluate(
					() => (window as unknown as HarnessWindow).harness.plugin.settingsStore.get().embeddings.allowDownload,
				),
			).toBe(true);
			// Loading (then downloading, or failed with a retry: the page has no model to fetch) — never "Off" again.
			const row = await page.evaluate((selector) => {
				const el = document.querySelector(selector) as HTMLElement;
				const shown = [...el.querySelectorAll("button")].filter((button) => button.offsetParent !== null);
				return {
					status: el.querySelector(".causal-memory-model-status")?.textContent ?? "",
					buttons: shown.map((button) => button.textContent),
				};
			}, welcome);
			expect(row.status).toMatch(/^(Loading the model…|Downloading \S+|Failed: .+)$/);
			expect(row.buttons).toEqual([
				"Copy the Claude Code line",
				"Add to the Claude desktop app",
				...(row.status.startsWith("Failed: ") ? ["Retry"] : []),
				"Done",
			]);
		});

		// The second start, on the data.json the first one saved: no welcome.
		const secondStart = { ...FIRST_RUN_FILES, [DATA_JSON]: afterFirstRun };
		await withPluginPage({ theme: "light", files: secondStart, width: 720, height: 1000 }, async (page) => {
			expect(await startPlugin(page)).toBe(false);
			expect(await page.locator(".modal").count()).toBe(0);
		});
	});
});
