import { MemoryGraph } from "../../src/core/graph/memory-graph";
import { parseIndexSettings } from "../../src/core/model/index-settings";
import { parseNote } from "../../src/core/parse/parse-note";

/** A memory graph of these notes (path → text) with the default edge keys, as the index builds it. */
export function graphOfNotes(notes: Readonly<Record<string, string>>): MemoryGraph {
	const graph = new MemoryGraph({ edgeKeys: parseIndexSettings({}).edgeKeys });
	graph.setNotes(
		Object.entries(notes).map(([path, content]) => ({
			path,
			mtime: 0,
			ctime: 0,
			size: content.length,
			parsed: parseNote(content),
		})),
	);
	return graph;
}
