import { isMap, isNode, isScalar, parseDocument, type Document, type Pair } from "yaml";
import { duplicateKey } from "../parse/duplicate-key";

/** One top-level `key: value` entry and the lines of YAML text it occupies. */
export interface YamlEntry {
	/** The key as a string; null for a complex (collection) key. */
	key: string | null;
	pair: Pair;
	/** Whole lines from the key's line to the end of the value's last line (trailing comment included). */
	from: number;
	to: number;
	/** `text.slice(from, to)`. */
	text: string;
	/** The value as plain data; `undefined` when it cannot be converted (e.g. an unresolved alias). */
	value: unknown;
}

export type YamlMapRead = { ok: true; entries: YamlEntry[] } | { ok: false; error: string; offset?: number };

/**
 * Parses frontmatter YAML as a block mapping and locates each entry in the text, so an edit can
 * replace exactly one entry's lines and leave every other byte alone.
 */
export function readYamlMap(text: string): YamlMapRead {
	// Keys are checked by `duplicateKey`, in one pass (the library's own check is quadratic).
	const doc = parseDocument(text, { prettyErrors: false, logLevel: "error", uniqueKeys: false });
	const [error] = doc.errors;
	if (error) return { ok: false, error: error.message, offset: error.pos[0] };
	const duplicate = duplicateKey(doc);
	if (duplicate !== null) return { ok: false, error: "Map keys must be unique", offset: duplicate.range?.[0] };
	const root = doc.contents;
	if (root === null) return { ok: true, entries: [] };
	if (!isMap(root)) {
		return {
			ok: false,
			error: `it must be a mapping of "key: value" lines, not a ${isScalar(root) ? "single value" : "list"}`,
		};
	}
	if (root.flow) {
		return {
			ok: false,
			error: 'it is written as a flow mapping "{ … }"; put one "key: value" per line to make it editable',
		};
	}
	const entries = root.items.map((pair) => {
		const { from, to } = entryLines(text, pair);
		const key = isScalar(pair.key) ? String(pair.key.value) : null;
		return { key, pair, from, to, text: text.slice(from, to), value: valueOf(pair, doc) };
	});
	return { ok: true, entries };
}

function entryLines(text: string, pair: Pair): { from: number; to: number } {
	const keyRange = isNode(pair.key) ? pair.key.range : undefined;
	const valueRange = isNode(pair.value) ? pair.value.range : undefined;
	const keyStart = keyRange?.[0] ?? valueRange?.[0] ?? 0;
	const keyEnd = keyRange?.[1] ?? keyStart;
	const from = text.lastIndexOf("\n", keyStart - 1) + 1;
	let last = Math.max(keyEnd, valueRange?.[1] ?? 0) - 1;
	while (last >= keyEnd && /\s/.test(text[last] ?? "")) last--;
	const newline = text.indexOf("\n", Math.max(last + 1, keyEnd));
	return { from, to: newline === -1 ? text.length : newline + 1 };
}

function valueOf(pair: Pair, doc: Document): unknown {
	if (!isNode(pair.value)) return pair.value ?? null;
	try {
		return pair.value.toJS(doc);
	} catch {
		return undefined;
	}
}
