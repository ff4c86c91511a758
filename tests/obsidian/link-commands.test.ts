// @vitest-environment happy-dom
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { addMemoryCommands } from "../../src/obsidian/commands";
import { EngineService } from "../../src/obsidian/engine-service";
import { MemoryActions } from "../../src/obsidian/memory-actions";
import { Menu, Modal, Notice, type SuggestModal } from "../fakes/obsidian";
import { engineOver, RecordingStatus } from "./engine-harness";
import { removeVaultDirs } from "./fake-app";
import { pluginUnderTest } from "./plugin-under-test";
import { until } from "./until";

const ID = "causal-memory";
const FILES = {
	"Outage.md": '---\ncaused_by: "[[Config change]]"\n---\nThe API was down for an hour.\n',
	"Deploy.md": "---\naliases:\n  - Release 2\n---\nFriday deploy of version 2.\n",
	"Config change.md": "Raised the pool size.\n",
	"Postmortem.md": '---\nsupports:\n  - "[[Outage]]"\n---\nWhat we learned.\n',
	"Folder/Notes.md": "Loose notes.\n",
	"Memory/Pool limit.md":
		"---\nmemory_source: mcp\nmemory_pinned: true\nmemory_category: decision\n---\nKeep the pool at 40.\n",
	"Memory/Pool evidence.md": '---\nsupports: "[[Pool limit]]"\nmemory_category: decision\n---\nLoad tests.\n',
};

const services: EngineService[] = [];

afterEach(async () => {
	await Promise.all(services.splice(0).map((service) => service.stop()));
	while (Modal.opened.length > 0) Modal.opened[0]?.close();
	await removeVaultDirs();
});

async function setup() {
	const { app, obsidianPlugin, dir } = pluginUnderTest(FILES);
	const built = engineOver(app);
	const memory = new EngineService(built.engine, new RecordingStatus(), () => undefined);
	services.push(memory);
	const actions = new MemoryActions(obsidianPlugin.app, memory, () => Promise.resolve());
	addMemoryCommands(obsidianPlugin, actions);
	await memory.start();
	const file = (path: string): string => readFileSync(join(dir, path), "utf8");
	const open = (path: string): void => app.workspace.openFile(app.vault.getFileByPath(path));
	return { app, dir, engine: built.engine, actions, file, open };
}

/** The modal on top, once its suggestions for `query` are drawn. */
async function typeInto(query: string): Promise<SuggestModal<unknown>> {
	const modal = Modal.opened.at(-1) as SuggestModal<unknown> | undefined;
	if (!modal?.inputEl) throw new Error("no suggester is open");
	modal.inputEl.value = query;
	modal.inputEl.dispatchEvent(new Event("input"));
	await modal.rendered;
	return modal;
}

function suggestions(modal: SuggestModal<unknown>): HTMLElement[] {
	return [...modal.resultContainerEl.querySelectorAll<HTMLElement>(".suggestion-item")];
}

function pick(modal: SuggestModal<unknown>, text: string): void {
	const found = suggestions(modal).find((el) => el.textContent?.includes(text));
	if (!found)
		throw new Error(
			`no suggestion "${text}" in ${suggestions(modal)
				.map((el) => el.textContent)
				.join(" | ")}`,
		);
	found.click();
}

describe("Add causal link…", () => {
	it("picks the note with the fuzzy suggester (aliases too), then the type, and keeps a single link as a list entry", async () => {
		const { app, engine, file, open } = await setup();
		open("Outage.md");
		expect(app.commands.executeCommandById(`${ID}:add-causal-link`)).toBe(true);
		const notes = await typeInto("");
		const offered = suggestions(notes).map((el) => el.querySelector(".cmv-suggestion-title")?.textContent);
		// Every memory but the note itself, and Deploy once more by its alias.
		expect(offered).toEqual([
			"Config change",
			"Deploy",
			"Release 2",
			"Notes",
			"Pool evidence",
			"Pool limit",
			"Postmortem",
		]);
		await typeInto("rel 2");
		expect(suggestions(notes).map((el) => el.textContent)).toEqual(["Release 2alias of Deploy.md"]);
		pick(notes, "Release 2");

		const types = await typeInto("");
		expect(types).not.toBe(notes);
		expect(suggestions(types).map((el) => el.textContent)).toEqual([
			"caused_by Outage caused by DeployThis note happened because of the other.",
			"supports Outage supports DeployThis note is evidence for the other.",
			"derived_from Outage derived from DeployThis note was abstracted from the other.",
			"related_to Outage related to DeployAssociation.",
			"contradicts Outage contradicts DeployThe two conflict.",
			"supersedes Outage supersedes DeployThis note replaces the other.",
		]);
		await typeInto("cause");
		pick(types, "caused_by");
		await until(() => engine.index.graph.outEdges("Outage.md").some((edge) => edge.target === "Deploy.md"));
		expect(file("Outage.md")).toBe(
			'---\ncaused_by:\n  - "[[Config change]]"\n  - "[[Deploy]]"\n---\nThe API was down for an hour.\n',
		);
		expect(Notice.messages.at(-1)).toBe("Linked: Outage caused by Deploy.");
		expect(Modal.opened).toEqual([]);
	});

	it("appends to a list the note has, writes the link as the app names it, and refuses a link that exists", async () => {
		const { engine, file, actions } = await setup();
		expect(await actions.linkNotes("Postmortem.md", "Folder/Notes.md", "supports")).toBe(true);
		expect(file("Postmortem.md")).toBe('---\nsupports:\n  - "[[Outage]]"\n  - "[[Notes]]"\n---\nWhat we learned.\n');
		// The index follows once the app's metadata cache has parsed the write.
		await until(() => engine.index.graph.outEdges("Postmortem.md").length === 2);
		expect(engine.index.graph.outEdges("Postmortem.md").map((edge) => edge.target)).toEqual([
			"Outage.md",
			"Folder/Notes.md",
		]);
		expect(await actions.linkNotes("Postmortem.md", "Outage.md", "supports")).toBe(true);
		expect(Notice.messages.at(-1)).toBe("Already linked: Postmortem supports Outage; nothing changed.");
		expect(file("Postmortem.md")).toBe('---\nsupports:\n  - "[[Outage]]"\n  - "[[Notes]]"\n---\nWhat we learned.\n');
	});

	it("refuses a self-link with the message memory_link gives", async () => {
		const { actions, file } = await setup();
		expect(await actions.linkNotes("Outage.md", "Outage.md", "caused_by")).toBe(false);
		expect(Notice.messages.at(-1)).toBe(
			'Causal Memory: could not add the link: source and target are the same memory ("Outage.md"); a memory cannot link to itself.',
		);
		expect(file("Outage.md")).toBe(FILES["Outage.md"]);
	});

	it("is offered in the file menu and the editor menu of a memory", async () => {
		const { app, open } = await setup();
		const fileMenu = new Menu();
		app.workspace.trigger("file-menu", fileMenu, app.vault.getFileByPath("Outage.md"), "file-explorer");
		expect(fileMenu.items.map((item) => item.title)).toEqual([
			"Add causal link…",
			"Remove causal link…",
			"Delete memory…",
		]);
		const editorMenu = new Menu();
		app.workspace.trigger("editor-menu", editorMenu, {}, { file: app.vault.getFileByPath("Outage.md") });
		expect(editorMenu.items.map((item) => item.title)).toEqual(["Add causal link…"]);
		editorMenu.item("Add causal link…").click();
		expect((Modal.opened.at(-1) as SuggestModal<unknown>).inputEl.getAttribute("placeholder")).toBe("Link Outage to…");
		open("Outage.md");
	});
});

describe("Remove causal link…", () => {
	it("lists the links the note's properties state and removes the one picked, keeping the rest", async () => {
		const { app, engine, file, open, actions } = await setup();
		await actions.linkNotes("Outage.md", "Deploy.md", "caused_by");
		await until(() => engine.index.graph.outEdges("Outage.md").length === 2);
		open("Outage.md");
		expect(app.commands.executeCommandById(`${ID}:remove-causal-link`)).toBe(true);
		const links = await typeInto("");
		expect(suggestions(links).map((el) => el.textContent)).toEqual([
			"caused_by Config changeConfig change.md",
			"caused_by DeployDeploy.md",
		]);
		pick(links, "Config change");
		await until(() => engine.index.graph.outEdges("Outage.md").length === 1);
		expect(file("Outage.md")).toBe('---\ncaused_by:\n  - "[[Deploy]]"\n---\nThe API was down for an hour.\n');
		expect(Notice.messages.at(-1)).toBe("Removed: Outage caused by Config change.");
	});

	it("says so when the note states no typed link", async () => {
		const { app, open } = await setup();
		open("Config change.md");
		app.commands.executeCommandById(`${ID}:remove-causal-link`);
		expect(Modal.opened).toEqual([]);
		expect(Notice.messages.at(-1)).toBe("Config change states no typed links in its properties.");
	});
});

describe("Delete memory…", () => {
	it("shows what the removal orphans and that the memory is pinned, and trashes it only on confirmation", async () => {
		const { app, engine, dir, open } = await setup();
		open("Memory/Pool limit.md");
		app.commands.executeCommandById(`${ID}:delete-memory`);
		const modal = Modal.opened.at(-1);
		expect(modal?.titleEl.textContent).toBe("Delete Pool limit?");
		expect(modal?.contentEl.querySelector(".cmv-impact")?.textContent).toBe(
			"Removing this leaves 1 decision without a supporting link: Pool evidence.",
		);
		expect(modal?.contentEl.querySelector(".cmv-pinned-warning")?.textContent).toContain("pinned core memory");
		const buttons = [...(modal?.contentEl.querySelectorAll("button") ?? [])];
		expect(buttons.map((button) => button.textContent)).toEqual(["Move to trash", "Cancel"]);
		buttons[1]?.click();
		expect(Modal.opened).toEqual([]);
		expect(existsSync(join(dir, "Memory/Pool limit.md"))).toBe(true);

		app.commands.executeCommandById(`${ID}:delete-memory`);
		(Modal.opened.at(-1)?.contentEl.querySelector("button") as HTMLButtonElement).click();
		await until(() => !engine.index.graph.hasNote("Memory/Pool limit.md"));
		expect(existsSync(join(dir, "Memory/Pool limit.md"))).toBe(false);
		expect(existsSync(join(dir, ".trash/Pool limit.md"))).toBe(true);
		expect(Notice.messages.at(-1)).toBe(
			"Moved to the trash: Pool limit. Removing this leaves 1 decision without a supporting link: Pool evidence.",
		);
	});
});
