import type { LinkRef } from "../model/parsed-note";

/**
 * What Obsidian shows for a link without an alias: the subpath separators become ` > `
 * (`a#h` → `a > h`, `#h#sub` → `h > sub`, `a#^id` → `a > ^id`).
 */
function defaultDisplayText(link: string): string {
	if (!link.includes("#")) return link;
	return link
		.split("#")
		.filter((part) => part !== "")
		.join(" > ");
}

/**
 * The link inside `[[…]]`. The first `|` separates the alias unless it is the first character
 * (Obsidian reads `[[|x]]` as a link to `|x`); `\|` (the table-cell escape) separates it too.
 * Returns null for `[[]]`, which Obsidian does not treat as a link.
 */
export function parseWikilinkInner(inner: string, original: string): LinkRef | null {
	if (inner === "") return null;
	const pipe = inner.indexOf("|");
	if (pipe <= 0) return { link: inner, original, displayText: defaultDisplayText(inner) };
	const link = inner.charCodeAt(pipe - 1) === 92 /* \ */ ? inner.slice(0, pipe - 1) : inner.slice(0, pipe);
	const alias = inner.slice(pipe + 1);
	return { link, original, displayText: alias === "" ? defaultDisplayText(link) : alias };
}

/** Every `[[…]]` in a short text such as a frontmatter value (no code spans or escapes there). */
export function wikilinksIn(text: string): LinkRef[] {
	const found: LinkRef[] = [];
	let from = 0;
	for (;;) {
		const open = text.indexOf("[[", from);
		if (open < 0) return found;
		const close = text.indexOf("]]", open + 2);
		if (close < 0) return found;
		const start = text.lastIndexOf("[[", close - 1);
		const original = text.slice(start, close + 2);
		const ref = parseWikilinkInner(text.slice(start + 2, close), original);
		if (ref) found.push(ref);
		from = close + 2;
	}
}
