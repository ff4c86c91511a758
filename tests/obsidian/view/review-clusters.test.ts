// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MemoryEngine } from "../../../src/engine/memory-engine";
import { undoLastConsolidation } from "../../../src/obsidian/consolidation-commands";
import type { MemoryActions } from "../../../src/obsidian/memory-actions";
import { renderReviewSection } from "../../../src/obsidian/view/review-section";
import { MemoryStorage } from "../../fakes/memory-storage";
import { inMemoryEngine } from "../../helpers/in-memory-engine";
import { MemoryVault } from "../../helpers/memory-vault";
// Also installs Obsidian's DOM helpers (createDiv, createEl…) on the happy-dom document.
import { Notice } from "../../fakes/obsidian";

// Three tellings of one failed deploy, and memories about other things.
const MEMBERS = ["Deploy/Friday deploy.md", "Deploy/Rollback.md", "Deploy/Migration timeout.md"];
const NOTES: Record<string, string> = {
	"Deploy/Friday deploy.md":
		"The Friday deploy of the billing service failed: the database migration timed out and we rolled back.",
	"Deploy/Rollback.md": "We rolled back the billing service deploy after the database migration timed out on Friday.",
	"Deploy/Migration timeout.md":
		"The billing service database migration timed out during the Friday deploy; the rollback took ten minutes.",
	"Home/Garden.md": "Planted tomatoes and beans along the fence.",
	"Home/Plumber.md": "The plumber fixes the kitchen sink on Monday.",
	"Work/Budget.md": "The budget review moved to Thursday afternoon.",
};

let vault: MemoryVault;
let storage: MemoryStorage;
let engine: MemoryEngine;
const openedInTab: string[] = [];
let changes = 0;
const actions = {
	engine: () => engine,
	memory: { changed: () => changes++ },
	openNote: () => Promise.resolve(),
	openInNewTab: (path: string) => {
		openedInTab.push(path);
		return Promise.resolve();
	},
} as unknown as MemoryActions;

async function startEngine(): Promise<void> {
	engine = inMemoryEngine(vault, { storage });
	await engine.start({ follow: true });
}

/** The section once the background clustering is done. */
async function renderFound(): Promise<HTMLElement> {
	await engine.review.clusters();
	const el = createDiv();
	renderReviewSection(el, engine, actions);
	return el;
}

function clusterButton(el: HTMLElement, text: string): HTMLButtonElement {
	const found = [...el.querySelectorAll("li.cmv-cluster button")].find((b) => b.textContent === text);
	if (!found) throw new Error(`no cluster button "${text}"`);
	return found as HTMLButtonElement;
}

beforeEach(async () => {
	vault = new MemoryVault(NOTES);
	storage = new MemoryStorage();
	await startEngine();
	changes = 0;
	openedInTab.length = 0;
});

afterEach(async () => {
	await engine.stop();
});

describe("the Review section's clusters queue", () => {
	it("says it is looking until the clusters are found off the render, then lists the cluster first with its members and why", async () => {
		const first = createDiv();
		renderReviewSection(first, engine, actions);
		expect(first.textContent).toContain("Looking for clusters…");
		expect(first.querySelector("li.cmv-cluster")).toBeNull();

		const el = await renderFound();
		expect(el.textContent).not.toContain("Looking for clusters…");
		expect(el.querySelector(".cmv-review-queue")?.textContent).toBe("Clusters to consolidate (1)");
		const item = el.querySelector("li.cmv-cluster");
		expect(item?.querySelector(".cmv-cluster-label")?.textContent).toBe("fridai, bill, databas, deploi");
		expect(item?.textContent).toContain("3 memories: ");
		expect([...(item?.querySelectorAll("a.cmv-link") ?? [])].map((a) => a.getAttribute("data-path")).sort()).toEqual(
			[...MEMBERS].sort(),
		);
		expect(item?.textContent).toMatch(/similar wording: mean keyword similarity 0\.\d+/);
		expect([...(item?.querySelectorAll("button") ?? [])].map((b) => b.textContent)).toEqual(["Consolidate", "Dismiss"]);
	});

	it("consolidate writes the summary with derived_from links to every member, opens it in a new tab, and the undo command takes it back byte for byte", async () => {
		clusterButton(await renderFound(), "Consolidate").click();
		await vi.waitFor(() => expect(openedInTab).toHaveLength(1));
		const summary = openedInTab[0];
		expect(summary).toMatch(/^Memory\/Summary of .+\.md$/);
		const text = vault.content(summary) ?? "";
		for (const member of MEMBERS) {
			const title = member.replace(/^.*\//, "").replace(/\.md$/, "");
			expect(text).toMatch(new RegExp(`derived_from:[\\s\\S]*"\\[\\[${title}\\]\\]"`));
			expect(vault.content(member)).toContain(
				`memory_consolidated_into: "[[${summary.replace(/^.*\//, "").replace(/\.md$/, "")}]]"`,
			);
		}
		expect(
			engine.index.graph
				.outEdges(summary)
				.filter((edge) => edge.type === "derived_from")
				.map((edge) => edge.target)
				.sort(),
		).toEqual([...MEMBERS].sort());
		expect(Notice.messages.at(-1)).toMatch(
			/^Consolidated 3 memories into Summary of .+, opened to edit\. "Undo last consolidation" takes it back\.$/,
		);
		expect(changes).toBeGreaterThan(0);
		// The members are consolidated now: the cluster is gone.
		await vi.waitFor(async () => expect((await renderFound()).querySelector("li.cmv-cluster")).toBeNull());

		expect(await undoLastConsolidation(actions)).toBe(true);
		for (const member of MEMBERS) expect(vault.content(member)).toBe(NOTES[member]);
		expect(vault.content(summary)).toBeUndefined();
		expect(Notice.messages.at(-1)).toMatch(
			/^Consolidation undone: 3 memories as they were\. Summary of .+ is in the trash\.$/,
		);
	});

	it("dismiss keeps the cluster out for good: after a re-render and after a restart", async () => {
		clusterButton(await renderFound(), "Dismiss").click();
		await vi.waitFor(() => expect(changes).toBe(1));
		expect(Notice.messages.at(-1)).toBe("Dismissed: these 3 memories will not be proposed together again.");
		for (const member of MEMBERS) expect(vault.content(member)).toBe(NOTES[member]);
		const saved = await Promise.all((await storage.list()).map((name) => storage.read(name)));
		expect(saved.find((text) => text?.includes("dismissedClusters"))).toContain(JSON.stringify([...MEMBERS].sort()));

		const el = await renderFound();
		expect(el.querySelector("li.cmv-cluster")).toBeNull();
		expect(el.textContent).not.toContain("Clusters to consolidate");

		await engine.stop();
		await startEngine();
		expect((await renderFound()).querySelector("li.cmv-cluster")).toBeNull();
		expect(await engine.clusters({ minSize: 3 })).toMatchObject({ total: 1 });
	});
});
