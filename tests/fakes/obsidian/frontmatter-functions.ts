import type { CachedMetadata } from "./metadata-types";

/**
 * Obsidian's property helpers as observed in the app (1.4+): exact lower-case keys (the first of
 * `aliases`/`alias`, `tags`/`tag` that has a value); a tags string is one tag (not split at
 * commas) and invalid tags are dropped, while an aliases string is split at commas. The
 * fixtures under ../shared/fixtures/obsidian-cached-metadata pin the tag behaviour; the alias
 * splitting is what users report (obsidianmd/obsidian-importer#64).
 */

const TAG_BODY = /^[^\s'!"#$%&()*+,.:;<=>?@^`{|}~[\]\\\u2000-\u206F\u2E00-\u2E7F]+$/u;

function entry(frontmatter: unknown, keys: readonly string[]): unknown {
	if (typeof frontmatter !== "object" || frontmatter === null) return null;
	const record = frontmatter as Record<string, unknown>;
	for (const key of keys) {
		if (Object.hasOwn(record, key) && record[key] !== null && record[key] !== undefined) return record[key];
	}
	return null;
}

function stringList(value: unknown): string[] | null {
	if (value === null) return null;
	const items = Array.isArray(value) ? (value as unknown[]) : [value];
	return items.flatMap((item) =>
		typeof item === "string" ? [item] : typeof item === "number" || typeof item === "boolean" ? [String(item)] : [],
	);
}

export function parseFrontMatterAliases(frontmatter: unknown): string[] | null {
	const value = entry(frontmatter, ["aliases", "alias"]);
	const aliases = typeof value === "string" ? value.split(",") : stringList(value);
	return aliases === null ? null : aliases.map((alias) => alias.trim()).filter((alias) => alias !== "");
}

export function parseFrontMatterTags(frontmatter: unknown): string[] | null {
	const value = entry(frontmatter, ["tags", "tag"]);
	if (value === null) return null;
	return (Array.isArray(value) ? (value as unknown[]) : [value])
		.filter((tag): tag is string => typeof tag === "string")
		.map((tag) => tag.trim().replace(/^#/, ""))
		.filter((body) => TAG_BODY.test(body) && !/^\d+$/.test(body))
		.map((body) => `#${body}`);
}

/** Frontmatter tags first, then inline tags in note order; duplicates are kept, as in the app. */
export function getAllTags(cache: CachedMetadata): string[] | null {
	return [...(parseFrontMatterTags(cache.frontmatter) ?? []), ...(cache.tags ?? []).map((tag) => tag.tag)];
}
