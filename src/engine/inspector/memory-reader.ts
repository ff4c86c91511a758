import type { EdgeSide } from "../../core/graph/edge-phrases";
import type { MemoryGraph } from "../../core/graph/memory-graph";
import type { EdgeType } from "../../core/model/edge-types";
import type { LifecycleStatus } from "../../core/model/lifecycle-status";
import { MemoryError } from "../../core/model/memory-error";
import type { VaultPort } from "../../core/model/vault";

/** One typed link of a memory, seen from it: `out` when the memory states it, `in` when the other one does. */
interface MemoryLink {
	path: string;
	type: EdgeType;
	side: EdgeSide;
}

/** One memory in full, as memory_get returns it. */
export interface MemoryRecord {
	path: string;
	title: string;
	/** The note's text without its frontmatter. */
	content: string;
	/** The whole file: frontmatter and text. */
	file: string;
	/** The frontmatter as parsed; empty without one or when its YAML is invalid. */
	properties: Record<string, unknown>;
	/** Frontmatter and inline tags, with "#". */
	tags: string[];
	status: LifecycleStatus;
	pinned: boolean;
	modified: number;
	/** Links to and from notes `include` accepts, outgoing first. */
	links: MemoryLink[];
}

export interface MemoryReaderDeps {
	vault: VaultPort;
	graph: () => MemoryGraph;
	statusOf: (path: string) => LifecycleStatus;
}

function compareText(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

/** Reads one indexed memory: its text and properties from the vault, its links and status from the engine. */
export async function readMemory(
	deps: MemoryReaderDeps,
	path: string,
	include: (path: string) => boolean,
): Promise<MemoryRecord> {
	const graph = deps.graph();
	const node = graph.node(path);
	const note = node ? await deps.vault.load(path) : null;
	if (!node || !note) throw new MemoryError(`"${path}" no longer exists; search again for its current id.`, "node_id");
	const links: MemoryLink[] = [
		...graph.outEdges(path).map((edge): MemoryLink => ({ path: edge.target, type: edge.type, side: "out" })),
		...graph.inEdges(path).map((edge): MemoryLink => ({ path: edge.source, type: edge.type, side: "in" })),
	]
		.filter((link) => link.path !== path && include(link.path))
		// Outgoing first, then by path: the same answer whatever order the index loaded the notes in.
		.sort((a, b) => (a.side === b.side ? compareText(a.path, b.path) : a.side === "out" ? -1 : 1));
	return {
		path,
		title: node.title,
		content: note.content.slice(note.parsed.bodyStart),
		file: note.content,
		properties: note.parsed.frontmatter ?? {},
		tags: note.parsed.allTags,
		status: deps.statusOf(path),
		pinned: node.memory.pinned,
		modified: note.file.mtime,
		links,
	};
}
