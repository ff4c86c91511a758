// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { ObsidianEmbeddings } from "../../../src/obsidian/embedding-service";
import { ClaudeDesktopModal } from "../../../src/obsidian/modals/claude-desktop-modal";
import { welcomeOnce } from "../../../src/obsidian/settings/first-run";
import { WelcomeModal } from "../../../src/obsidian/settings/welcome-modal";
import { Clipboard, Modal } from "../../fakes/obsidian";
import { postMcp } from "../../helpers/mcp-post";
import { removeVaultDirs } from "../fake-app";
import { freePort } from "../ports";
import { until } from "../until";
import { openSettingsTab, type TabUnderTest } from "./settings-harness";

const opened: TabUnderTest[] = [];
afterEach(async () => {
	for (const modal of Modal.opened.slice()) modal.close();
	for (const tab of opened.splice(0)) await tab.stop();
	vi.restoreAllMocks();
	await removeVaultDirs();
});

/** The welcome once the plugin has opened it. */
async function openedWelcome(): Promise<WelcomeModal> {
	const find = () =>
		Modal.opened.find((modal) => (modal as unknown) instanceof WelcomeModal) as unknown as WelcomeModal;
	await until(() => find() !== undefined);
	return find();
}

/** The plugin from src/main.ts on its first run (data.json has no "welcomed"), started, with its MCP server on a free port. */
async function firstRun(): Promise<{ under: TabUnderTest; welcome: WelcomeModal; port: number }> {
	const port = await freePort();
	const under = await openSettingsTab(
		{ "Notes/Idea.md": "An idea." },
		{ welcomed: false, mcp: { port } },
		{ start: true },
	);
	opened.push(under);
	return { under, welcome: await openedWelcome(), port };
}

function button(welcome: WelcomeModal, label: string): HTMLButtonElement {
	const found = [...welcome.contentEl.querySelectorAll("button")].find((el) => el.textContent === label);
	if (found === undefined) throw new Error(`no button "${label}"`);
	return found;
}

const clientsLine = (welcome: WelcomeModal): string =>
	welcome.contentEl.querySelector(".causal-memory-welcome-clients")?.textContent ?? "";

describe("the welcome", () => {
	it("copies the Claude Code line the MCP section copies (--scope user), with the running server's URL", async () => {
		const { welcome, port } = await firstRun();
		Clipboard.text = null;
		button(welcome, "Copy the Claude Code line").click();
		await until(() => Clipboard.text !== null);
		expect(Clipboard.text).toMatch(
			new RegExp(
				`^claude mcp add --scope user --transport http causal-memory-\\S+ http://127\\.0\\.0\\.1:${port}/mcp `,
			),
		);
	});

	it("opens the Claude desktop app's preview (nothing written until Add), and runs the model command", async () => {
		const prepare = vi.spyOn(ObsidianEmbeddings.prototype, "turnOnWithNotice").mockResolvedValue();
		const { welcome } = await firstRun();
		button(welcome, "Add to the Claude desktop app").click();
		expect(Modal.opened.at(-1)).toBeInstanceOf(ClaudeDesktopModal);
		Modal.opened.at(-1)?.close();
		expect(prepare).not.toHaveBeenCalled();
		button(welcome, "Turn on semantic recall (downloads ≈ 23 MB once)").click();
		expect(prepare).toHaveBeenCalledTimes(1);
	});

	it("says no client has connected yet, then names the one that connects, live; and what it writes", async () => {
		const { under, welcome, port } = await firstRun();
		expect(clientsLine(welcome)).toBe("No client has connected yet — copy the line above into Claude Code.");
		const token = under.plugin.settingsStore?.get().mcp.token ?? "";
		const reply = await postMcp(`http://127.0.0.1:${port}/mcp`, token, {
			jsonrpc: "2.0",
			id: 1,
			method: "initialize",
			params: {
				protocolVersion: "2025-06-18",
				capabilities: {},
				clientInfo: { name: "claude-code", version: "2.1.3" },
			},
		});
		reply.resume();
		expect(clientsLine(welcome)).toBe("Connected: Claude Code 2.1.3 — last request just now.");
		expect(welcome.contentEl.querySelector(".causal-memory-welcome-writes")?.textContent).toMatch(
			/^What it writes: frontmatter keys only .* in the "Memory" folder .* Nothing leaves this computer/,
		);
		welcome.close();
		// Closed, it stops listening: another client does not redraw an emptied modal.
		expect(welcome.contentEl.childElementCount).toBe(0);
	});

	it("disables the connection buttons while the server is not running", async () => {
		const under = await openSettingsTab({}, { welcomed: false, mcp: { enabled: false } }, { start: true });
		opened.push(under);
		const welcome = await openedWelcome();
		expect(button(welcome, "Copy the Claude Code line").disabled).toBe(true);
		expect(button(welcome, "Add to the Claude desktop app").disabled).toBe(true);
		expect(button(welcome, "Turn on semantic recall (downloads ≈ 23 MB once)").disabled).toBe(false);
		expect(clientsLine(welcome)).toBe("No client has connected yet; the memory server is not running yet.");
	});

	it("is shown once: data.json remembers it", async () => {
		const under = await openSettingsTab({}, { mcp: { enabled: false } });
		opened.push(under);
		const store = under.plugin.settingsStore;
		const { mcp, embeddings } = under.plugin;
		if (store === undefined || mcp === undefined || embeddings === undefined) throw new Error("no store");
		const actions = { mcp, semanticRecall: embeddings };
		expect(await welcomeOnce(under.plugin, store, actions)).toBe(false);
		await store.markInFile("welcomed", false);
		expect(await welcomeOnce(under.plugin, store, actions)).toBe(true);
		expect(await openedWelcome()).toBeInstanceOf(WelcomeModal);
		expect(await welcomeOnce(under.plugin, store, actions)).toBe(false);
	});
});
