// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EngineService } from "../../../src/obsidian/engine-service";
import { MemoryActions } from "../../../src/obsidian/memory-actions";
import { renderRelatedSection } from "../../../src/obsidian/view/related-section";
import { Modal, Notice, type SuggestModal } from "../../fakes/obsidian";
import { engineOver, RecordingStatus } from "../engine-harness";
import { removeVaultDirs } from "../fake-app";
import { pluginUnderTest } from "../plugin-under-test";
import { until } from "../until";

const services: EngineService[] = [];

afterEach(async () => {
	await Promise.all(services.splice(0).map((service) => service.stop()));
	await removeVaultDirs();
	while (Modal.opened.length > 0) Modal.opened[0]?.close();
	document.body.empty();
});

const NOTES = {
	"Memory/Migration plan.md": "Maya Okafor plans the Postgres migration of the reporting tables, cutover on a weekend.",
	"Memory/Migration rehearsal.md":
		"Maya Okafor rehearsed the Postgres migration of the reporting tables before the cutover.",
	"Memory/Maya on call.md": "Maya Okafor is on call the week of the Postgres cutover.",
	"Memory/Garden.md": "Water the tomatoes twice a week.",
};

async function setup() {
	const { app, obsidianPlugin, dir } = pluginUnderTest(NOTES);
	const built = engineOver(app);
	const memory = new EngineService(built.engine, new RecordingStatus(), () => undefined);
	services.push(memory);
	const actions = new MemoryActions(obsidianPlugin.app, memory, () => Promise.resolve());
	await memory.start();
	const el = document.body.createDiv();
	const render = (): void => {
		el.empty();
		renderRelatedSection(el, "Memory/Migration plan.md", actions);
	};
	render();
	const placeholder = el.textContent;
	await until(() => el.querySelectorAll("li.cmv-related-item").length > 0);
	return { app, dir, memory, el, render, placeholder };
}

function items(el: HTMLElement): HTMLElement[] {
	return [...el.querySelectorAll<HTMLElement>("li.cmv-related-item")];
}

function button(item: HTMLElement | undefined, text: string): HTMLButtonElement {
	const found = [...(item?.querySelectorAll("button") ?? [])].find((candidate) => candidate.textContent === text);
	if (!found) throw new Error(`no "${text}" button`);
	return found;
}

describe("the related memories section", () => {
	it("lists the suggestions with why, after a placeholder, and at once from the cache on the next render", async () => {
		const { el, render, memory, placeholder } = await setup();
		expect(placeholder).toContain("Looking for related memories…");
		const listed = items(el);
		expect(listed.map((item) => item.dataset.path)).toEqual([
			"Memory/Migration rehearsal.md",
			"Memory/Maya on call.md",
		]);
		expect(listed[0]?.querySelector("a.cmv-link")?.textContent).toBe("Migration rehearsal");
		expect(listed[0]?.querySelector(".cmv-related-why")?.textContent).toContain("shares names: Maya Okafor");
		expect(el.querySelector(".cmv-heading")?.textContent).toBe("Related memories2");
		// The second render draws the cached list: no computation (one keyword match each) runs.
		const match = vi.spyOn(memory.engine.recallService.keyword, "match");
		render();
		expect(items(el)).toHaveLength(2);
		expect(el.textContent).not.toContain("Looking for related memories");
		expect(match).not.toHaveBeenCalled();
		match.mockRestore();
	});

	it("links as the type picked in the link-type suggester: the frontmatter gets the link and the note leaves the list", async () => {
		const { dir, memory, el, render } = await setup();
		button(items(el)[0], "Link as…").click();
		const modal = Modal.opened.at(-1) as SuggestModal<unknown> | undefined;
		if (!modal) throw new Error("no type picker opened");
		await modal.rendered;
		const choices = [...modal.resultContainerEl.querySelectorAll<HTMLElement>(".suggestion-item")];
		expect(choices.map((choice) => choice.querySelector(".cmv-edge")?.textContent)).toEqual([
			"caused_by",
			"supports",
			"derived_from",
			"related_to",
			"contradicts",
			"supersedes",
		]);
		expect(choices[1]?.textContent).toContain("Migration plan supports Migration rehearsal");
		choices[1]?.click();
		await until(() => Notice.messages.at(-1) === "Linked: Migration plan supports Migration rehearsal.");
		expect(readFileSync(join(dir, "Memory/Migration plan.md"), "utf8")).toContain(
			'supports:\n  - "[[Migration rehearsal]]"',
		);
		await memory.idle();
		render();
		await until(() => items(el).length > 0);
		expect(items(el).map((item) => item.dataset.path)).toEqual(["Memory/Maya on call.md"]);
	});

	it('"Not related" removes the suggestion and it does not come back', async () => {
		const { memory, el, render } = await setup();
		button(items(el)[0], "Not related").click();
		await until(() => items(el).length === 1);
		expect(items(el)[0]?.dataset.path).toBe("Memory/Maya on call.md");
		render();
		expect(items(el).map((item) => item.dataset.path)).toEqual(["Memory/Maya on call.md"]);
		const fresh = await memory.engine.relatedMemories("Memory/Migration rehearsal.md");
		expect(fresh.map((related) => related.path)).not.toContain("Memory/Migration plan.md");
	});
});
