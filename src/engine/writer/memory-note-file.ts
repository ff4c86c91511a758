import { stringifyEntry } from "../../core/frontmatter/stringify-yaml";
import type { MemoryGraph } from "../../core/graph/memory-graph";
import type { EdgeType } from "../../core/model/edge-types";
import { basenameKey } from "../../core/parse/link-resolver";
import { readableText } from "../../core/recall/keyword-document";
import { MemoryError } from "../../core/model/memory-error";
import { withoutBidiControls } from "../../core/model/note-text-rules";

/**
 * Frontmatter key of the links made by store-time similarity. It maps to no edge type, so the
 * graph reads its links as related_to; the key tells them apart from links an agent asked for.
 */

/** Longest file name (without `.md`) the writer makes; long enough for a sentence, short enough for every file system. */
export const MAX_TITLE_CHARS = 100;
const WORDS_FROM_CONTENT = 10;
// Characters that are not allowed in file names on some system, or that break a [[wikilink]].
// eslint-disable-next-line no-control-regex -- control characters are among the refused ones
const UNSAFE_IN_NAME = /[\\/:*?"<>|#^[\]\u0000-\u001f\u007f-\u009f]+/g;
// Lone surrogates: a file system would store U+FFFD instead, so the note would not be found under its name.
const LONE_SURROGATES = /\p{Cs}+/gu;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;
// Characters a wikilink target cannot hold.
const UNLINKABLE = /[#^|[\]]/;

/**
 * A file name (without folder and `.md`) for a title: characters that are unsafe in file names
 * or links become spaces, bidi controls (which disguise a name) are dropped, leading dots
 * (hidden files) and trailing dots/spaces (Windows) go, reserved device names get a suffix,
 * and the name is cut to MAX_TITLE_CHARS at a word break. "" when nothing usable is left.
 */
export function fileNameFor(title: string): string {
	let name = withoutBidiControls(title.replace(LONE_SURROGATES, " ").normalize("NFC"))
		.replace(/\.md$/i, "")
		.replace(UNSAFE_IN_NAME, " ")
		.replace(/\s+/g, " ")
		.replace(/^[\s.]+/, "");
	if (name.length > MAX_TITLE_CHARS) {
		const cut = [...name].slice(0, MAX_TITLE_CHARS).join("");
		const space = cut.lastIndexOf(" ");
		name = space > MAX_TITLE_CHARS / 2 ? cut.slice(0, space) : cut;
	}
	name = name.replace(/[\s.]+$/, "");
	return WINDOWS_RESERVED.test(name) ? `${name} note` : name;
}

/** A title from the first words of the first line with words in it (markdown markup dropped). */
export function titleFromContent(content: string): string {
	for (const line of readableText(content).split("\n")) {
		const words = line
			.replace(/^\s*(?:#{1,6}\s|>\s?|[-*+]\s(?:\[.\]\s)?|\d+[.)]\s)*/, "")
			.replace(/[*_`~=]+/g, "")
			.match(/\S+/g);
		if (!words || !/[\p{L}\p{N}]/u.test(words.join(""))) continue;
		const title = fileNameFor(words.slice(0, WORDS_FROM_CONTENT).join(" "));
		if (title !== "") return title;
	}
	return "";
}

/** The title of an amended memory before numbering: the old one without a trailing " 2", " 3"… */
export function amendedTitle(oldTitle: string): string {
	return oldTitle.replace(/ \d+$/, "") || oldTitle;
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

/** A note: the frontmatter entries in the given order (undefined values left out), then the content. */
export function composeNote(frontmatter: readonly (readonly [string, unknown])[], content: string): string {
	const yaml = frontmatter
		.filter(([, value]) => value !== undefined)
		.map(([key, value]) => stringifyEntry(key, value, "\n"))
		.join("");
	return `---\n${yaml}---\n${content.endsWith("\n") ? content : `${content}\n`}`;
}
