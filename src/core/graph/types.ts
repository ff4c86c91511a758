import type { EdgeOrigin, EdgeType } from "../model/edge-types";
import type { ParsedNote } from "../model/parsed-note";
import type { RawLink } from "./note-links";

/** What the graph needs to know about one note. */
export interface NoteInput {
	path: string;
	mtime: number;
	ctime: number;
	size: number;
	parsed: ParsedNote;
}

/**
 * What the graph keeps of one note (see graphNote): its attributes and links, with strings of
 * their own, so the parse and the note's text can be dropped as soon as the note is read.
 */
export interface GraphNote {
	path: string;
	attributes: MemoryNodeAttributes;
	links: RawLink[];
}

/** The `memory_*` frontmatter keys, as the user or the plugin wrote them. */
export interface MemoryFrontmatter {
	status?: string;
	pinned: boolean;
	category?: string;
	/** `mcp` for notes the plugin created; absent for the user's own notes. */
	source?: string;
	/** `memory_session`: the episode the memory belongs to (see `episodeKey`). */
	session?: string;
}

export interface MemoryNodeAttributes {
	path: string;
	/** File name without folder and `.md`. */
	title: string;
	/** Folder path without a trailing slash; "" at the vault root. */
	folder: string;
	aliases: string[];
	tags: string[];
	mtime: number;
	/** When the memory was created: its `memory_created` property when that holds a date, else the file's creation time. */
	ctime: number;
	size: number;
	memory: MemoryFrontmatter;
	frontmatterError?: string;
}

export interface EdgeProvenance {
	origin: EdgeOrigin;
	/** The property or inline field the link was written in. */
	key?: string;
}

export interface MemoryEdgeAttributes {
	type: EdgeType;
	weight: number;
	/** The distinct places in the source note that state this edge: origin and key, each once however often the link is written there. */
	provenance: readonly EdgeProvenance[];
}

/** A link whose target is not a note in the vault; kept so it can resolve when the note appears. */
export interface DanglingLink {
	source: string;
	linkpath: string;
	type: EdgeType;
}

export interface MemoryEdge extends MemoryEdgeAttributes {
	source: string;
	target: string;
}
