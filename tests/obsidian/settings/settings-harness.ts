import { readFileSync } from "node:fs";
import { join } from "node:path";
import CausalMemoryPlugin from "../../../src/main";
import { App, DEFAULT_CONFIG_DIR } from "../../fakes/obsidian";
import type { PluginManifest } from "../../fakes/obsidian/metadata-types";
import { makeVaultDir } from "../fake-app";
import { until } from "../until";
import { INITIALIZE, postMcp } from "../../helpers/mcp-post";

export { statusWith } from "../../helpers/mcp-post";

// Not import.meta.url: under happy-dom it is the page's URL, not the file's.
const manifest = JSON.parse(readFileSync(join(__dirname, "../../../manifest.json"), "utf8")) as PluginManifest;
export const DATA_JSON = `${DEFAULT_CONFIG_DIR}/plugins/${manifest.id}/data.json`;

export interface TabUnderTest {
	app: App;
	plugin: CausalMemoryPlugin;
	tab: { containerEl: HTMLElement; open: (options?: { classic?: boolean }) => void; hide: () => void };
	dataJson: () => Record<string, unknown>;
	row: (key: string) => HTMLElement;
	/** Opens Advanced as a user would: its page (Obsidian 1.13+) or its "Show" button (classic). */
	openAdvanced: () => void;
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
	const openAdvanced = (): void => {
		const entry = tab.containerEl.querySelector<HTMLElement>(".setting-page-entry");
		if (entry !== null) return entry.click();
		const toggle = tab.containerEl.querySelector<HTMLElement>(".causal-memory-advanced-toggle button");
		if (toggle === null) throw new Error("no Advanced entry or button");
		// The classic tab folds Advanced under one button: a second click would fold it again.
		if (toggle.textContent === "Show") toggle.click();
	};
	return {
		app,
		plugin,
		tab,
		dataJson: () => JSON.parse(readFileSync(app.vault.fullPath(DATA_JSON), "utf8")) as Record<string, unknown>,
		row: (key) => {
			const find = (): HTMLElement | null => tab.containerEl.querySelector<HTMLElement>(`[data-setting="${key}"]`);
			// A row of the other screen: back to the first screen, or on to Advanced, as a user would.
			if (find() === null && tab.containerEl.querySelector(".setting-page-titlebar") !== null)
				tab.open({ classic: options.classic });
			if (find() === null) openAdvanced();
			const found = find();
			if (found === null) throw new Error(`no row for ${key}`);
			return found;
		},
		openAdvanced,
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

/** One POST to the MCP endpoint: the status, the session header and the JSON body. */
async function post(
	url: string,
	token: string,
	message: unknown,
	session?: string,
): Promise<{ status: number; session: string | undefined; body: unknown }> {
	const res = await postMcp(url, token, message, session);
	let text = "";
	for await (const chunk of res) text += (chunk as Buffer).toString();
	const header = res.headers["mcp-session-id"];
	return {
		status: res.statusCode ?? 0,
		session: typeof header === "string" ? header : undefined,
		body: text === "" ? null : (JSON.parse(text) as unknown),
	};
}

/**
 * An MCP session over node:http (the DOM's fetch of happy-dom is no way to a loopback server):
 * `call` runs one tool and returns its result (`isError` and the text of its content).
 */
export async function mcpSession(
	url: string,
	token: string,
): Promise<{ call: (name: string, args: Record<string, unknown>) => Promise<{ isError: boolean; text: string }> }> {
	const init = await post(url, token, INITIALIZE);
	if (init.session === undefined) throw new Error(`no MCP session (HTTP ${init.status})`);
	const session = init.session;
	await post(url, token, { jsonrpc: "2.0", method: "notifications/initialized" }, session);
	let id = 1;
	return {
		call: async (name, args) => {
			const answer = await post(
				url,
				token,
				{ jsonrpc: "2.0", id: ++id, method: "tools/call", params: { name, arguments: args } },
				session,
			);
			const result = (answer.body as { result?: { isError?: boolean; content?: { text?: string }[] } }).result;
			return { isError: result?.isError === true, text: result?.content?.map((block) => block.text).join("\n") ?? "" };
		},
	};
}
