import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNote } from "../../../src/core/parse/parse-note";
import { composeNote } from "../../../src/engine/writer/memory-note-file";
import { checkLabel, checkReason, checkTags } from "../../../src/engine/writer/memory-write-input";

/** Values YAML reads as something else unless quoted, and characters its syntax gives a meaning. */
const yamlish = fc.constantFrom(
	"123",
	"0x1F",
	"1e3",
	"-0",
	".inf",
	".NaN",
	"true",
	"False",
	"yes",
	"no",
	"on",
	"null",
	"~",
	"",
	" ",
	"2024-03-05",
	"2024-03-05T10:00:00Z",
	"- a",
	"a: b",
	"a:b",
	"? a",
	"#x",
	"a #b",
	"'",
	'"',
	"[[Note]]",
	"[a, b]",
	"{a: 1}",
	"&anchor",
	"*alias",
	"!tag",
	"!!str",
	"%YAML",
	"@",
	"`",
	"|",
	">",
	"---",
	"...",
	"\t",
	"\n",
	"\r\n",
	"\\",
	"🎉",
	"日本",
	"\u202e",
	"\u00a0",
);
const text = fc
	.array(fc.oneof(yamlish, fc.string({ unit: "grapheme", maxLength: 8 })), { maxLength: 8 })
	.map((parts) => parts.join(""));
/** What the writer's input checks let through, or undefined. */
const accepted = <T>(check: (value: string) => T) =>
	text.map((value) => {
		try {
			return check(value);
		} catch {
			return undefined;
		}
	});
const label = accepted((value) => checkLabel(value, "label"));
const reason = accepted((value) => checkReason(value, "reason"));
const tags = fc
	.array(
		accepted((value) => checkTags([value], "tags")[0]),
		{ maxLength: 4 },
	)
	.map((list) => list.filter((tag): tag is string => tag !== undefined));
const links = fc.array(
	text.map((name) => `[[${name.replace(/[[\]|#^\n\r]/g, "")}]]`),
	{ maxLength: 4 },
);

describe("composeNote", () => {
	it("gives the properties that parsing the note it wrote gives back", () => {
		fc.assert(
			fc.property(
				label,
				label,
				reason,
				tags,
				links,
				links,
				text,
				(category, session, why, tagList, related, auto, content) => {
					const { text: note, frontmatter } = composeNote(
						[
							["memory_source", "mcp"],
							["memory_created", "2026-12-02T08:00:00.000Z"],
							["memory_category", category],
							["memory_event_date", "2023-05-08"],
							["memory_session", session],
							["tags", tagList.length === 0 ? undefined : tagList],
							["memory_amend_reason", why],
							["related_to", related.length === 0 ? undefined : related],
							["memory_auto_links", auto.length === 0 ? undefined : auto],
						],
						content,
					);
					const parsed = parseNote(note);
					expect(parsed.frontmatterError).toBeUndefined();
					expect(frontmatter).toStrictEqual(parsed.frontmatter);
					expect(parseNote(note, frontmatter)).toStrictEqual(parsed);
				},
			),
			{ numRuns: 1500 },
		);
	});

	it("leaves a key written twice to the parser, which reports it", () => {
		const { text: note, frontmatter } = composeNote(
			[
				["tags", ["a"]],
				["tags", ["[[B]]"]],
			],
			"x",
		);
		expect(frontmatter).toEqual({});
		expect(parseNote(note, frontmatter).frontmatterError).toMatch(/Map keys must be unique/);
	});
});
