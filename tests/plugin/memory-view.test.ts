// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { formatScore } from "../../src/core/lifecycle/format";
import type { MemoryEngine } from "../../src/engine/memory-engine";
import { explainOut } from "../../src/mcp/tools/explain-output";
import { Events, Modal, Notice, WindowTracker, type App, type WorkspaceLeaf } from "../fakes/obsidian";
import { removeVaultDirs } from "../obsidian/fake-app";
import { until } from "../obsidian/until";
import { DATA_JSON, startApp, type LoadedPlugin } from "./load-bundle";
import { setTimeout } from "node:timers";

// The memory view as main.js builds it, on the fake obsidian module's DOM (happy-dom).

const VAULT = {
	"Outage.md": '---\ncaused_by: "[[Deploy]]"\n---\nThe API was down for an hour.',
	"Deploy.md": '---\ncaused_by: "[[Config change]]"\n---\nFriday deploy of version 2.',
	"Config change.md": "Raised the pool size.",
	"Postmortem.md": '---\nsupports: "[[Outage]]"\n---\nWhat we learned.',
	"Memory/Ship on Fridays.md": "---\nmemory_category: decision\n---\nWe ship on Fridays.\n",
	"Memory/Use Postgres.md": "---\nmemory_category: decision\n---\nWe use Postgres.\n",
};
const SETTINGS = JSON.stringify({
	welcomed: true,
	mcp: { enabled: false },
	scoring: { core: { approvalCategories: ["decision"] } },
});
const ID = "causal-memory";

type ViewPlugin = LoadedPlugin & {
	memory: {
		engine: MemoryEngine;
		changeListenerCount: number;
		changed(): void;
		whenReady(): Promise<void>;
		idle(): Promise<void>;
	};
};
const running: { plugin: ViewPlugin }[] = [];

afterEach(async () => {
	for (const { plugin } of running.splice(0)) {
		plugin.unload();
		await plugin.stopped;
	}
	expect(Events.listenerErrors).toEqual([]);
	await removeVaultDirs();
});

async function started(): Promise<{ app: App; plugin: ViewPlugin; engine: MemoryEngine }> {
	const { app, plugin } = startApp(VAULT, SETTINGS) as { app: App; plugin: ViewPlugin };
	running.push({ plugin });
	plugin.load();
	await plugin.whenLoaded();
	app.workspace.triggerLayoutReady();
	await plugin.memory.whenReady();
	return { app, plugin, engine: plugin.memory.engine };
}

function viewRoot(app: App): HTMLElement {
	const root = app.workspace
		.getLeavesOfType("causal-memory-view")[0]
		?.view?.containerEl.querySelector<HTMLElement>(".cmv-root");
	if (!root) throw new Error("the memory view is not open");
	return root;
}

function text(el: Element | null | undefined): string {
	return el?.textContent ?? "";
}

function buttonIn(el: Element, label: string): HTMLButtonElement {
	const found = [...el.querySelectorAll("button")].find((button) => button.textContent === label);
	if (!found) throw new Error(`no button "${label}" in ${text(el).slice(0, 200)}`);
	return found;
}

function open(app: App, path: string): void {
	app.workspace.openFile(app.vault.getFileByPath(path));
}

const noteText = (app: App): string => text(viewRoot(app).querySelector(".cmv-note"));
const vaultText = (app: App): string => text(viewRoot(app).querySelector(".cmv-vault"));

describe("the memory view (main.js on the fake obsidian module)", () => {
	it("shows the active note's status, retention and forces as memory_explain gives them, with its causal chain", async () => {
		const { app, plugin, engine } = await started();
		await app.commands.run(`${ID}:open-memory-view`);
		expect(noteText(app)).toBe("Open a note to see its memory.");
		open(app, "Deploy.md");
		await until(() => noteText(app).startsWith("Deploy"));

		const explained = explainOut(engine.inspector.explain("Deploy.md"));
		const note = viewRoot(app).querySelector(".cmv-note");
		expect(text(note?.querySelector(".cmv-status"))).toBe(explained.status.status);
		expect(note?.querySelector(".cmv-why")?.getAttribute("title")).toBe(explained.status.why);
		expect(text(note?.querySelector(".cmv-why"))).toMatch(
			/^Active\. Turns dormant in about \d+ (days|months|years) unless you use it\.$/,
		);
		const retention = note?.querySelector(".cmv-retention");
		expect(text(retention)).toBe(`retention ${formatScore(explained.retention)}`);
		expect(Number(retention?.getAttribute("data-value"))).toBeCloseTo(explained.retention, 6);
		for (const force of ["relevance", "connectivity", "reactivation"] as const) {
			const value = note?.querySelector(`[data-force="${force}"] .cmv-force-value`);
			expect(text(value), force).toBe(formatScore(explained.forces[force].value));
			expect(Number(value?.getAttribute("data-value")), force).toBeCloseTo(explained.forces[force].value, 6);
		}
		const links = [...(note?.querySelectorAll(".cmv-relations li") ?? [])].map((li) => text(li));
		expect(links).toEqual(["caused by Config change", "led to Outage"]);

		// A click on a linked note opens that note, and the view follows.
		note?.querySelector<HTMLElement>('.cmv-relations [data-path="Outage.md"]')?.click();
		await until(() => noteText(app).startsWith("Outage"));
		expect(app.workspace.getActiveFile()?.path).toBe("Outage.md");
		// The view's and the review badge's (always on).
		expect(plugin.memory.changeListenerCount).toBe(2);
	});

	it("pins and unpins the active note from the view and by command", async () => {
		const { app, engine } = await started();
		await app.commands.run(`${ID}:open-memory-view`);
		open(app, "Postmortem.md");
		await until(() => noteText(app).startsWith("Postmortem"));
		expect(app.commands.executeCommandById(`${ID}:unpin-note`)).toBe(false);
		buttonIn(viewRoot(app).querySelector(".cmv-note") as HTMLElement, "Pin").click();
		await until(() => engine.index.graph.node("Postmortem.md")?.memory.pinned === true);
		expect(readFileSync(app.vault.fullPath("Postmortem.md"), "utf8")).toContain("memory_pinned: true");
		await until(() => text(viewRoot(app).querySelector(".cmv-note .cmv-status-line")).includes("pinned"));
		expect(app.commands.executeCommandById(`${ID}:pin-note`)).toBe(false);
		expect(app.commands.executeCommandById(`${ID}:unpin-note`)).toBe(true);
		await until(() => engine.index.graph.node("Postmortem.md")?.memory.pinned === false);
		expect(readFileSync(app.vault.fullPath("Postmortem.md"), "utf8")).toBe(
			'---\nsupports: "[[Outage]]"\n---\nWhat we learned.',
		);
	});

	it("accepts a proposal into core, declines the other for good, and undoes the acceptance with the frontmatter", async () => {
		const { app, engine } = await started();
		await app.commands.run(`${ID}:open-memory-view`);
		await app.commands.run(`${ID}:run-maintenance`);
		await until(() => vaultText(app).includes("Proposed for core2"));
		const proposals = () => [...viewRoot(app).querySelectorAll(".cmv-vault .cmv-proposal")];
		expect(proposals().map((item) => text(item.querySelector(".cmv-link")))).toEqual([
			"Ship on Fridays",
			"Use Postgres",
		]);

		buttonIn(proposals()[1], "Accept").click();
		await until(() => engine.maintenance.statusOf("Memory/Use Postgres.md") === "core");
		await until(() =>
			readFileSync(app.vault.fullPath("Memory/Use Postgres.md"), "utf8").includes("memory_status: core"),
		);
		await until(() => proposals().length === 1);
		buttonIn(proposals()[0], "Decline").click();
		await until(() => proposals().length === 0);
		expect(engine.maintenance.statusOf("Memory/Ship on Fridays.md")).toBe("active");

		const report = await engine.maintenance.runPass();
		expect(report.proposals).toEqual([]);
		expect(engine.maintenance.proposals()).toEqual([]);

		const change = () => viewRoot(app).querySelector(".cmv-vault .cmv-change");
		await until(() => text(change()).startsWith("Use Postgres active → core"));
		buttonIn(change() as Element, "Undo").click();
		await until(() => engine.maintenance.statusOf("Memory/Use Postgres.md") === "active");
		await until(() => !readFileSync(app.vault.fullPath("Memory/Use Postgres.md"), "utf8").includes("memory_status"));
		expect(readFileSync(app.vault.fullPath("Memory/Use Postgres.md"), "utf8")).toBe(VAULT["Memory/Use Postgres.md"]);
		await until(() => change()?.querySelector("button") === null);
		// The notice follows the undo's activity-log append, which can finish after the view shows the undo.
		await until(() => Notice.messages.includes("Undone: Memory/Use Postgres.md, active → core."));
		expect(Notice.messages.slice(-2)).toEqual([
			"Declined: Memory/Ship on Fridays.md will not be proposed again.",
			"Undone: Memory/Use Postgres.md, active → core.",
		]);
	});

	it("reviews proposals in a modal", async () => {
		const { app, engine } = await started();
		await engine.maintenance.runPass();
		await app.commands.run(`${ID}:review-core-proposals`);
		const [modal] = Modal.opened;
		expect([...(modal?.contentEl.querySelectorAll(".cmv-proposal .cmv-link") ?? [])].map(text)).toEqual([
			"Ship on Fridays",
			"Use Postgres",
		]);
		buttonIn(modal?.contentEl, "Accept").click();
		await until(() => engine.maintenance.statusOf("Memory/Ship on Fridays.md") === "core");
		await until(() => modal?.contentEl.querySelectorAll(".cmv-proposal").length === 1);
		modal?.close();
		expect(Modal.opened).toEqual([]);
	});

	it("the whole-vault confirmation: cancel changes nothing, confirm allows the writes", async () => {
		const { app } = await started();
		type Saved = { maintenance?: { writeScope?: string; vaultWritesConfirmed?: boolean } };
		// The file may be caught half-written while the plugin saves: such a read counts as not yet saved.
		const saved = (): Saved => {
			try {
				return JSON.parse(readFileSync(app.vault.fullPath(DATA_JSON), "utf8")) as Saved;
			} catch {
				return {};
			}
		};
		await app.commands.run(`${ID}:allow-vault-status-writes`);
		expect(Modal.opened[0]?.titleEl.textContent).toBe("Allow memory status writes in the whole vault?");
		buttonIn(Modal.opened[0]?.contentEl, "Cancel").click();
		expect(Modal.opened).toEqual([]);
		expect(saved().maintenance).toBeUndefined();

		await app.commands.run(`${ID}:allow-vault-status-writes`);
		buttonIn(Modal.opened[0]?.contentEl, "Allow and run a pass").click();
		await until(() => saved().maintenance?.vaultWritesConfirmed === true);
		expect(saved().maintenance).toMatchObject({ writeScope: "vault", vaultWritesConfirmed: true });
	});

	it("recalls from the selection, read-only, each hit with why", async () => {
		const { app, engine } = await started();
		expect(app.commands.runInEditor(`${ID}:recall-selection`, "  ")).toBe(false);
		expect(app.commands.runInEditor(`${ID}:recall-selection`, "pool size")).toBe(true);
		await until(
			() =>
				app.workspace.getLeavesOfType("causal-memory-view").length > 0 &&
				viewRoot(app).querySelectorAll(".cmv-hit").length > 0,
		);
		const [first] = viewRoot(app).querySelectorAll(".cmv-hit");
		expect(text(first?.querySelector(".cmv-link"))).toBe("Config change");
		expect(text(first)).toContain("matches pool, size");
		expect(viewRoot(app).querySelector<HTMLInputElement>(".cmv-recall input")?.value).toBe("pool size");
		expect(engine.activity.get("Config change.md")?.recalls.count ?? 0).toBe(0);
	});

	it("opens from the ribbon and the status bar; opening and closing it 50 times leaves no listeners or timers", async () => {
		const { app, plugin } = await started();
		// The plugin starts recording opens right after the engine is ready: count from there.
		await until(() => app.workspace.listenerCount("file-open") === 1);
		const tracker = WindowTracker.install();
		try {
			const before = { events: app.liveEventRefCount(), timers: tracker.liveTimers, listeners: tracker.liveListeners };
			const leaf = (): WorkspaceLeaf | undefined => app.workspace.getLeavesOfType("causal-memory-view")[0];
			(plugin.ribbonIcons[0] as HTMLElement).click();
			await until(() => leaf() !== undefined);
			leaf()?.detach();
			plugin.statusBarItems[0]?.click();
			await until(() => leaf() !== undefined);
			leaf()?.detach();
			for (let i = 0; i < 50; i++) {
				await app.commands.run(`${ID}:open-memory-view`);
				open(app, i % 2 === 0 ? "Deploy.md" : "Outage.md");
				// Changes inside the throttle interval leave a render pending when the view closes.
				plugin.memory.changed();
				plugin.memory.changed();
				leaf()?.detach();
			}
			await new Promise((resolve) => setTimeout(resolve, 50));
			expect(app.workspace.leaves).toEqual([]);
			// The review badge's listener stays (it follows the memory while the plugin runs).
			expect(plugin.memory.changeListenerCount).toBe(1);
			expect(app.liveEventRefCount()).toBe(before.events);
			// The badge's own throttled update (at most every 2 s) runs out; the closed views leave none.
			await until(() => tracker.liveTimers === before.timers);
			expect(tracker.liveListeners).toBe(before.listeners);
			expect(document.querySelectorAll(".cmv-root")).toHaveLength(0);
		} finally {
			tracker.uninstall();
		}
	});
});
