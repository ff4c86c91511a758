import type { EdgeType } from "../model/edge-types";
import { nodeAttributes } from "./node-attributes";
import { extractLinks } from "./note-links";
import type { GraphNote, NoteInput } from "./types";

/** What the graph keeps of a parsed note; `edgeKeys` as in MemoryGraphOptions. */
export function graphNote(input: NoteInput, edgeKeys: Record<string, EdgeType>): GraphNote {
	return { path: input.path, attributes: nodeAttributes(input), links: extractLinks(input.parsed, edgeKeys) };
}
