import { describe, expect, it } from "vitest";
import { editFrontmatter, type EditResult } from "../../../src/core/frontmatter/edit-frontmatter";

function edited(result: EditResult): string {
	if (!result.ok) throw new Error(`expected ok, got: ${result.error}`);
	return result.content;
}

describe("editFrontmatter on a note with frontmatter", () => {
	const note = [
		"---",
		"title: 'Plan'  # the name",
		"tags: [work,  plans]",
		"# status below",
		'memory_status: "active"  # set by the plugin',
		"aliases:",
		"  - Roadmap",
		"summary: |",
		"  two",
		"  lines",
		"cover:",
		"---",
		"Body line",
		"",
	].join("\n");

	it("replaces a scalar in place, keeping its quotes, spacing and comment", () => {
		const result = edited(editFrontmatter(note, { memory_status: "dormant" }));
		expect(result).toBe(note.replace('memory_status: "active"', 'memory_status: "dormant"'));
	});

	it("appends new keys after the last one and leaves everything else byte for byte", () => {
		const result = edited(editFrontmatter(note, { memory_pinned: true, caused_by: ["[[Goal]]"] }));
		expect(result).toBe(note.replace("cover:\n---", 'cover:\nmemory_pinned: true\ncaused_by:\n  - "[[Goal]]"\n---'));
	});

	it("removes whole entries, including list items and block scalar lines", () => {
		const result = edited(editFrontmatter(note, { aliases: undefined, summary: undefined }));
		expect(result).toBe(note.replace("aliases:\n  - Roadmap\nsummary: |\n  two\n  lines\n", ""));
	});

	it("replaces a list with the new list and an empty value with a scalar", () => {
		const result = edited(editFrontmatter(note, { aliases: ["A", "B"], cover: "pic.png" }));
		expect(result).toBe(note.replace("  - Roadmap\n", "  - A\n  - B\n").replace("cover:\n", "cover: pic.png\n"));
	});

	it("reports changed:false and returns the same text for a patch that changes nothing", () => {
		for (const patch of [
			{},
			{ memory_status: "active" },
			{ missing: undefined },
			{ tags: ["work", "plans"] },
			{ cover: null },
		]) {
			expect(editFrontmatter(note, patch)).toEqual({ ok: true, content: note, changed: false });
		}
	});

	it("drops a block that only held the removed keys", () => {
		expect(edited(editFrontmatter("---\nmemory_status: dormant\n---\nText", { memory_status: undefined }))).toBe(
			"Text",
		);
	});

	it("keeps a block that still holds a comment after the removal", () => {
		const content = "---\n# mine\nmemory_status: dormant\n---\nText";
		expect(edited(editFrontmatter(content, { memory_status: undefined }))).toBe("---\n# mine\n---\nText");
	});

	it("keeps CRLF line endings, a BOM, and a closing line at the end of the file", () => {
		const content = "\uFEFF---\r\na: 1\r\n---";
		expect(edited(editFrontmatter(content, { b: "x y" }))).toBe("\uFEFF---\r\na: 1\r\nb: x y\r\n---");
	});

	it("edits an empty block", () => {
		expect(edited(editFrontmatter("---\n---\nText", { a: 1 }))).toBe("---\na: 1\n---\nText");
	});
});

describe("editFrontmatter on a note without frontmatter", () => {
	it("adds a block at the top with the note's own line endings and the BOM first", () => {
		const content = "\uFEFF# Title\r\n\r\ntext  ";
		expect(edited(editFrontmatter(content, { memory_status: "dormant" }))).toBe(
			"\uFEFF---\r\nmemory_status: dormant\r\n---\r\n# Title\r\n\r\ntext  ",
		);
	});

	it("adds nothing when the patch only removes keys", () => {
		expect(editFrontmatter("plain", { memory_status: undefined })).toEqual({
			ok: true,
			content: "plain",
			changed: false,
		});
	});

	it("treats a leading horizontal rule without a closing line as body", () => {
		const content = "---\n\nText after a rule";
		const result = edited(editFrontmatter(content, { a: 1 }));
		expect(result).toBe(`---\na: 1\n---\n${content}`);
		expect(edited(editFrontmatter(result, { a: undefined }))).toBe(content);
	});
});

describe("editFrontmatter refuses to rewrite what it cannot edit safely", () => {
	const cases: Array<[string, string, RegExp]> = [
		["duplicate keys", "---\na: 1\na: 2\n---\nText", /invalid \(line 3\): Map keys must be unique/],
		["tab indentation", "---\na:\n\t- x\n---\n", /invalid \(line 3\): Tabs are not allowed/],
		["a list as frontmatter", "---\n- a\n- b\n---\n", /mapping of "key: value" lines, not a list/],
		["a flow mapping", "---\n{a: 1}\n---\n", /flow mapping/],
		["an anchored value used elsewhere", "---\na: &x 1\nb: *x\n---\n", /key "b" would change/],
	];
	it.each(cases)("%s", (_name, content, message) => {
		const result = editFrontmatter(content, { a: 5 });
		expect(result.ok).toBe(false);
		if (!result.ok) {
			expect(result.error).toMatch(message);
			expect(result.error).toMatch(/not changed/);
		}
	});
});
