import type { ParsedNote } from "../../../src/core/model/parsed-note";
import type { BlockCache, CachedMetadata, Pos } from "./metadata-types";

/**
 * The fake's metadata cache: our parser's output in the app's CachedMetadata shape. Like the
 * app, empty lists are left out, except `frontmatterLinks`, which the app sets (possibly empty)
 * whenever a note has properties. Positions are not computed: every item gets an empty range,
 * and `sections`/`listItems` are absent.
 */
export function cacheFromParse(parsed: ParsedNote): CachedMetadata {
	const cache: CachedMetadata = {};
	if (parsed.links.length > 0) cache.links = parsed.links.map((link) => ({ ...link, position: emptyPos() }));
	if (parsed.embeds.length > 0) cache.embeds = parsed.embeds.map((embed) => ({ ...embed, position: emptyPos() }));
	if (parsed.tags.length > 0) cache.tags = parsed.tags.map((tag) => ({ ...tag, position: emptyPos() }));
	if (parsed.headings.length > 0)
		cache.headings = parsed.headings.map((heading) => ({ ...heading, position: emptyPos() }));
	if (parsed.blocks.length > 0) {
		const blocks: Record<string, BlockCache> = {};
		for (const id of parsed.blocks) blocks[id.toLowerCase()] ??= { id, position: emptyPos() };
		cache.blocks = blocks;
	}
	if (parsed.bodyStart > 0) cache.frontmatterPosition = { start: loc(0), end: loc(parsed.bodyStart) };
	if (parsed.frontmatter !== undefined) {
		cache.frontmatter = structuredClone(parsed.frontmatter);
		cache.frontmatterLinks = parsed.frontmatterLinks.map((link) => ({ ...link }));
	}
	return cache;
}

function loc(offset: number): Pos["start"] {
	return { line: 0, col: 0, offset };
}

function emptyPos(): Pos {
	return { start: loc(0), end: loc(0) };
}
