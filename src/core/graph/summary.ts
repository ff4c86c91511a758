import { EDGE_TYPES, type EdgeType } from "../model/edge-types";
import type { MemoryGraph } from "./memory-graph";
import type { DanglingLink } from "./types";

interface HubEntry {
	path: string;
	weightedDegree: number;
	degree: number;
}

export interface GraphSummary {
	notes: number;
	edges: number;
	edgesByType: Record<EdgeType, number>;
	/** Edges stated in a property or inline field, counted by that key. */
	edgesByKey: Record<string, number>;
	orphans: string[];
	dangling: DanglingLink[];
	topHubs: HubEntry[];
}

export function orphanPaths(memory: MemoryGraph): string[] {
	return memory.notePaths().filter((path) => memory.isOrphan(path));
}

export function summarizeGraph(memory: MemoryGraph, topHubCount = 10): GraphSummary {
	const edgesByType = Object.fromEntries(EDGE_TYPES.map((t) => [t, 0])) as Record<EdgeType, number>;
	const edgesByKey: Record<string, number> = {};
	memory.graph.forEachEdge((_key, attributes) => {
		edgesByType[attributes.type]++;
		for (const key of new Set(attributes.provenance.map((p) => p.key).filter((k) => k !== undefined))) {
			edgesByKey[key] = (edgesByKey[key] ?? 0) + 1;
		}
	});
	const hubs = memory
		.notePaths()
		.map((path) => ({ path, weightedDegree: memory.supportiveDegree(path), degree: memory.graph.degree(path) }))
		.filter((hub) => hub.weightedDegree > 0)
		.sort((a, b) => b.weightedDegree - a.weightedDegree || a.path.localeCompare(b.path))
		.slice(0, topHubCount);
	return {
		notes: memory.order,
		edges: memory.graph.size,
		edgesByType,
		edgesByKey,
		orphans: orphanPaths(memory).sort(),
		dangling: memory.dangling(),
		topHubs: hubs,
	};
}
