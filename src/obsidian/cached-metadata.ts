import { getAllTags, parseFrontMatterAliases, type CachedMetadata, type Reference } from "obsidian";
import type { LinkRef, ParsedNote } from "../core/model/parsed-note";

function linkRef(reference: Reference): LinkRef {
	const ref: LinkRef = { link: reference.link, original: reference.original };
	if (reference.displayText !== undefined) ref.displayText = reference.displayText;
	return ref;
}

/**
 * Our ParsedNote from the app's metadata cache. The cache knows nothing of Dataview inline
 * fields, where the body starts or why properties are missing, so those come from our own
 * parse of the same content (`ours`); everything else is Obsidian's reading of the note.
 */
export function parsedFromCache(cache: CachedMetadata, ours: ParsedNote): ParsedNote {
	const parsed: ParsedNote = {
		bodyStart: ours.bodyStart,
		links: (cache.links ?? []).map(linkRef),
		embeds: (cache.embeds ?? []).map(linkRef),
		frontmatterLinks: (cache.frontmatterLinks ?? []).map((ref) => ({ ...linkRef(ref), key: ref.key })),
		inlineFieldLinks: ours.inlineFieldLinks,
		tags: (cache.tags ?? []).map((tag) => ({ tag: tag.tag })),
		headings: (cache.headings ?? []).map((heading) => ({ heading: heading.heading, level: heading.level })),
		blocks: Object.values(cache.blocks ?? {}).map((block) => block.id),
		aliases: parseFrontMatterAliases(cache.frontmatter) ?? [],
		allTags: getAllTags(cache) ?? [],
	};
	if (cache.frontmatter) parsed.frontmatter = { ...cache.frontmatter };
	else if (ours.frontmatterError !== undefined) parsed.frontmatterError = ours.frontmatterError;
	return parsed;
}
