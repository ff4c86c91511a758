import { setTimeout } from "node:timers";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { builtinModules } from "node:module";
import { hostname } from "node:os";
import { IDBFactory } from "fake-indexeddb";
import type { App as ObsidianApp } from "obsidian";
import { lockFileName } from "../../src/core/activity/writer-lock";
import { KEYWORD_CACHE } from "../../src/engine/recall/keyword-cache";
import { cacheDatabaseName, IndexedDbCacheStore } from "../../src/obsidian/indexeddb-cache-store";
import { globalObject } from "../fakes/global-object";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG_DIR, Events, Notice, type App } from "../fakes/obsidian";
import { removeVaultDirs } from "../obsidian/fake-app";
import { freePort, isPortFree } from "../obsidian/ports";
import { until } from "../obsidian/until";
import { DATA_JSON, mcpSettled, required, startApp, type LoadedPlugin } from "./load-bundle";

const VAULT = {
	"Start.md": "---\ncaused_by: ['[[Cause]]']\n---\nSee [[Evidence]].\n",
	"Cause.md": "",
	"Evidence.md": "",
	"Templates/Daily.md": "[[Start]]",
	"img.png": "",
};

async function layoutReadyAndIndexed(app: App, plugin: LoadedPlugin): Promise<void> {
	app.workspace.triggerLayoutReady();
	await plugin.memory?.whenReady();
}

afterEach(async () => {
	expect(Events.listenerErrors).toEqual([]);
	await removeVaultDirs();
});

describe("main.js loaded as Obsidian loads it", () => {
	it("indexes after layout ready, follows new notes, summarises, serves MCP, and leaves nothing behind on unload", async () => {
		const port = await freePort();
		const indexedDB = new IDBFactory();
		globalObject.indexedDB = indexedDB;
		const { app, plugin } = startApp(
			VAULT,
			JSON.stringify({ index: { excludedFolders: ["Templates"] }, mcp: { port } }),
		);
		plugin.load();
		await plugin.whenLoaded();
		const [status] = plugin.statusBarItems;
		expect(status?.getText()).toBe("Memory: waiting for the vault");
		// The app fires create for every file while it loads: the plugin must not be listening to the
		// vault or the metadata cache yet (only to the file and editor menus, which fire on a click).
		expect(app.vault.listenerCount() + app.metadataCache.listenerCount()).toBe(0);
		expect(app.workspace.listenerCount()).toBe(2);
		app.vault.fireLoadEvents();

		await layoutReadyAndIndexed(app, plugin);
		expect(status?.getText()).toBe("Memory: 3 notes · 2 links");
		expect(Object.keys(app.commands.commands).sort()).toEqual([
			"causal-memory:add-causal-link",
			"causal-memory:add-to-claude-desktop",
			"causal-memory:allow-vault-status-writes",
			"causal-memory:copy-mcp-connection",
			"causal-memory:delete-memory",
			"causal-memory:explain-note",
			"causal-memory:open-chain-canvas",
			"causal-memory:open-memory-view",
			"causal-memory:pin-note",
			"causal-memory:prepare-embedding-model",
			"causal-memory:rebuild-index",
			"causal-memory:recall-selection",
			"causal-memory:remove-causal-link",
			"causal-memory:review-core-proposals",
			"causal-memory:run-maintenance",
			"causal-memory:show-index-summary",
			"causal-memory:undo-last-consolidation",
			"causal-memory:undo-latest-status-change",
			"causal-memory:unpin-note",
		]);
		expect(Object.values(app.commands.commands).some((command) => command.hotkeys !== undefined)).toBe(false);
		await mcpSettled(plugin);
		expect(plugin.mcp?.state).toEqual({ kind: "running", port, url: `http://127.0.0.1:${port}/mcp` });

		await app.vault.create("New.md", "[[Start]] [[Nowhere]]");
		await app.metadataCache.whenIdle();
		await plugin.memory?.idle();
		expect(status?.getText()).toBe("Memory: 4 notes · 3 links");

		await app.commands.run("causal-memory:show-index-summary");
		expect(Notice.messages.at(-1)).toBe(
			[
				"Memory index: 4 notes, 3 links",
				"Links by type: caused by 1, related to 2",
				"Orphans: 0 · Dangling links: 1",
			].join("\n"),
		);
		await app.commands.run("causal-memory:rebuild-index");
		expect(Notice.messages.at(-1)).toMatch(/^Memory index rebuilt: 4 notes, 3 links in \d+ ms\.$/);

		const state = join(app.vault.adapter.getBasePath(), DEFAULT_CONFIG_DIR, "plugins", "causal-memory", "state");
		await until(
			() => readdirSync(state).some((name) => name.endsWith("lifecycle.json")),
			async () => {
				await app.commands.run("causal-memory:run-maintenance");
				await new Promise((resolve) => setTimeout(resolve, 20));
			},
		);
		expect(Notice.messages.filter((m) => m.startsWith("Memory maintenance:")).at(-1)).toMatch(
			/^Memory maintenance: \d+ status changes, \d+ notes updated, \d+ core proposals\.$/,
		);
		app.workspace.trigger("file-open", app.vault.getFileByPath("Cause.md"));
		await until(() =>
			readdirSync(state).some(
				(name) => name.startsWith("activity-") && readFileSync(join(state, name), "utf8").includes('"open"'),
			),
		);

		plugin.unload();
		expect(app.liveEventRefCount()).toBe(0);
		expect(plugin.registeredCleanupCount()).toBe(0);
		expect(status?.isConnected).toBe(false);
		expect(app.commands.commands).toEqual({});
		await plugin.stopped;
		expect(await isPortFree(port)).toBe(true);
		// The keyword cache is in IndexedDB, out of the synced state folder.
		expect(readdirSync(state).filter((name) => name.includes("keyword-index"))).toEqual([]);
		const caches = new IndexedDbCacheStore(indexedDB, cacheDatabaseName(app as unknown as ObsidianApp));
		expect(new TextDecoder().decode((await caches.read(KEYWORD_CACHE)) ?? new Uint8Array())).toContain("Start.md");
		delete globalObject.indexedDB;
		expect(readdirSync(state).filter((name) => name.endsWith(".lock"))).toEqual([]);
		await app.vault.create("After.md", "[[Start]]");
		await app.metadataCache.whenIdle();
		expect(status?.getText()).toBe("Memory: 4 notes · 3 links");
		expect(
			[...required].filter((id) => id !== "obsidian" && !builtinModules.includes(id.replace(/^node:/, ""))),
		).toEqual([]);
	});

	it.each([
		[
			"invalid settings",
			(port: number) => JSON.stringify({ index: { excludedFolders: "Templates" }, mcp: { port } }),
			'Causal Memory: Invalid index setting "excludedFolders"',
		],
		["a settings file that is not JSON", () => "{ index: ", "Causal Memory: the settings file could not be read"],
	])(
		"runs on the defaults and tells the user when given %s, without writing the file",
		async (_case, dataJsonFor, message) => {
			const dataJson = dataJsonFor(await freePort());
			const { app, plugin } = startApp(VAULT, dataJson);
			plugin.load();
			await plugin.whenLoaded();
			expect(Notice.messages.at(-1)).toContain(message);
			await layoutReadyAndIndexed(app, plugin);
			expect(plugin.statusBarItems[0]?.getText()).toBe("Memory: 4 notes · 3 links");
			// The server still runs, with a token for this session only: the file is left as the user wrote it.
			await mcpSettled(plugin);
			expect(plugin.mcp?.state.kind).toBe("running");
			plugin.unload();
			await plugin.stopped;
			expect(readFileSync(app.vault.fullPath(DATA_JSON), "utf8")).toBe(dataJson);
		},
	);

	it("does not start while another process holds the vault's writer lock, and says which", async () => {
		const now = Date.now();
		// pid 1 always runs; the lock is fresh, so the plugin must leave the vault's state alone.
		const lock = {
			token: "serve",
			program: "causal-memory serve",
			pid: 1,
			host: hostname(),
			startedAt: now,
			heartbeatAt: now,
		};
		const lockPath = `${DEFAULT_CONFIG_DIR}/plugins/causal-memory/state/${lockFileName(hostname())}`;
		const { app, plugin } = startApp({ ...VAULT, [lockPath]: JSON.stringify(lock) });
		const earlierNotices = Notice.messages.length;
		plugin.load();
		await plugin.whenLoaded();
		await layoutReadyAndIndexed(app, plugin);
		expect(Notice.messages.join("\n")).toContain(
			"Another Causal Memory process is already using this vault: causal-memory serve (pid 1 on",
		);
		// Nor does its MCP server listen, not even for a moment: the vault is the other process's.
		expect(Notice.messages.slice(earlierNotices).join("\n")).not.toContain("MCP server on port");
		expect(["off", "stopped"]).toContain(plugin.mcp?.state.kind);
		expect(JSON.parse(readFileSync(app.vault.fullPath(lockPath), "utf8"))).toEqual(lock);
		plugin.unload();
		await plugin.stopped;
		expect(JSON.parse(readFileSync(app.vault.fullPath(lockPath), "utf8"))).toEqual(lock);
	});

	it("does nothing when unloaded before the layout is ready", async () => {
		const { app, plugin } = startApp(VAULT);
		plugin.load();
		await plugin.whenLoaded();
		plugin.unload();
		await layoutReadyAndIndexed(app, plugin);
		await plugin.stopped;
		expect(app.liveEventRefCount()).toBe(0);
		expect(plugin.mcp?.state.kind).toBe("stopped");
		expect(existsSync(app.vault.fullPath(`${DEFAULT_CONFIG_DIR}/plugins/causal-memory`))).toBe(false);
	});
});
