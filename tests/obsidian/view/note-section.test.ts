// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { noteOverview } from "../../../src/engine/inspector/note-overview";
import type { MemoryActions } from "../../../src/obsidian/memory-actions";
import { renderNoteSection } from "../../../src/obsidian/view/note-section";
import { statusSentence } from "../../../src/obsidian/view/view-text";
import { DAY, overviewEngine, stopOverviewEngines } from "../../engine/inspector/overview-harness";
// Installs Obsidian's DOM helpers (createDiv, createEl…) on the happy-dom document.
import "../../fakes/obsidian";

afterEach(stopOverviewEngines);

function recordingActions() {
	const calls: string[] = [];
	const actions = {
		openNote: (path: string) => void calls.push(`open ${path}`),
		addLink: (path: string) => void calls.push(`add link ${path}`),
		removeLink: (path: string) => void calls.push(`remove link ${path}`),
		setPinned: () => undefined,
		// No engine: the related-memories block (tested in related-section.test.ts) draws nothing.
		engine: () => undefined,
	} as unknown as MemoryActions;
	return { actions, calls };
}

describe("the view's note section", () => {
	it("lists the note's links by family and relation in memory_get's words, each note a link that opens it", async () => {
		const { engine } = await overviewEngine();
		const { actions, calls } = recordingActions();
		const el = createDiv();
		renderNoteSection(el, noteOverview(engine, "Outage.md"), actions, engine.now());
		const block = el.querySelector(".cmv-neighbours");
		expect([...(block?.querySelectorAll(".cmv-subheading") ?? [])].map((h) => h.textContent)).toEqual([
			"Causes and evidence",
			"Contradictions",
		]);
		expect([...(block?.querySelectorAll("li") ?? [])].map((li) => li.textContent)).toEqual([
			"caused by Deploy",
			"supported by Postmortem",
			"contradicted by Rumour",
		]);
		(block?.querySelector('[data-relation="supported by"] a.cmv-link') as HTMLElement).click();
		expect(calls).toEqual(["open Postmortem.md"]);
		// Its direct causes are listed once: the chain below shows only what lies further away.
		expect([...el.querySelectorAll(".cmv-chain li")].map((li) => li.textContent)).toEqual([
			"Config changecaused_by property caused_by of Deploy 2 hops",
		]);
		expect(el.textContent).not.toContain("supportive neighbours");
		const buttons = [...el.querySelectorAll("button")];
		buttons.find((button) => button.textContent === "Add link")?.click();
		buttons.find((button) => button.textContent === "Remove link")?.click();
		expect(calls.slice(1)).toEqual(["add link Outage.md", "remove link Outage.md"]);
	});

	it("names at most five notes per relation and counts the rest", async () => {
		const causes = ["Fig", "Apple", "Cherry", "Elder", "Banana", "Grape", "Date"];
		const notes: Record<string, string> = {
			"Harvest.md": `---\ncaused_by:\n${causes.map((cause) => `  - "[[${cause}]]"`).join("\n")}\n---\nA good year.`,
		};
		for (const cause of causes) notes[`${cause}.md`] = `${cause} trees.`;
		const { engine } = await overviewEngine({ notes });
		const el = createDiv();
		renderNoteSection(el, noteOverview(engine, "Harvest.md"), recordingActions().actions, engine.now());
		expect(el.querySelector('[data-relation="caused by"]')?.textContent).toBe(
			"caused by Apple, Banana, Cherry, Date, Elder and 2 more",
		);
		expect(el.querySelector(".cmv-neighbours .cmv-count")?.textContent).toBe("7");
	});

	it("says the status in a plain sentence, the numbers on hover, with the day the engine's decay gives", async () => {
		const { engine, advance } = await overviewEngine();
		const explained = engine.inspector.explain("Config change.md");
		const days = explained.status.outlook?.inDays;
		expect(explained.status.status).toBe("active");
		// The default decay keeps a linked note active for over a year unused: said in months.
		expect(days).toBeGreaterThan(365);
		const el = createDiv();
		renderNoteSection(el, noteOverview(engine, "Config change.md"), recordingActions().actions, engine.now());
		const why = el.querySelector(".cmv-why");
		expect(why?.textContent).toBe(
			`Active. Turns dormant in about ${Math.round((days ?? 0) / 30)} months unless you use it.`,
		);
		expect(why?.getAttribute("title")).toBe(explained.status.why);
		expect(why?.getAttribute("title")).toMatch(/live retention [\d.]+ ≥ dormant threshold 0\.015 calls for active$/);
		// The day before, retention still calls for active; on the day, for dormant.
		advance(((days ?? 0) - 1) * DAY);
		expect(engine.inspector.explain("Config change.md").status.retentionCallsFor).toBe("active");
		advance(DAY);
		expect(engine.inspector.explain("Config change.md").status.retentionCallsFor).toBe("dormant");
	});

	it("has a sentence for every status", () => {
		const base = {
			why: "",
			since: null,
			retentionCallsFor: "active",
			dormantThreshold: 0.015,
			fadingThreshold: 0.005,
		} as const;
		const sentence = (status: Parameters<typeof statusSentence>[0]["status"], extra = {}, pinned = false) =>
			statusSentence({ ...base, status, outlook: null, ...extra }, pinned);
		expect(sentence("core", {}, true)).toBe("Core memory, pinned by you: it never fades.");
		expect(sentence("core")).toBe("Core memory: it never fades.");
		expect(sentence("active", { outlook: { to: "dormant", inDays: 400 } })).toBe(
			"Active. Turns dormant in about 13 months unless you use it.",
		);
		expect(sentence("active", { outlook: { to: "dormant", inDays: 0 }, retentionCallsFor: "dormant" })).toBe(
			"Active. Turns dormant at the next maintenance passes unless you use it.",
		);
		expect(sentence("active", { outlook: { to: "dormant", inDays: null } })).toBe(
			"Active. Stays so for years, even unused.",
		);
		expect(sentence("dormant", { outlook: { to: "fading", inDays: 12 }, retentionCallsFor: "dormant" })).toBe(
			"Dormant. Starts fading in about 12 days unless you use it. Using it makes it active again.",
		);
		expect(sentence("fading", { retentionCallsFor: "fading" })).toBe(
			"Fading: left unused, it may be pruned. Using it makes it active again.",
		);
	});
});
