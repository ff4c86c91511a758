import { detachedString } from "../util/detached-string";
import type { ParsedNote } from "../model/parsed-note";
import { episodeKey } from "../recall/episodes";
import type { MemoryFrontmatter, MemoryNodeAttributes, NoteInput } from "./types";

export function pathAttributes(path: string): Pick<MemoryNodeAttributes, "path" | "title" | "folder"> {
	const slash = path.lastIndexOf("/");
	const file = path.slice(slash + 1);
	return {
		path,
		title: file.toLowerCase().endsWith(".md") ? file.slice(0, -3) : file,
		folder: slash === -1 ? "" : path.slice(0, slash),
	};
}

function stringValue(value: unknown): string | undefined {
	return typeof value === "string" && value.trim() !== "" ? detachedString(value.trim()) : undefined;
}

export function memoryFrontmatter(parsed: ParsedNote): MemoryFrontmatter {
	const fm = parsed.frontmatter ?? {};
	const memory: MemoryFrontmatter = { pinned: fm.memory_pinned === true || fm.memory_pinned === "true" };
	const status = stringValue(fm.memory_status);
	const category = stringValue(fm.memory_category);
	const source = stringValue(fm.memory_source);
	if (status !== undefined) memory.status = status;
	if (category !== undefined) memory.category = category;
	if (source !== undefined) memory.source = source;
	const session = episodeKey(fm);
	if (session !== undefined) memory.session = session;
	return memory;
}

// A date, or a date and time with an optional zone: what `memory_created` holds when a person or the plugin wrote it.
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** The time `memory_created` names (ms), or undefined when it is absent or not an ISO date. */
export function memoryCreated(parsed: ParsedNote): number | undefined {
	const value = parsed.frontmatter?.memory_created;
	if (typeof value !== "string" || !ISO_DATE.test(value.trim())) return undefined;
	const time = Date.parse(value.trim());
	return Number.isFinite(time) ? time : undefined;
}

export function nodeAttributes(input: NoteInput): MemoryNodeAttributes {
	// Named one by one, as a note taken from its digest (digest-graph-note.ts): one shape, no spread.
	const { path, title, folder } = pathAttributes(input.path);
	const attributes: MemoryNodeAttributes = {
		path,
		title,
		folder,
		aliases: input.parsed.aliases.map(detachedString),
		tags: input.parsed.allTags.map(detachedString),
		mtime: input.mtime,
		ctime: memoryCreated(input.parsed) ?? input.ctime,
		size: input.size,
		memory: memoryFrontmatter(input.parsed),
	};
	if (input.parsed.frontmatterError !== undefined)
		attributes.frontmatterError = detachedString(input.parsed.frontmatterError);
	return attributes;
}
