import { normaliseFrontmatterTag } from "./tag-grammar";
import type { FrontmatterLinkRef } from "../model/parsed-note";
import { wikilinksIn } from "./wikilink";

type Frontmatter = Record<string, unknown>;

function scalarText(value: unknown): string | null {
	if (typeof value === "string") return value;
	if (typeof value === "number" || typeof value === "boolean") return String(value);
	return null;
}

/** `aliases`/`alias`: a list, or a comma-separated string, as Obsidian reads them. */
export function frontmatterAliases(frontmatter: Frontmatter | undefined): string[] {
	if (!frontmatter) return [];
	const aliases: string[] = [];
	for (const key of ["aliases", "alias"]) {
		const value = frontmatter[key];
		const entries = Array.isArray(value) ? value.map(scalarText) : typeof value === "string" ? value.split(",") : [];
		for (const entry of entries) {
			const alias = entry?.trim();
			if (alias) aliases.push(alias);
		}
	}
	return aliases;
}

/** `tags`/`tag` as getAllTags reports them: `#`-prefixed, invalid entries dropped. */
export function frontmatterTags(frontmatter: Frontmatter | undefined): string[] {
	if (!frontmatter) return [];
	const tags: string[] = [];
	for (const key of ["tags", "tag"]) {
		const value = frontmatter[key];
		const entries: unknown[] = Array.isArray(value) ? value : [value];
		for (const entry of entries) {
			const tag = normaliseFrontmatterTag(typeof entry === "number" ? String(entry) : entry);
			if (tag) tags.push(tag);
		}
	}
	return tags;
}

/** Deeper property nesting than this is not searched for links (and keeps recursion bounded). */
const MAX_DEPTH = 32;

function collectLinks(value: unknown, key: string, out: FrontmatterLinkRef[], depth = 0): void {
	if (depth > MAX_DEPTH) return;
	if (typeof value === "string") {
		for (const ref of wikilinksIn(value)) out.push({ ...ref, key });
	} else if (Array.isArray(value)) {
		value.forEach((entry, index) => collectLinks(entry, `${key}.${index}`, out, depth + 1));
	} else if (value !== null && typeof value === "object") {
		for (const [sub, entry] of Object.entries(value)) collectLinks(entry, `${key}.${sub}`, out, depth + 1);
	}
}

/**
 * Wikilinks in property values, in property order. A list entry's key is `prop.N` as in
 * Obsidian; values nested in objects get `prop.sub` keys.
 */
export function frontmatterLinks(frontmatter: Frontmatter | undefined): FrontmatterLinkRef[] {
	const links: FrontmatterLinkRef[] = [];
	if (!frontmatter) return links;
	for (const [key, value] of Object.entries(frontmatter)) collectLinks(value, key, links);
	return links;
}
