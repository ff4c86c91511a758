import louvain from "graphology-communities-louvain";
import { runToEnd, type MemoryGraphology } from "../../graph/memory-graph";
import type { MemoryEdgeAttributes } from "../../graph/types";
import {
	communitiesByPath,
	communityColumnsStepwise,
	detectCommunitiesInColumns,
	supportiveWeight,
} from "./community-columns";

export interface CommunityOptions {
	/** Louvain resolution; higher gives more, smaller communities. Default 1. */
	resolution?: number;
	/**
	 * A seeded random function (uniform in [0, 1)) for Louvain's random visiting order, over the
	 * graph itself. Without one, Louvain visits notes oldest first, then by a hash of their path, as in the worker
	 * (see CommunityRequest): the same vault has the same communities however it was loaded.
	 */
	random?: () => number;
}

/**
 * Louvain communities over supportive links, weighted by causal weight: note path → community
 * number; unlinked notes sit alone. The directed Louvain (directed modularity), non-supportive
 * edges weighing 0. Here, on the main thread, only without a worker (the worker's answer is the
 * same: community-columns.ts).
 */
export function detectCommunities(graph: MemoryGraphology, options: CommunityOptions = {}): Map<string, number> {
	if (options.random === undefined) {
		const { request, paths } = runToEnd(communityColumnsStepwise(graph, options.resolution ?? 1));
		return communitiesByPath(paths, detectCommunitiesInColumns(request));
	}
	let supportive = 0;
	graph.forEachEdge((_edge, attributes) => {
		supportive += supportiveWeight(attributes);
	});
	// With no supportive weight at all, modularity is undefined: every note is its own community.
	if (supportive === 0) return new Map(graph.nodes().map((node, i) => [node, i]));
	const mapping = louvain(graph, {
		// The library's typings do not carry the graph's attribute types through to the getter.
		getEdgeWeight: (_edge, attributes) => supportiveWeight(attributes as MemoryEdgeAttributes),
		resolution: options.resolution ?? 1,
		randomWalk: true,
		rng: options.random,
	});
	return new Map(Object.entries(mapping));
}

/** Louvain communities of the graph by note path, computed somewhere else (see CommunityCache.refreshWith). */
export type CommunityDetector = (graph: MemoryGraphology, resolution: number) => Promise<Map<string, number>>;

export interface CommunityCacheOptions {
	/** Recompute when the note or link count has changed by this share since the last run (0.1 = 10%). */
	regrowthRatio: number;
	resolution?: number;
	/** Called once per computation for a fresh seeded random function, so every run is reproducible. */
	createRandom?: () => () => number;
}

/**
 * Louvain communities of a live memory graph, recomputed only when the graph has grown or
 * shrunk by `regrowthRatio` in notes or links (or on demand): communities barely move with a
 * few edits, and a run is costly (≈ 0.15–0.4 s at 10k notes, ≈ 3 s at 100k, measured on a slow, shared machine).
 * Lookups never compute: call `refresh()` from the maintenance pass, off the recall path.
 * Notes added since the last run have no community until the next one.
 */
export class CommunityCache {
	private communities: Map<string, number> | null = null;
	private computedOrder = 0;
	private computedSize = 0;
	private running: Promise<boolean> | null = null;

	constructor(
		private readonly graph: MemoryGraphology,
		private readonly options: CommunityCacheOptions,
	) {}

	/** The note's community from the last computation; undefined before the first one or for newer notes. */
	communityOf(path: string): number | undefined {
		return this.communities?.get(path);
	}

	/** True before the first computation and once the graph has changed by the regrowth ratio. */
	isStale(): boolean {
		if (this.communities === null) return true;
		return (
			changedBy(this.computedOrder, this.graph.order) >= this.options.regrowthRatio ||
			changedBy(this.computedSize, this.graph.size) >= this.options.regrowthRatio
		);
	}

	/** Recomputes if stale; returns whether it did. */
	refresh(): boolean {
		if (!this.isStale()) return false;
		this.recompute();
		return true;
	}

	/**
	 * Like `refresh`, with the detection done elsewhere (a worker) while the graph may change:
	 * the answer is for the graph as it was asked. Overlapping calls share one run.
	 */
	refreshWith(detect: CommunityDetector): Promise<boolean> {
		if (this.running) return this.running;
		if (!this.isStale()) return Promise.resolve(false);
		const order = this.graph.order;
		const size = this.graph.size;
		const run = detect(this.graph, this.options.resolution ?? 1).then((communities) => {
			this.communities = communities;
			this.computedOrder = order;
			this.computedSize = size;
			return true;
		});
		this.running = run.finally(() => (this.running = null));
		return this.running;
	}

	recompute(): void {
		const random = this.options.createRandom?.();
		this.communities = detectCommunities(this.graph, {
			...(this.options.resolution !== undefined ? { resolution: this.options.resolution } : {}),
			...(random ? { random } : {}),
		});
		this.computedOrder = this.graph.order;
		this.computedSize = this.graph.size;
	}
}

/** Relative change from `before` to `now`; any change from nothing counts as total. */
function changedBy(before: number, now: number): number {
	if (before === 0) return now === 0 ? 0 : Infinity;
	return Math.abs(now - before) / before;
}
