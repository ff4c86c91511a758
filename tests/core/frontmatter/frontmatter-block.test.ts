import { describe, expect, it } from "vitest";
import { readFrontmatterBlock } from "../../../src/core/frontmatter/frontmatter-block";

function parts(content: string) {
	const block = readFrontmatterBlock(content);
	return (
		block && {
			yaml: content.slice(block.yamlStart, block.yamlEnd),
			body: content.slice(block.bodyStart),
			eol: block.eol,
		}
	);
}

describe("readFrontmatterBlock", () => {
	it.each([
		["---\na: 1\n---\nbody", { yaml: "a: 1\n", body: "body", eol: "\n" }],
		["\uFEFF---\r\na: 1\r\n---  \r\nbody", { yaml: "a: 1\r\n", body: "body", eol: "\r\n" }],
		["---\n---\nbody", { yaml: "", body: "body", eol: "\n" }],
		["---\na: 1\n---", { yaml: "a: 1\n", body: "", eol: "\n" }],
		["---\na: 1\n----\n---\nbody", { yaml: "a: 1\n----\n", body: "body", eol: "\n" }],
	])("finds the block in %j", (content, expected) => {
		expect(parts(content)).toEqual(expected);
	});

	it.each([
		["no block"],
		["---\nno closing line\n"],
		["---\na: 1\r---\n"],
		[" ---\na: 1\n---\n"],
		["text\n---\na: 1\n---\n"],
	])("finds none in %j", (content) => {
		expect(readFrontmatterBlock(content)).toBeNull();
	});
});
