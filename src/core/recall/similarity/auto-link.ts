import type { MemoryGraphology } from "../../graph/memory-graph";

export interface SimilarMemory {
	target: string;
	/** Cosine similarity between the new memory and the target. */
	similarity: number;
}

export interface AutoLinkLimits {
	/** Lowest similarity that links; chosen per embedding model (see autoLinkFloorFor). */
	cosineFloor: number;
	maxLinksPerStore: number;
	maxAutoLinksIntoNode: number;
}

/** What auto-linking needs to know about the graph. */
export interface AutoLinkGraphView {
	/** How many auto-links already point at the note. */
	autoLinksInto(id: string): number;
	/** Whether any edge joins the two notes, in either direction. */
	linked(a: string, b: string): boolean;
}

/**
 * The auto-links to make for a newly stored memory: the most similar memories at or above the
 * floor, at most `maxLinksPerStore`, skipping the memory itself, any note that already
 * receives `maxAutoLinksIntoNode` auto-links, and any pair already joined by an edge. Most
 * similar first (ties by id).
 */
export function chooseAutoLinks(
	source: string,
	similar: readonly SimilarMemory[],
	graph: AutoLinkGraphView,
	limits: AutoLinkLimits,
): SimilarMemory[] {
	const chosen: SimilarMemory[] = [];
	const seen = new Set<string>([source]);
	const ordered = similar
		.filter((s) => Number.isFinite(s.similarity) && s.similarity >= limits.cosineFloor)
		.sort((a, b) => b.similarity - a.similarity || (a.target < b.target ? -1 : a.target > b.target ? 1 : 0));
	for (const candidate of ordered) {
		if (chosen.length >= limits.maxLinksPerStore) break;
		if (seen.has(candidate.target)) continue;
		seen.add(candidate.target);
		if (graph.autoLinksInto(candidate.target) >= limits.maxAutoLinksIntoNode) continue;
		if (graph.linked(source, candidate.target)) continue;
		chosen.push({ target: candidate.target, similarity: candidate.similarity });
	}
	return chosen;
}

/** The view of a memory graph: auto-links are edges with an `auto_link` provenance. */
export function autoLinkGraphView(graph: MemoryGraphology): AutoLinkGraphView {
	return {
		autoLinksInto(id) {
			if (!graph.hasNode(id)) return 0;
			let count = 0;
			graph.forEachInEdge(id, (_edge, attributes) => {
				if (attributes.provenance.some((p) => p.origin === "auto_link")) count++;
			});
			return count;
		},
		linked(a, b) {
			return graph.hasNode(a) && graph.hasNode(b) && graph.areNeighbors(a, b);
		},
	};
}
