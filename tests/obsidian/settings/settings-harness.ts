import { readFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import CausalMemoryPlugin from "../../../src/main";
import { App, DEFAULT_CONFIG_DIR } from "../../fakes/obsidian";
import type { PluginManifest } from "../../fakes/obsidian/metadata-types";
import { makeVaultDir } from "../fake-app";
import { until } from "../until";

// Not import.meta.url: under happy-dom it is the page's URL, not the file's.
const manifest = JSON.parse(readFileSync(join(__dirname, "../../../manifest.json"), "utf8")) as PluginManifest;
export const DATA_JSON = `${DEFAULT_CONFIG_DIR}/plugins/${manifest.id}/data.json`;

export interface TabUnderTest {
	app: App;
	plugin: CausalMemoryPlugin;
	tab: { containerEl: HTMLElement; open: (options?: { classic?: boolean }) => void; hide: () => void };
	dataJson: () => Record<string, unknown>;
	row: (key: string) => HTMLElement;
	stop: () => Promise<void>;
}

/** The plugin from src/main.ts over a fake vault, loaded, optionally started, with its settings tab open. */
export async function openSettingsTab(
	files: Record<string, string>,
	data: Record<string, unknown>,
	options: { start?: boolean; classic?: boolean } = {},
): Promise<TabUnderTest> {
	const app = new App(makeVaultDir({ ...files, [DATA_JSON]: JSON.stringify({ welcomed: true, ...data }) }));
	const plugin = new CausalMemoryPlugin(app as never, manifest);
	const fake = plugin as unknown as {
		load(): void;
		whenLoaded(): Promise<void>;
		settingTabs: unknown[];
		unload(): void;
	};
	fake.load();
	await fake.whenLoaded();
	if (options.start === true) {
		app.vault.fireLoadEvents();
		app.workspace.triggerLayoutReady();
		await plugin.memory?.whenReady();
		await until(
			() =>
				!["off", "starting"].includes(plugin.mcp?.state.kind ?? "off") ||
				data.mcp === undefined ||
				(data.mcp as { enabled?: boolean }).enabled === false,
		);
	}
	const tab = fake.settingTabs[0] as TabUnderTest["tab"];
	document.body.appendChild(tab.containerEl);
	tab.open({ classic: options.classic });
	return {
		app,
		plugin,
		tab,
		dataJson: () => JSON.parse(readFileSync(app.vault.fullPath(DATA_JSON), "utf8")) as Record<string, unknown>,
		row: (key) => {
			const found = tab.containerEl.querySelector<HTMLElement>(`[data-setting="${key}"]`);
			if (found === null) throw new Error(`no row for ${key}`);
			return found;
		},
		stop: async () => {
			tab.hide();
			fake.unload();
			await plugin.stopped;
			await plugin.settingsStore?.flush();
		},
	};
}

/** Types `text` into the row's text box as a user would (an input event per change). */
export function typeInto(row: HTMLElement, text: string): void {
	const input = row.querySelector<HTMLInputElement | HTMLTextAreaElement>("input[type=text], textarea");
	if (input === null) throw new Error("the row has no text box");
	input.value = text;
	input.dispatchEvent(new Event("input"));
}

export function errorOf(row: HTMLElement): string | null {
	const el = row.querySelector<HTMLElement>(".causal-memory-setting-error");
	return el === null || el.style.display === "none" ? null : el.textContent;
}

/** The HTTP status of an MCP initialize request with `token` (node:http, not the DOM's fetch). */
export function statusWith(url: string, token: string): Promise<number> {
	return new Promise((resolve, reject) => {
		const body = JSON.stringify({
			jsonrpc: "2.0",
			id: 1,
			method: "initialize",
			params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
		});
		const req = request(
			url,
			{
				method: "POST",
				headers: {
					Authorization: `Bearer ${token}`,
					"Content-Type": "application/json",
					Accept: "application/json, text/event-stream",
					Host: new URL(url).host,
				},
			},
			(res) => {
				res.resume();
				resolve(res.statusCode ?? 0);
			},
		);
		req.on("error", reject);
		req.end(body);
	});
}
