import type { ParsedNote } from "../model/parsed-note";
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
	return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
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
	return memory;
}

export function nodeAttributes(input: NoteInput): MemoryNodeAttributes {
	const attributes: MemoryNodeAttributes = {
		...pathAttributes(input.path),
		aliases: input.parsed.aliases,
		tags: input.parsed.allTags,
		mtime: input.mtime,
		ctime: input.ctime,
		size: input.size,
		memory: memoryFrontmatter(input.parsed),
	};
	if (input.parsed.frontmatterError !== undefined) attributes.frontmatterError = input.parsed.frontmatterError;
	return attributes;
}
