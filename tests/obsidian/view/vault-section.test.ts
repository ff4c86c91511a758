// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import type { VaultOverview } from "../../../src/engine/inspector/vault-overview";
import type { MemoryActions } from "../../../src/obsidian/memory-actions";
import { renderVaultSection } from "../../../src/obsidian/view/vault-section";
// Installs Obsidian's DOM helpers (createDiv, createEl…) on the happy-dom document.
import "../../fakes/obsidian";

const NOW = Date.UTC(2026, 0, 1, 12);

const CONTEXT = { clients: "Connected: Claude Code 2.1.3 — last request 2 min ago.", memoryFolder: "Memory" };

function overview(automaticRecalls: VaultOverview["automaticRecalls"], notes = 2): VaultOverview {
	return {
		notes,
		byStatus: { active: 2, dormant: 0, fading: 0, pruned: 0, core: 0 },
		recentChanges: [],
		core: [],
		proposals: [],
		lastPassAt: null,
		lastPass: null,
		recentlyStored: [],
		automaticRecalls,
	};
}

const opened: string[] = [];
const actions = { openNote: (path: string) => void opened.push(path) } as unknown as MemoryActions;

describe("the view's vault section", () => {
	it("lists what the hooks showed Claude: when, before which prompt, and each memory as a link", () => {
		const el = createDiv();
		renderVaultSection(
			el,
			overview([
				{
					at: NOW - 5 * 60_000,
					event: "UserPromptSubmit",
					excerpt: "Why did we freeze deploys?",
					ids: ["Memory/Deploy freeze.md", "Incidents/Outage.md"],
				},
				{ at: NOW - 60 * 60_000, event: "checkpoint", excerpt: "Fix the sync", ids: ["Memory/Claude Code session.md"] },
			]),
			actions,
			NOW,
			CONTEXT,
		);
		const items = [...el.querySelectorAll("li.cmv-shown")];
		expect(items).toHaveLength(2);
		expect(items[0]?.textContent).toContain("Before a prompt");
		expect(items[0]?.textContent).toContain("“Why did we freeze deploys?”");
		const links = [...(items[0]?.querySelectorAll("a.cmv-link") ?? [])].map((link) => link.getAttribute("data-path"));
		expect(links).toEqual(["Memory/Deploy freeze.md", "Incidents/Outage.md"]);
		expect(items[1]?.textContent).toContain("Session note saved");
		(items[0]?.querySelector("a.cmv-link") as HTMLElement).click();
		expect(opened).toEqual(["Memory/Deploy freeze.md"]);
	});

	it("has no such list when nothing was shown", () => {
		const el = createDiv();
		renderVaultSection(el, overview([]), actions, NOW, CONTEXT);
		expect(el.querySelector("li.cmv-shown")).toBeNull();
		expect(el.textContent).not.toContain("Shown to Claude");
	});

	it("opens with the line on connected clients", () => {
		const el = createDiv();
		renderVaultSection(el, overview([]), actions, NOW, CONTEXT);
		expect(el.firstElementChild?.className).toBe("cmv-small cmv-clients");
		expect(el.firstElementChild?.textContent).toBe("Connected: Claude Code 2.1.3 — last request 2 min ago.");
	});

	it("says what to do while the vault has no notes, and nothing of the kind once it has", () => {
		const empty = createDiv();
		renderVaultSection(empty, overview([], 0), actions, NOW, { ...CONTEXT, memoryFolder: "Agent memory" });
		expect(empty.querySelector(".cmv-no-notes")?.textContent).toBe(
			'No notes yet. Ask Claude to remember something, or add notes to the "Agent memory" folder (or anywhere in the vault).',
		);
		const full = createDiv();
		renderVaultSection(full, overview([]), actions, NOW, CONTEXT);
		expect(full.querySelector(".cmv-no-notes")).toBeNull();
	});
});
