/**
 * What the parser yields for one note. Field names and shapes follow Obsidian's
 * `CachedMetadata` so the Obsidian adapter can hand over the app's own cache and the
 * oracle tests can compare field by field. Positions are left out.
 */
export interface LinkRef {
	/** Link target as written, including any `#heading` or `#^block` subpath, without `.md` stripping. */
	link: string;
	/** The exact source text of the link, e.g. `[[a|b]]` or `[b](a.md)`. */
	original: string;
	/** What Obsidian would display: the alias, else the link text. */
	displayText?: string;
}

export interface FrontmatterLinkRef extends LinkRef {
	/** Property name; list entries get `key.N` like Obsidian (`up.0`, `up.1`). */
	key: string;
}

export interface InlineFieldLinkRef extends LinkRef {
	/** Dataview inline field name, as written (`caused_by` in `caused_by:: [[X]]`). */
	key: string;
}

export interface HeadingRef {
	heading: string;
	level: number;
}

export interface TagRef {
	/** With the leading `#`, as Obsidian reports inline tags. */
	tag: string;
}

export interface ParsedNote {
	/** Parsed YAML frontmatter; undefined when the note has none or it is invalid. */
	frontmatter?: Record<string, unknown>;
	/** Set when a frontmatter block exists but is not valid YAML (the note is still indexed). */
	frontmatterError?: string;
	/** Offset in the file where the body starts (after the closing `---` line), 0 without frontmatter. */
	bodyStart: number;
	links: LinkRef[];
	embeds: LinkRef[];
	frontmatterLinks: FrontmatterLinkRef[];
	inlineFieldLinks: InlineFieldLinkRef[];
	/** Inline tags in the body (frontmatter tags live in `frontmatter.tags`). */
	tags: TagRef[];
	headings: HeadingRef[];
	/** Block ids (`^id`) defined in the note, without the caret. */
	blocks: string[];
	/** Normalised aliases from `aliases`/`alias` frontmatter. */
	aliases: string[];
	/** All tags, frontmatter and inline, normalised with a leading `#` (Obsidian's getAllTags). */
	allTags: string[];
}
