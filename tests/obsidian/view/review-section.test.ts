// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readMemorySettings } from "../../../src/core/model/settings";
import { DAY_MS } from "../../../src/core/scoring/time";
import type { MemoryEngine } from "../../../src/engine/memory-engine";
import type { MemoryActions } from "../../../src/obsidian/memory-actions";
import { renderReviewSection } from "../../../src/obsidian/view/review-section";
import { inMemoryEngine } from "../../helpers/in-memory-engine";
import { MemoryVault } from "../../helpers/memory-vault";
// Also installs Obsidian's DOM helpers (createDiv, createEl…) on the happy-dom document.
import { Notice } from "../../fakes/obsidian";

const NOW = Date.UTC(2026, 0, 1);
// Exponential decay, half-life 10 days: an unused orphan turns fading 27.37 days after its last use.
const CROSSING_DAYS = 10 * Math.log2(0.05 / 0.0075);
const { settings } = readMemorySettings({ scoring: { relevance: { decayModel: "exponential", halfLifeDays: 10 } } });
const NOTES: Record<string, [string, number]> = {
	"Parking.md": ["Parking is on level 3.", CROSSING_DAYS - 10],
	"Plan.md": ['---\ncaused_by: "[[Budget]]"\n---\nThe plan rests on the budget.', 5],
	"Budget.md": ['---\nsupports: "[[Plan]]"\n---\nThe budget is 50k.', 6],
	"Budget v2.md": ['---\nsupersedes: "[[Budget]]"\n---\nThe budget is 80k.', 1],
	"Work/Bridge survey.md": ["The Kestrel Bridge survey found rust on the north pylons.", 3],
	"Home/Walk.md": ["Walked over the Kestrel Bridge with Ana; the river was high.", 1],
};

let vault: MemoryVault;
let engine: MemoryEngine;
const opened: string[] = [];
let changes = 0;
const actions = {
	engine: () => engine,
	memory: { changed: () => changes++ },
	openNote: (path: string) => void opened.push(path),
} as unknown as MemoryActions;

function render(): HTMLElement {
	const el = createDiv();
	renderReviewSection(el, engine, actions);
	return el;
}

function button(el: HTMLElement, item: string, text: string): HTMLButtonElement {
	const li = [...el.querySelectorAll("li.cmv-review-item")].find((candidate) =>
		candidate.querySelector(`a.cmv-link[data-path="${item}"]`),
	);
	const found = [...(li?.querySelectorAll("button") ?? [])].find((b) => b.textContent === text);
	if (!found) throw new Error(`no button "${text}" on ${item}`);
	return found;
}

beforeEach(async () => {
	vault = new MemoryVault();
	for (const [path, [text, age]] of Object.entries(NOTES)) {
		vault.now = NOW - age * DAY_MS;
		vault.write(path, text);
	}
	vault.now = NOW;
	engine = inMemoryEngine(vault, { clock: () => NOW, settings: () => settings });
	await engine.start({ follow: true });
	changes = 0;
	opened.length = 0;
});

afterEach(async () => {
	await engine.stop();
});

describe("the view's Review section", () => {
	it("lists each queue with its count and one-click actions, and the total in its heading", () => {
		const el = render();
		expect(el.querySelector(".cmv-heading")?.textContent).toBe("Review3");
		expect([...el.querySelectorAll(".cmv-review-queue")].map((q) => q.textContent)).toEqual([
			"At risk of fading (1)",
			"Beliefs in question (1)",
			"Proposed links (1)",
		]);
		const risk = el.querySelector("li.cmv-at-risk");
		expect(risk?.textContent).toContain("active, turns fading in 10 days unless used");
		expect([...(risk?.querySelectorAll("button") ?? [])].map((b) => b.textContent)).toEqual(["Keep", "Pin", "Let go"]);
		const belief = el.querySelector("li.cmv-belief");
		expect(belief?.textContent).toContain("its cause or evidence “Budget” was superseded by “Budget v2”");
		expect([...(belief?.querySelectorAll("button") ?? [])].map((b) => b.textContent)).toEqual([
			"Still true",
			"Amend",
			"Supersede",
		]);
		expect(belief?.querySelectorAll("button")[2]?.getAttribute("aria-label")).toBe("Budget v2 supersedes Plan");
		const link = el.querySelector("li.cmv-relationship");
		expect(link?.textContent).toContain("Walk related to Bridge survey");
		expect(link?.textContent).toContain("Rare cues in common: kestrel bridg");
	});

	it("keep records a use and the item leaves; the view is told to re-render", async () => {
		button(render(), "Parking.md", "Keep").click();
		await vi.waitFor(() => expect(changes).toBe(1));
		expect(engine.activity.get("Parking.md")?.recalls.count).toBe(1);
		expect(render().querySelector("li.cmv-at-risk")).toBeNull();
		expect(Notice.messages.at(-1)).toBe("Kept: Parking counts as used.");
	});

	it("pin pins the note and it leaves the queue", async () => {
		button(render(), "Parking.md", "Pin").click();
		await vi.waitFor(() => expect(changes).toBe(1));
		expect(vault.content("Parking.md")).toContain("memory_pinned: true");
		expect(render().querySelector("li.cmv-at-risk")).toBeNull();
	});

	it("let go hides the memory without touching it", async () => {
		const before = vault.content("Parking.md");
		button(render(), "Parking.md", "Let go").click();
		await vi.waitFor(() => expect(changes).toBe(1));
		expect(render().querySelector("li.cmv-at-risk")).toBeNull();
		expect(vault.content("Parking.md")).toBe(before);
	});

	it("amend opens the note, supersede writes the link in the newer memory", async () => {
		const el = render();
		button(el, "Plan.md", "Amend").click();
		expect(opened).toEqual(["Plan.md"]);
		button(el, "Plan.md", "Supersede").click();
		await vi.waitFor(() => expect(changes).toBe(1));
		expect(vault.content("Budget v2.md")).toContain('- "[[Plan]]"');
		expect(render().querySelector("li.cmv-belief")).toBeNull();
	});

	it("still true hides the belief", async () => {
		button(render(), "Plan.md", "Still true").click();
		await vi.waitFor(() => expect(changes).toBe(1));
		expect(render().querySelector("li.cmv-belief")).toBeNull();
	});

	it("link writes the proposed link in the newer memory", async () => {
		button(render(), "Home/Walk.md", "Link").click();
		await vi.waitFor(() => expect(changes).toBe(1));
		expect(vault.content("Home/Walk.md")).toContain('related_to:\n  - "[[Bridge survey]]"');
		expect(render().querySelector("li.cmv-relationship")).toBeNull();
	});

	it("decline hides the pair and writes nothing to the notes", async () => {
		const before = vault.content("Home/Walk.md");
		button(render(), "Home/Walk.md", "Decline").click();
		await vi.waitFor(() => expect(changes).toBe(1));
		expect(render().querySelector("li.cmv-relationship")).toBeNull();
		expect(vault.content("Home/Walk.md")).toBe(before);
		expect(Notice.messages.at(-1)).toBe("Declined: Walk and Bridge survey will not be proposed again.");
	});

	it("says so when nothing waits", async () => {
		await engine.review.letGo("Parking.md");
		await engine.review.stillTrue("Plan.md");
		await engine.review.declineRelationship("Home/Walk.md", "Work/Bridge survey.md");
		expect(render().textContent).toContain("Looking for clusters…");
		await engine.review.clusters();
		const el = render();
		expect(el.querySelector(".cmv-heading")?.textContent).toBe("Review0");
		expect(el.textContent).toContain("Nothing to review.");
	});
});
