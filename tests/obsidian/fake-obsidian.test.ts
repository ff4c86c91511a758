import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CachedMetadata } from "obsidian";
import { afterEach, describe, expect, it } from "vitest";
import {
	App,
	Component,
	DEFAULT_CONFIG_DIR,
	Events,
	Notice,
	normalizePath,
	parseFrontMatterAliases,
	parseFrontMatterTags,
	Plugin,
	TAbstractFile,
	TFile,
} from "../fakes/obsidian";
import { sharedPath } from "../helpers/shared";
import { fakeApp, removeVaultDirs } from "./fake-app";

afterEach(removeVaultDirs);

// The fake must reject what the app rejects and behave as the app does where our code relies on it.

function pathOf(file: unknown): string {
	return file instanceof TAbstractFile ? file.path : `not a file: ${String(file)}`;
}

function fileIn(app: App, path: string): TFile {
	const file = app.vault.getAbstractFileByPath(path);
	if (!(file instanceof TFile)) throw new Error(`test setup: no file ${path}`);
	return file;
}

describe("fake Vault", () => {
	it("refuses to create over an existing path, in a missing folder, or onto an existing rename target", async () => {
		const { app } = fakeApp({ "A.md": "a", "F/B.md": "b" });
		await expect(app.vault.create("A.md", "x")).rejects.toThrow("File already exists.");
		await expect(app.vault.create("Nope/C.md", "x")).rejects.toThrow("ENOENT");
		await expect(app.vault.createFolder("F")).rejects.toThrow("Folder already exists.");
		await expect(app.vault.rename(fileIn(app, "A.md"), "F/B.md")).rejects.toThrow("Destination file already exists!");
		await expect(app.vault.rename(fileIn(app, "A.md"), "Missing/A.md")).rejects.toThrow("ENOENT");
		expect(
			app.vault
				.getMarkdownFiles()
				.map((f) => f.path)
				.sort(),
		).toEqual(["A.md", "F/B.md"]);
	});

	it("normalises paths like the app", () => {
		expect(normalizePath("\\Folder//Sub/note.md/")).toBe("Folder/Sub/note.md");
		expect(normalizePath("")).toBe("/");
		expect(normalizePath("a\u00A0b")).toBe("a b");
		expect(normalizePath("Cafe\u0301.md")).toBe("Café.md");
	});

	it("fires create for every file while loading, only when asked", () => {
		const { app } = fakeApp({ "A.md": "", "F/B.md": "" });
		const created: string[] = [];
		app.vault.on("create", (file) => created.push(pathOf(file)));
		app.vault.fireLoadEvents();
		expect(created.sort()).toEqual(["A.md", "F", "F/B.md"]);
	});
});

describe("fake MetadataCache", () => {
	it("re-parses after a change asynchronously, then resolves links", async () => {
		const { app } = fakeApp({ "A.md": "", "B.md": "" });
		const seen: string[] = [];
		app.metadataCache.on("changed", (file, data) => seen.push(`changed ${pathOf(file)} ${String(data)}`));
		app.metadataCache.on("resolved", () => seen.push("resolved"));
		await app.vault.modify(fileIn(app, "A.md"), "[[B]]");
		expect(seen).toEqual([]);
		expect(app.metadataCache.resolvedLinks["A.md"]).toEqual({});
		await app.metadataCache.whenIdle();
		expect(seen).toEqual(["changed A.md [[B]]", "resolved"]);
		expect(app.metadataCache.resolvedLinks["A.md"]).toEqual({ "B.md": 1 });
		expect(app.metadataCache.getFirstLinkpathDest("b", "A.md")?.path).toBe("B.md");
	});

	it("moves the cache on rename without a changed event, and reports deletions with the previous cache", async () => {
		const { app } = fakeApp({ "A.md": "[[B]]", "B.md": "" });
		const seen: string[] = [];
		app.metadataCache.on("changed", (file) => seen.push(`changed ${pathOf(file)}`));
		app.metadataCache.on("deleted", (file, previous) =>
			seen.push(`deleted ${pathOf(file)} ${JSON.stringify((previous as CachedMetadata).links?.map((l) => l.link))}`),
		);
		await app.fileManager.renameFile(fileIn(app, "B.md"), "C.md");
		await app.metadataCache.whenIdle();
		expect(app.metadataCache.getCache("C.md")).not.toBeNull();
		expect(app.metadataCache.unresolvedLinks["A.md"]).toEqual({ B: 1 });
		await app.fileManager.trashFile(fileIn(app, "A.md"));
		expect(seen).toEqual(['deleted A.md ["B"]']);
	});

	const fixtures = sharedPath("fixtures", "obsidian-cached-metadata");
	it.skipIf(!fixtures.found)("reads frontmatter tags as Obsidian did in the captured fixtures", () => {
		let checked = 0;
		for (const name of readdirSync(fixtures.path).filter((n) => n.endsWith(".json"))) {
			const fixture = JSON.parse(readFileSync(join(fixtures.path, name), "utf8")) as {
				cachedMetadata: CachedMetadata;
				parseFrontMatterTags: string[] | null;
			};
			expect(parseFrontMatterTags(fixture.cachedMetadata.frontmatter), name).toEqual(fixture.parseFrontMatterTags);
			checked++;
		}
		expect(checked).toBeGreaterThan(80);
	});

	it("reads aliases from a list or a comma-separated string", () => {
		expect(parseFrontMatterAliases({ aliases: ["One", 2, " "] })).toEqual(["One", "2"]);
		expect(parseFrontMatterAliases({ aliases: "One, Two" })).toEqual(["One", "Two"]);
		expect(parseFrontMatterAliases({ alias: "Old key" })).toEqual(["Old key"]);
		expect(parseFrontMatterAliases({ other: 1 })).toBeNull();
	});
});

describe("fake FileManager.processFrontMatter", () => {
	const NOTE = '---\ntitle: "Quoted" # comment\nlist: [a, b]\n---\nBody\n';

	it("re-serialises the whole block, fires modify then changed, and keeps a given mtime", async () => {
		const { app, dir } = fakeApp({ "N.md": NOTE });
		const seen: string[] = [];
		app.vault.on("modify", () => seen.push("modify"));
		app.metadataCache.on("changed", () => seen.push("changed"));
		await app.fileManager.processFrontMatter(fileIn(app, "N.md"), (fm: Record<string, unknown>) => (fm.added = 1), {
			mtime: 1_600_000_000_000,
		});
		expect(readFileSync(join(dir, "N.md"), "utf8")).toBe(
			"---\ntitle: Quoted\nlist:\n  - a\n  - b\nadded: 1\n---\nBody\n",
		);
		expect(Math.round(statSync(join(dir, "N.md")).mtimeMs)).toBe(1_600_000_000_000);
		await app.metadataCache.whenIdle();
		expect(seen).toEqual(["modify", "changed"]);
	});

	it("leaves the file untouched when the YAML is invalid or the callback throws", async () => {
		const broken = "---\na: [\n---\nBody\n";
		const { app, dir } = fakeApp({ "Bad.md": broken, "N.md": NOTE });
		let modified = 0;
		app.vault.on("modify", () => modified++);
		await expect(app.fileManager.processFrontMatter(fileIn(app, "Bad.md"), () => undefined)).rejects.toThrow();
		await expect(
			app.fileManager.processFrontMatter(fileIn(app, "N.md"), () => {
				throw new Error("no thanks");
			}),
		).rejects.toThrow("no thanks");
		expect(readFileSync(join(dir, "Bad.md"), "utf8")).toBe(broken);
		expect(readFileSync(join(dir, "N.md"), "utf8")).toBe(NOTE);
		expect(modified).toBe(0);
	});
});

describe("fake Events, Component and Plugin", () => {
	it("unregisters events, intervals and callbacks on unload, children first", () => {
		const events = new Events();
		const order: string[] = [];
		const parent = new Component();
		const child = new Component();
		child.onunload = () => order.push("child");
		parent.onunload = () => order.push("parent");
		parent.addChild(child);
		parent.load();
		parent.registerEvent(events.on("x", () => order.push("x")));
		parent.register(() => order.push("callback"));
		events.trigger("x");
		expect(events.listenerCount()).toBe(1);
		parent.unload();
		events.trigger("x");
		expect(order).toEqual(["x", "child", "callback", "parent"]);
		expect(events.listenerCount()).toBe(0);
	});

	it("keeps listener errors visible instead of breaking the emitter", () => {
		const events = new Events();
		const before = Events.listenerErrors.length;
		events.on("x", () => {
			throw new Error("listener bug");
		});
		let reached = false;
		events.on("x", () => (reached = true));
		events.trigger("x");
		expect(reached).toBe(true);
		expect(Events.listenerErrors.slice(before)).toEqual([new Error("listener bug")]);
		Events.listenerErrors.splice(before);
	});

	it("stores plugin data in the config folder and prefixes command ids like the app", async () => {
		class TestPlugin extends Plugin {}
		const { app, dir } = fakeApp({});
		const plugin = new TestPlugin(app, {
			id: "causal-memory",
			name: "Causal Memory",
			author: "",
			version: "0",
			minAppVersion: "0",
			description: "",
		});
		plugin.load();
		expect(await plugin.loadData()).toBeNull();
		await plugin.saveData({ index: { excludedFolders: ["T"] } });
		expect(JSON.parse(readFileSync(join(dir, DEFAULT_CONFIG_DIR, "plugins/causal-memory/data.json"), "utf8"))).toEqual({
			index: { excludedFolders: ["T"] },
		});
		writeFileSync(join(dir, DEFAULT_CONFIG_DIR, "plugins/causal-memory/data.json"), "{ not json");
		await expect(plugin.loadData()).rejects.toThrow(SyntaxError);
		plugin.addCommand({ id: "do-it", name: "Do it", callback: () => new Notice("Done") });
		expect(Object.keys(app.commands.commands)).toEqual(["causal-memory:do-it"]);
		await app.commands.run("causal-memory:do-it");
		expect(Notice.messages.at(-1)).toBe("Done");
		plugin.unload();
		expect(app.commands.commands).toEqual({});
	});
});
