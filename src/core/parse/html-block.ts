/**
 * CommonMark HTML blocks: Obsidian does not read links or tags inside them. A block ends at a
 * blank line, or (for comments, `<pre>`-like elements and the rarer kinds) at a closing marker.
 */
export type HtmlBlockEnd = { kind: "blank" } | { kind: "marker"; marker: string };

const RAW_ELEMENTS = /^<(script|pre|style|textarea)(?:[\s>]|$)/i;

const BLOCK_ELEMENTS = new Set(
	(
		"address article aside base basefont blockquote body caption center col colgroup dd details dialog dir " +
		"div dl dt fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html " +
		"iframe legend li link main menu menuitem nav noframes ol optgroup option p param search section summary " +
		"table tbody td tfoot th thead title tr track ul"
	).split(" "),
);

const BLOCK_ELEMENT_START = /^<\/?([A-Za-z][A-Za-z0-9]*)(?:[\s>]|\/>|$)/;
const LONE_TAG = /^(?:<[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>|<\/[A-Za-z][A-Za-z0-9-]*\s*>)\s*$/;

/**
 * How the HTML block starting at `text` (a line from its first non-blank character) ends, or
 * null when the line does not start one. A lone tag (`<span>`) cannot interrupt a paragraph.
 */
export function htmlBlockStart(text: string, paragraphOpen: boolean): HtmlBlockEnd | null {
	const raw = RAW_ELEMENTS.exec(text);
	if (raw) return { kind: "marker", marker: `</${raw[1].toLowerCase()}>` };
	if (text.startsWith("<!--")) return { kind: "marker", marker: "-->" };
	if (text.startsWith("<![CDATA[")) return { kind: "marker", marker: "]]>" };
	if (text.startsWith("<?")) return { kind: "marker", marker: "?>" };
	if (/^<![A-Za-z]/.test(text)) return { kind: "marker", marker: ">" };
	const element = BLOCK_ELEMENT_START.exec(text);
	if (element && BLOCK_ELEMENTS.has(element[1].toLowerCase())) return { kind: "blank" };
	if (!paragraphOpen && LONE_TAG.test(text)) return { kind: "blank" };
	return null;
}

/** True when `line` closes a block that ends at `marker` (searched from `from`, case-insensitively). */
export function closesHtmlBlock(line: string, from: number, marker: string): boolean {
	const haystack = marker.startsWith("</") ? line.toLowerCase() : line;
	return haystack.indexOf(marker, from) >= 0;
}
