import { AUTO_LINK_KEY, type EdgeOrigin, type EdgeType } from "../model/edge-types";
import { splitLinkpath } from "../parse/link-resolver";
import { detachedString } from "../util/detached-string";
import type { ParsedNote } from "../model/parsed-note";

/** One link written in a note, before resolution: where it points and what edge it would make. */
export interface RawLink {
	/** Link path without `#heading`/`#^block`; empty for a link into the note itself. */
	linkpath: string;
	type: EdgeType;
	origin: EdgeOrigin;
	/** Property or inline-field name, for links that come from one. */
	key?: string;
}

/** `caused_by.0` (Obsidian's key for a list entry) → `caused_by`. */
function propertyName(key: string): string {
	return key.replace(/(\.\d+)+$/, "");
}

function keyedLink(link: string, key: string, origin: EdgeOrigin, edgeKeys: Record<string, EdgeType>): RawLink {
	const name = detachedString(propertyName(key));
	const auto = origin === "frontmatter" && name === AUTO_LINK_KEY;
	return {
		linkpath: detachedString(splitLinkpath(link).path),
		type: linkType(name, edgeKeys),
		origin: auto ? "auto_link" : origin,
		key: name,
	};
}

/** The edge type of a link written in property or inline field `key`. */
export function linkType(key: string, edgeKeys: Record<string, EdgeType>): EdgeType {
	return edgeKeys[key] ?? edgeKeys[key.toLowerCase()] ?? "related_to";
}

/**
 * Every link of a note as an edge candidate (its strings detached from the note's text: the graph
 * keeps them): typed keys come from `edgeKeys`; body links,
 * embeds and unmapped link properties are `related_to`.
 */
export function extractLinks(parsed: ParsedNote, edgeKeys: Record<string, EdgeType>): RawLink[] {
	return [
		...parsed.frontmatterLinks.map((l) => keyedLink(l.link, l.key, "frontmatter", edgeKeys)),
		...parsed.inlineFieldLinks.map((l) => keyedLink(l.link, l.key, "inline_field", edgeKeys)),
		...[...parsed.links, ...parsed.embeds].map((l): RawLink => ({
			linkpath: detachedString(splitLinkpath(l.link).path),
			type: "related_to",
			origin: "wikilink",
		})),
	];
}
