// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import type { VaultOverview } from "../../../src/engine/inspector/vault-overview";
import type { MemoryActions } from "../../../src/obsidian/memory-actions";
import { renderVaultSection } from "../../../src/obsidian/view/vault-section";
// Installs Obsidian's DOM helpers (createDiv, createEl…) on the happy-dom document.
import "../../fakes/obsidian";

const NOW = Date.UTC(2026, 0, 1, 12);

function overview(automaticRecalls: VaultOverview["automaticRecalls"]): VaultOverview {
	return {
		notes: 2,
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
		renderVaultSection(el, overview([]), actions, NOW);
		expect(el.querySelector("li.cmv-shown")).toBeNull();
		expect(el.textContent).not.toContain("Shown to Claude");
	});
});
