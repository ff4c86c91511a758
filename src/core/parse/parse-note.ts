import { BodyScanner } from "./body-scanner";
import { locateFrontmatter, parseFrontmatter } from "./frontmatter";
import { frontmatterAliases, frontmatterLinks, frontmatterTags } from "./frontmatter-properties";
import type { ParsedNote } from "../model/parsed-note";

/**
 * Reads a note the way Obsidian's metadata cache does: frontmatter, links, embeds, tags,
 * headings and block ids, plus Dataview inline-field links. Never throws; invalid frontmatter
 * is reported in `frontmatterError` and the body is still read.
 *
 * `written`: the properties the note's frontmatter block was just written from with
 * `stringifyEntry` (the yaml library's stringify, whose parser reads back what it wrote), taken
 * as they are instead of parsing the block again
 * (`tests/engine/writer/compose-note.property.test.ts`).
 */
export function parseNote(content: string, written?: Record<string, unknown>): ParsedNote {
	const block = locateFrontmatter(content);
	const { frontmatter, frontmatterError } = !block
		? {}
		: written && Object.keys(written).length > 0
			? { frontmatter: written }
			: parseFrontmatter(block.yaml);
	const bodyStart = block?.bodyStart ?? 0;
	const scanner = new BodyScanner();
	const body = bodyStart === 0 ? content : content.slice(bodyStart);
	for (const line of body.split("\n")) scanner.line(line);
	const found = scanner.findings();
	const result: ParsedNote = {
		bodyStart,
		links: found.links,
		embeds: found.embeds,
		frontmatterLinks: frontmatterLinks(frontmatter),
		inlineFieldLinks: found.inlineFieldLinks,
		tags: found.tags,
		headings: found.headings,
		blocks: found.blocks,
		aliases: frontmatterAliases(frontmatter),
		allTags: [...frontmatterTags(frontmatter), ...found.tags.map((t) => t.tag)],
	};
	if (frontmatter) result.frontmatter = frontmatter;
	if (frontmatterError) result.frontmatterError = frontmatterError;
	return result;
}
