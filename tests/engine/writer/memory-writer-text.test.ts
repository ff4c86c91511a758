import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { MemoryError } from "../../../src/core/model/memory-error";
import { refusal, snapshot, stopEngines, writerHarness } from "./writer-harness";

afterEach(stopEngines);

const NOTES: Record<string, string> = {
	"Garden.md": "Tomatoes need more water in July.",
	"Books.md": "Reading list: a novel about sailing.",
};

describe("what the store accepts, the index finds", () => {
	it("refuses content with NUL, naming the field and the character to remove, and writes nothing", async () => {
		const h = await writerHarness(NOTES);
		const before = snapshot(h.vault);
		const error = await refusal(() =>
			h.engine.writer.store({ content: "Backups run at 02:00.\u0000 Restore tested monthly.", title: "Backups" }),
		);
		expect(error.field).toBe("content");
		expect(error.message).toBe(
			"content contains U+0000 (NUL) at character 21; remove it. A memory is text: control characters other than tab and line breaks are refused.",
		);
		expect(snapshot(h.vault)).toEqual(before);
		expect(h.engine.index.graph.order).toBe(2);
	});

	it("refuses other control characters and lone surrogates in content, amend content and reasons", async () => {
		const h = await writerHarness({ ...NOTES, "Memory/Budget.md": "---\nmemory_source: mcp\n---\nThe budget is 5.\n" });
		const before = snapshot(h.vault);
		const { writer } = h.engine;
		for (const [bad, name] of [
			["\u0007", "U+0007 (a control character)"],
			["\u001b[31m", "U+001B (a control character)"],
			["\u007f", "U+007F (a control character)"],
			["\u0085", "U+0085 (a control character)"],
			["\ud83d", "U+D83D (a lone surrogate)"],
		]) {
			const stored = await refusal(() => writer.store({ content: `Alarm ${bad} text` }));
			expect([stored.field, stored.message.slice(0, stored.message.indexOf(";"))]).toEqual([
				"content",
				`content contains ${name} at character 6`,
			]);
			const amended = await refusal(() => writer.amend("Budget", `The budget is 6.${bad}`));
			expect(amended.field).toBe("content");
			const reason = await refusal(() => writer.amend("Budget", "The budget is 6.", `approved${bad}`));
			expect([reason.field, reason.message.startsWith(`reason contains ${name}`)]).toEqual(["reason", true]);
			const linkReason = await refusal(() => writer.link("Budget", "Garden", "related_to", `because${bad}`));
			expect(linkReason.field).toBe("reason");
		}
		expect(snapshot(h.vault)).toEqual(before);
	});

	it("finds, explains and deletes every memory it accepted, whatever text it holds", async () => {
		const h = await writerHarness(NOTES);
		const contents = [
			"Tabs\tand\tcolumns: zebrawords alpha",
			"Windows line breaks\r\nsecond line zebrawords bravo\r\n",
			"An old Mac line break\rzebrawords charlie",
			"Replacement character \uFFFD kept zebrawords delta",
			"Right-to-left \u202Eoverride\u202C inside zebrawords echo",
			"Emoji 👩‍👩‍👧 and zero\u200Bwidth zebrawords foxtrot",
			"---\nlooks: like frontmatter\n---\nzebrawords golf",
			"# Heading only zebrawords hotel",
			"[[Garden]] [link](Books.md) zebrawords india",
		];
		for (const content of contents) {
			const { nodeId } = await h.engine.writer.store({ content });
			const word = content.split(" ").pop()?.trim() ?? "";
			expect(h.engine.index.graph.hasNote(nodeId), nodeId).toBe(true);
			expect(h.engine.index.warnings().filter((warning) => warning.path === nodeId && warning.skipped)).toEqual([]);
			const recalled = await h.engine.recall(`zebrawords ${word}`, { readOnly: true });
			expect(recalled.results[0]?.path, content).toBe(nodeId);
			expect(h.engine.inspector.explain(nodeId).path).toBe(nodeId);
			await h.engine.writer.delete(nodeId);
			expect(h.engine.index.graph.hasNote(nodeId)).toBe(false);
			expect(h.vault.content(nodeId)).toBeUndefined();
		}
	});

	it("either refuses content, naming the field, or indexes it: never stored and invisible", async () => {
		const h = await writerHarness(NOTES);
		const pieces = [
			"word",
			" ",
			"\n",
			"\r\n",
			"\t",
			"\u0000",
			"\u001b",
			"\u007f",
			"\ud800",
			"😀",
			"\uFFFD",
			"\u202E",
			"---\n",
			"[[",
			"]]",
			"# ",
			"key: value\n",
		];
		await fc.assert(
			fc.asyncProperty(fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 12 }), async (parts) => {
				const content = parts.join("");
				let nodeId: string;
				try {
					({ nodeId } = await h.engine.writer.store({ content }));
				} catch (error) {
					expect(error).toBeInstanceOf(MemoryError);
					expect((error as MemoryError).field).toBe("content");
					return;
				}
				expect(h.engine.index.graph.hasNote(nodeId)).toBe(true);
				expect(h.engine.inspector.explain(nodeId).path).toBe(nodeId);
				await h.engine.writer.delete(nodeId);
				expect(h.engine.index.graph.hasNote(nodeId)).toBe(false);
			}),
			{ numRuns: 150, seed: 20261201 },
		);
	});
});

describe("generated file names", () => {
	it("drop bidi controls from a title, so a name cannot pose as another", async () => {
		const h = await writerHarness(NOTES);
		const { nodeId } = await h.engine.writer.store({
			content: "An invoice arrived.",
			title: "invoice\u202Efdp.exe \u2066x\u2069\u200E\u200F\u061C",
		});
		expect(nodeId).toBe("Memory/invoicefdp.exe x.md");
		expect(h.engine.index.graph.hasNote(nodeId)).toBe(true);
	});

	it("drop bidi controls from titles taken from the content and from an amended note's name", async () => {
		const h = await writerHarness({ ...NOTES, "Notes/Plan\u202E.md": "The plan is A." });
		const stored = await h.engine.writer.store({ content: "Deploy \u202Eon Tuesday\u202C after standup." });
		expect(stored.nodeId).toBe("Memory/Deploy on Tuesday after standup.md");
		const amended = await h.engine.writer.amend("Notes/Plan\u202E.md", "The plan is B.");
		expect(amended.nodeId).toBe("Memory/Plan (v2).md");
	});

	it("turn lone surrogates in a title into spaces: a file system could not store them", async () => {
		const h = await writerHarness(NOTES);
		const { nodeId } = await h.engine.writer.store({ content: "Surrogates.", title: "half\ud83dmoon" });
		expect(nodeId).toBe("Memory/half moon.md");
	});
});
