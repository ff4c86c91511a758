import { stringifyEntry } from "../../core/frontmatter/stringify-yaml";
import type { MemoryGraph } from "../../core/graph/memory-graph";
import type { EdgeType } from "../../core/model/edge-types";
import { basenameKey } from "../../core/parse/link-resolver";
import { readableText } from "../../core/recall/keyword/keyword-document";
import { MemoryError } from "../../core/model/memory-error";
import { titleFromText } from "../../core/recall/content-title";

/**
 * Frontmatter key of the links made by store-time similarity. It maps to no edge type, so the
 * graph reads its links as related_to; the key tells them apart from links an agent asked for.
 */

// Characters a wikilink target cannot hold.
const UNLINKABLE = /[#^|[\]]/;

/** A title from the first words of the first line with words in it (markdown markup dropped). */
export function titleFromContent(content: string): string {
	return titleFromText(readableText(content));
}

const VERSION_SUFFIX = / \(v(\d{1,6})\)$/;

/**
 * The names an amended memory tries, in order: the old title's next version, "Deploy freeze" →
 * "Deploy freeze (v2)", "Deploy freeze (v2)" → "Deploy freeze (v3)", then the versions after it
 * (an older version amended again branches off under the next free one).
 */
export function* amendedNames(oldTitle: string): Generator<string> {
	const version = VERSION_SUFFIX.exec(oldTitle);
	const base = version ? oldTitle.slice(0, version.index) : oldTitle;
	for (let n = version ? Number(version[1]) + 1 : 2; ; n++) yield `${base} (v${n})`;
}

/** `Name`, then `Name 2`, `Name 3`, … */
export function* numberedNames(name: string): Generator<string> {
	yield name;
	for (let n = 2; ; n++) yield `${name} ${n}`;
}

/**
 * The frontmatter key that holds links of `type`: the key named after the type when it still
 * maps to it (the default), else the first key the edgeKeys setting maps to the type.
 */
export function edgeKeyFor(edgeKeys: Readonly<Record<string, EdgeType>>, type: EdgeType, field: string): string {
	if (edgeKeys[type] === type) return type;
	const key = Object.keys(edgeKeys)
		.sort()
		.find((candidate) => edgeKeys[candidate] === type);
	if (key === undefined) {
		throw new MemoryError(
			`No frontmatter key makes ${type} edges (setting index.edgeKeys maps "${type}" elsewhere); map a key to ${type} there.`,
			field,
		);
	}
	return key;
}

/** Whether a [[wikilink]] can name the note: its path holds none of `#`, `^`, `|`, brackets. */
export function isLinkable(path: string): boolean {
	return !UNLINKABLE.test(path);
}

/**
 * The `[[link]]` a note at `sourcePath` writes to reach `target` (see isLinkable): the bare note
 * name when Obsidian resolves it to the target from there (and the source, which may not be
 * indexed yet, does not bear the same name), else the full path without `.md`.
 */
export function wikilinkTo(graph: MemoryGraph, target: string, sourcePath: string): string {
	const withoutMd = target.replace(/\.md$/i, "");
	const name = withoutMd.slice(withoutMd.lastIndexOf("/") + 1);
	const bare = basenameKey(sourcePath) !== basenameKey(target) && graph.resolve(name, sourcePath) === target;
	return bare ? `[[${name}]]` : `[[${withoutMd}]]`;
}

export interface ComposedNote {
	text: string;
	/** The properties the frontmatter block was written from: what parsing the block gives back (empty: parse it). */
	frontmatter: Record<string, unknown>;
}

/** A note: the frontmatter entries in the given order (undefined values left out), then the content. */
export function composeNote(entries: readonly (readonly [string, unknown])[], content: string): ComposedNote {
	const written = entries.filter(([, value]) => value !== undefined);
	const yaml = written.map(([key, value]) => stringifyEntry(key, value, "\n")).join("");
	// A key written twice (edge keys mapped onto another property) makes the block invalid YAML: left to the parser to report.
	const repeated = new Set(written.map(([key]) => key)).size < written.length;
	const frontmatter: Record<string, unknown> = repeated
		? {}
		: Object.fromEntries(
				written.map(([key, value]) => [key, Array.isArray(value) ? [...(value as unknown[])] : value]),
			);
	return { text: `---\n${yaml}---\n${content.endsWith("\n") ? content : `${content}\n`}`, frontmatter };
}
