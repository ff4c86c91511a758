import { describe, expect, it } from "vitest";
import {
	PROMPT_CONTEXT_CHARS,
	promptContext,
	SESSION_START_CONTEXT_CHARS,
	sessionStartContext,
} from "../../../src/core/hooks/hook-context";

const many = (n: number, text: string) => Array.from({ length: n }, (_, i) => ({ id: `Memory/Note ${i}.md`, text }));

describe("promptContext", () => {
	it("is null when there is nothing to show", () => {
		expect(promptContext([])).toBeNull();
	});

	it("names each memory by its id with one line of its text", () => {
		const context = promptContext([{ id: "Memory/Deploy freeze.md", text: "We freeze\n\ndeploys  in March." }])?.text;
		expect(context).toContain("- Memory/Deploy freeze.md: We freeze deploys in March.");
	});

	it("stays within 1.5 KB however long the memories are", () => {
		const context = promptContext(many(10, "word ".repeat(500)))?.text ?? "";
		expect(context.length).toBeLessThanOrEqual(PROMPT_CONTEXT_CHARS);
		expect(context).toContain("Memory/Note 0.md");
	});
});

describe("sessionStartContext", () => {
	it("lists the core memories, then the ones relevant to the project, with their ids", () => {
		const context = sessionStartContext({
			project: "harbor",
			core: [{ id: "Memory/Team prefers small PRs.md", text: "preference" }],
			relevant: [{ id: "Decisions/Use CRDTs.md", text: "Each note body is a sequence CRDT." }],
		}).text;
		expect(context.indexOf("Memory/Team prefers small PRs.md")).toBeLessThan(context.indexOf("Decisions/Use CRDTs.md"));
		expect(context).toContain("Memories most relevant to harbor:");
	});

	it("stays within about 2 KB with many memories", () => {
		const context = sessionStartContext({
			project: "harbor",
			core: many(30, "x ".repeat(200)),
			relevant: many(10, "y ".repeat(200)),
		}).text;
		expect(context.length).toBeLessThanOrEqual(SESSION_START_CONTEXT_CHARS);
	});

	it("counts as shown only the memories whose lines fit, so reports and session notes name no others", () => {
		const { text, shown } = sessionStartContext({
			project: "harbor",
			core: many(30, "x ".repeat(200)),
			relevant: [{ id: "Decisions/Use CRDTs.md", text: "short" }],
		});
		expect(shown.length).toBeGreaterThan(0);
		expect(shown.length).toBeLessThan(31);
		for (const memory of shown) expect(text).toContain(`- ${memory.id}:`);
		expect(text).not.toContain(`Memory/Note ${shown.length}.md`);
		const prompt = promptContext(many(10, "word ".repeat(500)));
		expect(prompt?.shown.map((memory) => memory.id)).toEqual(
			many(10, "")
				.slice(0, prompt?.shown.length)
				.map((memory) => memory.id),
		);
		expect(prompt?.shown.length).toBeLessThan(10);
	});
});
