import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { editFrontmatter } from "../../../src/core/frontmatter/edit-frontmatter";
import { readFrontmatterBlock } from "../../../src/core/frontmatter/frontmatter-block";

/** Hand-written frontmatter in the styles people use: comments, flow lists, quotes, block scalars, memory keys. */
const frontmatters = [
	"",
	"---\n---\n",
	"---\ntitle: Plan # c\ntags: [a,  b]\n---\n",
	"---\r\nmemory_status: 'active'\r\naliases:\r\n  - X\r\n---\r\n",
	"\uFEFF---\nmemory_a: |\n  text\n# trailing comment\n---\n",
	'---\nmemory_b:\n  - "[[Y]]"\nmemory_c: 3\nnote: >\n  folded\n---\n',
];

const bodyPiece = fc.constantFrom(
	"---",
	"\n",
	"\r\n",
	"\r",
	" ",
	"\t",
	"text",
	"# H",
	"\uFEFF",
	"ü😀",
	"memory_a: 1",
	"",
);
const body = fc.oneof(
	fc.array(bodyPiece, { maxLength: 12 }).map((pieces) => pieces.join("")),
	fc.string({ unit: "grapheme" }),
);
const value = fc.oneof(
	fc.constant(undefined),
	fc.constant(null),
	fc.boolean(),
	fc.integer(),
	fc.string({ unit: "grapheme" }),
	fc.array(fc.string({ unit: "grapheme", maxLength: 12 }), { maxLength: 3 }),
);
const patch = fc.dictionary(fc.stringMatching(/^memory_[a-e]$/), value, { maxKeys: 4 });

function bodyOf(content: string): string {
	const block = readFrontmatterBlock(content);
	return content.slice(block?.bodyStart ?? (content.startsWith("\uFEFF") ? 1 : 0));
}

function frontmatterOf(content: string): Record<string, unknown> {
	const block = readFrontmatterBlock(content);
	return (
		(block ? (parse(content.slice(block.yamlStart, block.yamlEnd)) as Record<string, unknown> | null) : null) ?? {}
	);
}

describe("editFrontmatter properties", () => {
	it("keeps the body, applies the patch, and is idempotent", () => {
		fc.assert(
			fc.property(fc.constantFrom(...frontmatters), body, patch, (frontmatter, text, changes) => {
				// Without a block of its own, a body that opens with `---` would be read as frontmatter.
				fc.pre(frontmatter !== "" || !/^\uFEFF?---/.test(text));
				const content = frontmatter + text;
				const first = editFrontmatter(content, changes);
				if (!first.ok) throw new Error(first.error);
				expect(bodyOf(first.content)).toBe(bodyOf(content));

				const expected = { ...frontmatterOf(content), ...changes };
				for (const [key, v] of Object.entries(changes)) if (v === undefined) delete expected[key];
				expect(frontmatterOf(first.content)).toEqual(expected);

				expect(editFrontmatter(first.content, changes)).toEqual({ ok: true, content: first.content, changed: false });
			}),
			{ numRuns: 500 },
		);
	});
});
