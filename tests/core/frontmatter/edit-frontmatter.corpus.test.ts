import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { editFrontmatter, type EditResult } from "../../../src/core/frontmatter/edit-frontmatter";
import { readFrontmatterBlock } from "../../../src/core/frontmatter/frontmatter-block";
import { sharedPath } from "../../helpers/shared";

const corpus = sharedPath("corpora", "kepano-obsidian");
const notes = corpus.found
	? readdirSync(corpus.path, { recursive: true, encoding: "utf8" })
			.filter((file) => file.endsWith(".md"))
			.sort()
	: [];

function content(result: EditResult): string {
	if (!result.ok) throw new Error(result.error);
	return result.content;
}

function split(text: string): { frontmatter: Record<string, unknown>; body: string } {
	const block = readFrontmatterBlock(text);
	const yaml = block ? text.slice(block.yamlStart, block.yamlEnd) : "";
	const frontmatter = (parseDocument(yaml, { logLevel: "error" }).toJS() ?? {}) as Record<string, unknown>;
	return { frontmatter, body: text.slice(block?.bodyStart ?? 0) };
}

describe.skipIf(!corpus.found)("editFrontmatter over the kepano-obsidian corpus", () => {
	it("finds the corpus notes", () => {
		expect(notes.length).toBeGreaterThan(50);
	});

	it.each(notes)("%s: adding then removing memory_status changes nothing else", (file) => {
		const original = readFileSync(join(corpus.path, file), "utf8");
		const marked = content(editFrontmatter(original, { memory_status: "dormant" }));

		const before = split(original);
		const after = split(marked);
		expect(after.body).toBe(before.body);
		expect(after.frontmatter.memory_status).toBe("dormant");
		delete after.frontmatter.memory_status;
		expect(after.frontmatter).toEqual(before.frontmatter);

		expect(content(editFrontmatter(marked, { memory_status: undefined }))).toBe(original);
	});
});
