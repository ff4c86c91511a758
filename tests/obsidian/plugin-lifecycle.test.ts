import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { IDBFactory } from "fake-indexeddb";
import type { App as ObsidianApp } from "obsidian";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NOTE_DIGEST_CACHE } from "../../src/engine/index/note-digest-cache";
import { KEYWORD_CACHE } from "../../src/engine/recall/keyword-cache";
import CausalMemoryPlugin from "../../src/main";
import { cacheDatabaseName, IndexedDbCacheStore } from "../../src/obsidian/indexeddb-cache-store";
import { globalObject } from "../fakes/global-object";
import { App, DEFAULT_CONFIG_DIR, Events } from "../fakes/obsidian";
import type { PluginManifest } from "../fakes/obsidian/metadata-types";
import { makeVaultDir, removeVaultDirs } from "./fake-app";
import { freePort } from "./ports";
import { until } from "./until";

const manifest = JSON.parse(
	readFileSync(join(dirname(fileURLToPath(import.meta.url)), "../../manifest.json"), "utf8"),
) as PluginManifest;
const DATA_JSON = `${DEFAULT_CONFIG_DIR}/plugins/${manifest.id}/data.json`;
const NOTES = {
	"Walks.md": "The dog barked at the mailman. See [[Garage]].",
	"Garage.md": "Our new car needs tires before the road trip.",
	"Breakfast.md": "I drink coffee every day at breakfast.",
};

/** The plugin from src/main.ts with the fake Component's test handles. */
type Loaded = CausalMemoryPlugin & { load(): void; unload(): void; whenLoaded(): Promise<void> };

const running: Loaded[] = [];
let savedIndexedDb: unknown;

beforeEach(() => {
	savedIndexedDb = globalObject.indexedDB;
	globalObject.indexedDB = new IDBFactory();
});

afterEach(async () => {
	for (const plugin of running.splice(0)) {
		plugin.unload();
		await plugin.stopped;
	}
	globalObject.indexedDB = savedIndexedDb;
	expect(Events.listenerErrors).toEqual([]);
	await removeVaultDirs();
});

async function launch(app: App): Promise<Loaded> {
	const plugin = new CausalMemoryPlugin(app as never, manifest) as Loaded;
	running.push(plugin);
	plugin.load();
	await plugin.whenLoaded();
	app.workspace.triggerLayoutReady();
	await plugin.memory?.whenReady();
	return plugin;
}

function unload(plugin: Loaded): Promise<void> | undefined {
	running.splice(running.indexOf(plugin), 1);
	plugin.unload();
	return plugin.stopped;
}

function vaultWith(data: Record<string, unknown>): string {
	return makeVaultDir({ ...NOTES, [DATA_JSON]: JSON.stringify({ welcomed: true, ...data }) });
}

function cachesOf(app: App): IndexedDbCacheStore {
	return new IndexedDbCacheStore(
		globalObject.indexedDB as IDBFactory,
		cacheDatabaseName(app as unknown as ObsidianApp),
	);
}

describe("the plugin's life: quit, relaunch, reload", () => {
	it("saves the keyword cache and note digests in IndexedDB when the app quits, and the next launch reads no note", async () => {
		const dir = vaultWith({ mcp: { enabled: false } });
		const app = new App(dir);
		const plugin = await launch(app);
		expect(await cachesOf(app).read(KEYWORD_CACHE)).toBeNull();

		await app.workspace.quit();
		const saved = await cachesOf(app).read(KEYWORD_CACHE);
		expect(new TextDecoder().decode(saved ?? new Uint8Array())).toContain("Walks.md");
		expect(readFileSync(join(dir, DATA_JSON), "utf8")).not.toContain("mailman");
		// Obsidian does not unload plugins when it quits; the process ends. Stopping here writes nothing new.
		await unload(plugin);
		expect(await cachesOf(app).read(KEYWORD_CACHE)).toEqual(saved);

		expect(await cachesOf(app).read(NOTE_DIGEST_CACHE)).not.toBeNull();

		const relaunched = new App(dir);
		const reads: string[] = [];
		const cachedRead = relaunched.vault.cachedRead.bind(relaunched.vault);
		relaunched.vault.cachedRead = (file) => {
			reads.push(file.path);
			return cachedRead(file);
		};
		const next = await launch(relaunched);
		expect(next.memory?.engine.recallService.keywordVersion).toBe(0);
		expect(reads).toEqual([]);
		expect(next.memory?.engine.search("mailman").map((hit) => hit.path)).toEqual(["Walks.md"]);
		expect(next.memory?.engine.index.graph.outEdges("Walks.md").map((edge) => edge.target)).toEqual(["Garage.md"]);
	});

	it("a reload keeps one engine: the new instance starts once the old one stopped, on the port it freed", async () => {
		const port = await freePort();
		const app = new App(vaultWith({ mcp: { port } }));
		const old = await launch(app);
		await until(() => old.mcp?.state.kind === "running");

		const order: string[] = [];
		void unload(old)?.then(() => order.push("old stopped"));
		const fresh = new CausalMemoryPlugin(app as never, manifest) as Loaded;
		running.push(fresh);
		fresh.load();
		await fresh.whenLoaded();
		await fresh.memory?.whenReady();
		order.push("new started");
		expect(order).toEqual(["old stopped", "new started"]);
		expect(fresh.memory?.isStarted).toBe(true);
		expect(fresh.memory?.engine.recallService.keywordVersion).toBe(0);
		await until(() => fresh.mcp?.state.kind !== "starting" && fresh.mcp?.state.kind !== "off");
		expect(fresh.mcp?.state).toEqual({ kind: "running", port, url: `http://127.0.0.1:${port}/mcp` });
	});
});
