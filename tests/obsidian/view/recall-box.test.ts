// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import type { RecallResult } from "../../../src/core/recall/recall-types";
import type { SemanticRecallState, SemanticRecallSwitch } from "../../../src/obsidian/embedding-service";
import type { MemoryActions } from "../../../src/obsidian/memory-actions";
import { RecallBox } from "../../../src/obsidian/view/recall-box";
// Installs Obsidian's DOM helpers (createDiv, createEl…) on the happy-dom document.
import "../../fakes/obsidian";

function box(answer: Partial<RecallResult>, state: SemanticRecallState["kind"] | null) {
	const turnedOn: string[] = [];
	const semanticRecall: SemanticRecallSwitch | undefined =
		state === null
			? undefined
			: {
					state: () => ({ kind: state }) as SemanticRecallState,
					onChange: () => () => undefined,
					turnOnWithNotice: async () => void turnedOn.push("on"),
				};
	const result: RecallResult = {
		query: "q",
		mode: "keyword+graph",
		vector: false,
		embeddingsPending: 0,
		results: [],
		...answer,
	};
	const engine = { recall: async () => result };
	const actions = { engine: () => engine, semanticRecall } as unknown as MemoryActions;
	const el = createDiv();
	const recall = new RecallBox(el, actions);
	const line = () => el.querySelector(".cmv-keyword-only")?.textContent ?? null;
	return { el, recall, line, turnedOn };
}

describe("the view's recall box", () => {
	it("says a keyword-only answer was keyword-only and offers to turn semantic recall on", async () => {
		const { el, recall, line, turnedOn } = box({}, "off");
		await recall.run("why did the database go down");
		expect(line()).toBe("Keyword and graph only — Turn on semantic recall");
		const button = el.querySelector<HTMLButtonElement>(".cmv-keyword-only button");
		button?.click();
		expect(turnedOn).toEqual(["on"]);
	});

	it.each([
		["loading", 0, "Keyword and graph only — the semantic recall model is loading"],
		["ready", 12, "Keyword and graph only — 12 notes are waiting for embeddings"],
		["failed", 0, "Keyword and graph only — Turn on semantic recall"],
	] as const)("while semantic recall is %s: %s pending → %s", async (state, pending, text) => {
		const { recall, line } = box({ embeddingsPending: pending }, state);
		await recall.run("database");
		expect(line()).toBe(text);
	});

	it("has no such line when similarity took part", async () => {
		const { recall, line } = box({ mode: "full", vector: true }, "ready");
		await recall.run("database");
		expect(line()).toBeNull();
	});
});
