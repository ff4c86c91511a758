import { existsSync, readFileSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { VaultEvent } from "../../src/core/model/vault";
import { parseNote } from "../../src/core/parse/parse-note";
import { ObsidianVault } from "../../src/obsidian/obsidian-vault";
import { DEFAULT_CONFIG_DIR, TFile, type App } from "../fakes/obsidian";
import { fakeApp, removeVaultDirs } from "./fake-app";

afterEach(removeVaultDirs);

const PAST = 1_600_000_000_000;

function setup(files: Record<string, string>, options?: Parameters<typeof fakeApp>[1]) {
	const { app, obsidianApp, dir } = fakeApp(files, options);
	return { app, dir, vault: new ObsidianVault(obsidianApp) };
}

function record(vault: ObsidianVault): { events: VaultEvent[]; stop: () => void } {
	const events: VaultEvent[] = [];
	return { events, stop: vault.watch((event) => events.push(event)) };
}

function fileIn(app: App, path: string): TFile {
	const file = app.vault.getAbstractFileByPath(path);
	if (!(file instanceof TFile)) throw new Error(`test setup: no file ${path}`);
	return file;
}

describe("ObsidianVault reading", () => {
	it("lists the vault's markdown notes with their stats, without hidden folders or attachments", async () => {
		const { vault, dir } = setup({
			"A.md": "a",
			"Sub/B.md": "bb",
			"img.png": "x",
			[`${DEFAULT_CONFIG_DIR}/x.md`]: "",
			".trash/old.md": "",
		});
		utimesSync(join(dir, "A.md"), new Date(PAST), new Date(PAST));
		const files = (await vault.list()).sort((a, b) => a.path.localeCompare(b.path));
		expect(files.map((f) => [f.path, f.size])).toEqual([
			["A.md", 1],
			["Sub/B.md", 2],
		]);
		expect(await vault.stat("Sub/B.md")).toMatchObject({
			path: "Sub/B.md",
			size: 2,
			mtime: Math.round(statSync(join(dir, "Sub/B.md")).mtimeMs),
		});
		expect(await vault.stat("Missing.md")).toBeNull();
		expect(await vault.read("Sub/B.md")).toBe("bb");
		await expect(vault.read("Missing.md")).rejects.toThrow(
			'Cannot read "Missing.md": there is no such file in the vault.',
		);
	});

	it("loads content and metadata from the app's cache, and falls back to our parser before the cache is filled", async () => {
		const content =
			"---\naliases: [Plan B]\ncaused_by: ['[[Cause]]']\n---\n# Goal\nsupports:: [[Evidence]]\nSee [[Cause#Why|why]] #plan\n";
		const { app, vault } = setup({ "Plan.md": content, "Cause.md": "", "Evidence.md": "" }, { metadata: "cold" });
		expect(app.metadataCache.getFileCache(fileIn(app, "Plan.md"))).toBeNull();
		const early = await vault.load("Plan.md");
		expect(early?.parsed).toEqual(parseNote(content));

		await app.metadataCache.whenIdle();
		expect(app.metadataCache.getFileCache(fileIn(app, "Plan.md"))).not.toBeNull();
		const loaded = await vault.load("Plan.md");
		expect(loaded?.content).toBe(content);
		expect(loaded?.parsed.aliases).toEqual(["Plan B"]);
		expect(loaded?.parsed.frontmatterLinks.map((l) => [l.key, l.link])).toEqual([["caused_by.0", "Cause"]]);
		expect(loaded?.parsed.inlineFieldLinks.map((l) => [l.key, l.link])).toEqual([["supports", "Evidence"]]);
		expect(await vault.load("Missing.md")).toBeNull();
	});
});

describe("ObsidianVault.watch", () => {
	it("is live at once: Obsidian reports every change made after subscribing", () => {
		const { vault } = setup({ "A.md": "a" });
		let live = 0;
		const stop = vault.watch(
			() => undefined,
			() => live++,
		);
		stop();
		expect(live).toBe(1);
	});

	it("reports a new note when it is created and again once the app has parsed it", async () => {
		const { app, vault } = setup({});
		const { events } = record(vault);
		await app.vault.create("New.md", "[[X]]");
		expect(events).toEqual([{ type: "create", path: "New.md" }]);
		await app.metadataCache.whenIdle();
		expect(events).toEqual([
			{ type: "create", path: "New.md" },
			{ type: "modify", path: "New.md" },
		]);
	});

	it("reports an edit only after the metadata cache re-parsed the note", async () => {
		const { app, vault } = setup({ "A.md": "old" });
		const { events } = record(vault);
		await app.vault.modify(fileIn(app, "A.md"), "new [[B]]");
		expect(events).toEqual([]);
		await app.metadataCache.whenIdle();
		expect(events).toEqual([{ type: "modify", path: "A.md" }]);
		expect((await vault.load("A.md"))?.parsed.links.map((l) => l.link)).toEqual(["B"]);
	});

	it("reports renames with the old path, for notes moved one by one or with their folder", async () => {
		const { app, vault } = setup({ "A.md": "", "P/B.md": "", "P/img.png": "", "C.md": "" });
		const { events } = record(vault);
		await app.vault.createFolder("Q");
		await app.fileManager.renameFile(fileIn(app, "A.md"), "Q/A2.md");
		await app.fileManager.renameFile(app.vault.getAbstractFileByPath("P")!, "R");
		await app.fileManager.renameFile(fileIn(app, "C.md"), "C.txt");
		await app.metadataCache.whenIdle();
		expect(events).toEqual([
			{ type: "rename", path: "Q/A2.md", oldPath: "A.md" },
			{ type: "rename", path: "R/B.md", oldPath: "P/B.md" },
			{ type: "rename", path: "C.txt", oldPath: "C.md" },
		]);
	});

	it("reports deletions of notes only, and stops when unsubscribed", async () => {
		const { app, vault } = setup({ "A.md": "", "B.md": "", "img.png": "" });
		const { events, stop } = record(vault);
		await app.fileManager.trashFile(fileIn(app, "img.png"));
		await app.fileManager.trashFile(fileIn(app, "A.md"));
		expect(events).toEqual([{ type: "delete", path: "A.md" }]);
		expect(app.liveEventRefCount()).toBe(4);
		stop();
		stop();
		expect(app.liveEventRefCount()).toBe(0);
		await app.fileManager.trashFile(fileIn(app, "B.md"));
		await app.vault.create("C.md", "");
		await app.metadataCache.whenIdle();
		expect(events).toEqual([{ type: "delete", path: "A.md" }]);
	});
});

describe("ObsidianVault.writeFrontmatter", () => {
	const NOTE = "---\n# written by hand\ntitle: 'Quoted'\nlist: [a, b]\n---\nBody [[X]]\n";

	it("sets and removes keys through vault.process, keeping every other byte as written", async () => {
		const { vault, dir } = setup({ "N.md": NOTE });
		await vault.writeFrontmatter("N.md", { memory_status: "dormant", memory_pinned: true });
		let text = readFileSync(join(dir, "N.md"), "utf8");
		expect(text).toBe(
			"---\n# written by hand\ntitle: 'Quoted'\nlist: [a, b]\nmemory_status: dormant\nmemory_pinned: true\n---\nBody [[X]]\n",
		);

		await vault.writeFrontmatter("N.md", { memory_status: undefined });
		text = readFileSync(join(dir, "N.md"), "utf8");
		expect(text).toBe("---\n# written by hand\ntitle: 'Quoted'\nlist: [a, b]\nmemory_pinned: true\n---\nBody [[X]]\n");
	});

	it("adds a frontmatter block to a note without one", async () => {
		const { vault, dir } = setup({ "N.md": "Just text\n" });
		await vault.writeFrontmatter("N.md", { memory_category: "fact" });
		expect(readFileSync(join(dir, "N.md"), "utf8")).toBe("---\nmemory_category: fact\n---\nJust text\n");
	});

	it("does not touch the file when the patch is already applied", async () => {
		const { app, vault, dir } = setup({ "N.md": NOTE });
		const { events } = record(vault);
		await vault.writeFrontmatter("N.md", { title: "Quoted", list: ["a", "b"], absent: undefined });
		await app.metadataCache.whenIdle();
		expect(readFileSync(join(dir, "N.md"), "utf8")).toBe(NOTE);
		expect(events).toEqual([]);
	});

	it("gives a written note a new modification time, so sync tools see the change", async () => {
		const { app, vault, dir } = setup({ "Touch.md": NOTE });
		utimesSync(join(dir, "Touch.md"), new Date(PAST), new Date(PAST));
		// The fake read the stats when the app started; re-read them as the app would after an outside change.
		fileIn(app, "Touch.md").stat.mtime = PAST;
		await vault.writeFrontmatter("Touch.md", { memory_status: "fading" });
		expect(statSync(join(dir, "Touch.md")).mtimeMs).toBeGreaterThan(PAST);
		expect((await vault.stat("Touch.md"))?.mtime).toBeGreaterThan(PAST);
	});

	it("fails without changing the file when the YAML is invalid or the note is missing", async () => {
		const broken = "---\nkey: [unclosed\n---\nBody\n";
		const { vault, dir } = setup({ "Bad.md": broken });
		await expect(vault.writeFrontmatter("Bad.md", { memory_status: "dormant" })).rejects.toThrow(
			/Could not update the properties of "Bad\.md": Frontmatter YAML is invalid .+ The note was not changed\./,
		);
		expect(readFileSync(join(dir, "Bad.md"), "utf8")).toBe(broken);
		await expect(vault.writeFrontmatter("Nope.md", { a: 1 })).rejects.toThrow(
			'Cannot update the properties of "Nope.md": there is no such file',
		);
	});
});

describe("ObsidianVault.createNote", () => {
	it("creates the note and its missing folders", async () => {
		const { app, vault, dir } = setup({ "Memory/Old.md": "" });
		const { events } = record(vault);
		const file = await vault.createNote("Memory/2024/05/New.md", "hello");
		expect(file).toMatchObject({ path: "Memory/2024/05/New.md", size: 5 });
		expect(readFileSync(join(dir, "Memory/2024/05/New.md"), "utf8")).toBe("hello");
		expect(app.vault.getFolderByPath("Memory/2024")).not.toBeNull();
		expect(events).toEqual([{ type: "create", path: "Memory/2024/05/New.md" }]);
	});

	it("hands the created file to whileSyncing and resolves once it is done", async () => {
		const { vault, dir } = setup({});
		const seen: string[] = [];
		const file = await vault.createNote("New.md", "hello", async (created) => {
			await Promise.resolve();
			seen.push(`${created.path} ${created.size} ${readFileSync(join(dir, "New.md"), "utf8")}`);
		});
		expect(seen).toEqual(["New.md 5 hello"]);
		expect(file).toMatchObject({ path: "New.md", size: 5 });
		await expect(vault.createNote("Other.md", "x", () => Promise.reject(new Error("could not index")))).rejects.toThrow(
			"could not index",
		);
		expect(readFileSync(join(dir, "Other.md"), "utf8")).toBe("x");
	});

	it("refuses a path that exists and leaves that file alone", async () => {
		const { vault, dir } = setup({ "Memory/Old.md": "keep me" });
		await expect(vault.createNote("Memory/Old.md", "x")).rejects.toThrow(
			'Cannot create "Memory/Old.md": something already exists at that path.',
		);
		await expect(vault.createNote("Memory", "x")).rejects.toThrow('does not end in ".md"');
		expect(readFileSync(join(dir, "Memory/Old.md"), "utf8")).toBe("keep me");
	});

	it.each([
		["", "path is empty"],
		["  ", "path is empty"],
		["/etc/x.md", "is absolute"],
		["C:/x.md", "is absolute"],
		["../outside.md", 'contains "." or ".." segments'],
		["Memory/./x.md", 'contains "." or ".." segments'],
		[`${DEFAULT_CONFIG_DIR}/plugins/x.md`, "inside a hidden folder"],
		[".trash/x.md", "inside a hidden folder"],
		["Memory/x.txt", 'does not end in ".md"'],
	])("rejects the note path %j (%s)", async (path, message) => {
		const { vault, dir } = setup({});
		await expect(vault.createNote(path, "x")).rejects.toThrow(message);
		expect(existsSync(join(dir, "outside.md"))).toBe(false);
	});
});

describe("ObsidianVault.removeNote", () => {
	it("moves a note to the trash the user chose in Obsidian", async () => {
		const { app, vault, dir } = setup({ "A.md": "a", "B.md": "b" });
		expect(await vault.removeNote("A.md", { kind: "trash" })).toBeNull();
		expect(existsSync(join(dir, "A.md"))).toBe(false);
		expect(readFileSync(join(dir, ".trash/A.md"), "utf8")).toBe("a");
		expect(app.vault.getAbstractFileByPath("A.md")).toBeNull();

		app.vault.trashOption = "system";
		await vault.removeNote("B.md", { kind: "trash" });
		expect(app.vault.systemTrash).toEqual(["B.md"]);
		expect(existsSync(join(dir, ".trash/B.md"))).toBe(false);
	});

	it("moves a note into the archive folder, keeping its folders and never overwriting", async () => {
		const { app, vault, dir } = setup({ "Projects/Plan.md": "first" });
		expect(await vault.removeNote("Projects/Plan.md", { kind: "archive", folder: "Archive" })).toBe(
			"Archive/Projects/Plan.md",
		);
		await app.vault.create("Projects/Plan.md", "second");
		expect(await vault.removeNote("Projects/Plan.md", { kind: "archive", folder: "Archive/" })).toBe(
			"Archive/Projects/Plan 1.md",
		);
		expect(readFileSync(join(dir, "Archive/Projects/Plan.md"), "utf8")).toBe("first");
		expect(readFileSync(join(dir, "Archive/Projects/Plan 1.md"), "utf8")).toBe("second");
		await expect(vault.removeNote("Archive/Projects/Plan.md", { kind: "archive", folder: "Archive" })).rejects.toThrow(
			'"Archive/Projects/Plan.md" is already in the archive folder "Archive".',
		);
	});

	it("refuses archive folders outside the vault's notes and files that are not notes", async () => {
		const { vault, dir } = setup({ "A.md": "", "img.png": "" });
		await expect(vault.removeNote("A.md", { kind: "archive", folder: ".archive" })).rejects.toThrow(
			"inside a hidden folder",
		);
		await expect(vault.removeNote("A.md", { kind: "archive", folder: "../x" })).rejects.toThrow('".." segments');
		await expect(vault.removeNote("img.png", { kind: "trash" })).rejects.toThrow(
			'Cannot remove "img.png": it is not a markdown note.',
		);
		expect(existsSync(join(dir, "A.md"))).toBe(true);
	});
});
