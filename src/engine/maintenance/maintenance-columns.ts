import type { MemoryEdgeAttributes, MemoryNodeAttributes } from "../../core/graph/types";
import type { MemoryGraph } from "../../core/graph/memory-graph";
import { initialLifecycleState, type LifecycleState } from "../../core/lifecycle/state";
import type { LifecycleStatus } from "../../core/model/lifecycle-status";
import { EDGE_TYPE_INFO } from "../../core/model/edge-types";
import type { ScoringSettings } from "../../core/model/scoring-settings";
import { lastUseOf, NO_RECALLS, type NodeActivity } from "../../core/scoring/activity";
import {
	NODE_FLAGS,
	STATUS_CODE,
	STATUS_CODES,
	USE_KIND_CODE,
	type LifecycleColumns,
	type MaintenanceRequest,
	type NodeColumns,
} from "../../core/maintenance/maintenance-protocol";
import { NeighbourPairs } from "../../core/graph/neighbour-pairs";
import { yieldToEventLoop, type Timers } from "../../core/model/timers";
import { CONSOLIDATED_INTO_KEY } from "../../core/consolidation/consolidated-key";

export interface ColumnSources {
	/** A node's uses and recall summary. Default: created at ctime, modified at mtime, never opened, linked or recalled. */
	activityOf?: (path: string, node: MemoryNodeAttributes) => NodeActivity;
	/**
	 * The previous pass (a PassOutcome): nodes it scored take their lifecycle state from it, and
	 * when the vault's notes are the same, its path index is reused instead of rebuilt.
	 */
	previous?: PreviousPass;
	/**
	 * Lifecycle state of a node the previous pass does not cover, e.g. as loaded from storage at
	 * start. Default, and for nodes it does not know: a fresh state at `now` with the status its
	 * `memory_status` says.
	 */
	stateOf?: (path: string) => LifecycleState | undefined;
}

/** What the column build reuses from the previous pass; a PassOutcome is one. */
interface PreviousPass {
	paths: readonly string[];
	indexByPath: ReadonlyMap<string, number>;
	lifecycle: LifecycleColumns;
}

export interface SliceOptions {
	/** Yields go through a 0 ms timeout, so timers, I/O and rendering get their turn. */
	timers: Timers;
	/** Longest stretch of work before yielding to the event loop, ms (default 8). */
	sliceMs?: number;
}

/** A pass's input, row i being the node `paths[i]`. */
export interface MaintenanceColumns {
	paths: string[];
	indexByPath: ReadonlyMap<string, number>;
	categories: string[];
	nodes: NodeColumns;
	lifecycle: LifecycleColumns;
}

const CHECK_EVERY = 64;

/**
 * Reads the graph and the per-node activity and lifecycle state into columns, in slices that
 * yield to the event loop so the main thread stays responsive at 100k notes. The graph may change
 * while this yields: a note removed meanwhile keeps its row, flagged `skip` (the pass leaves its
 * state alone); a note added meanwhile waits for the next pass.
 */
export async function buildMaintenanceColumns(
	memory: MemoryGraph,
	now: number,
	sources: ColumnSources,
	options: SliceOptions,
): Promise<MaintenanceColumns> {
	const graph = memory.graph;
	const activityOf = sources.activityOf ?? activityFromAttributes;
	const stateOf = sources.stateOf ?? (() => undefined);
	const pause = slicer(options);

	const paths = graph.nodes();
	const n = paths.length;
	const previous = sources.previous;
	const samePaths = previous !== undefined && (await sameOrder(paths, previous.paths, pause));
	const indexByPath = samePaths ? previous.indexByPath : await indexPaths(paths, pause);

	const nodes: NodeColumns = {
		lastUse: new Float64Array(n),
		lastUseKind: new Uint8Array(n),
		lastRecall: new Float64Array(n),
		recallStrength: new Float64Array(n),
		stability: new Float64Array(n),
		weightedDegree: new Float64Array(n),
		adjOffsets: new Uint32Array(0),
		adjIndex: new Uint32Array(0),
		flags: new Uint8Array(n),
		categoryIndex: new Int32Array(n),
	};
	const lifecycle: LifecycleColumns = {
		status: new Uint8Array(n),
		since: new Float64Array(n),
		pendingDown: new Uint8Array(n),
		lastPassAt: new Float64Array(n),
		proposedAt: new Float64Array(n),
	};
	const categories: string[] = [];
	const categoryIndex = new Map<string, number>();
	const pairs = new NeighbourPairs(graph.size);

	let row = 0;
	// Out-edges only: every edge is some note's out-edge, and a note's out-degree is bounded by
	// what it says, while a hub's in-degree can reach thousands (too long for one slice).
	const visitOutEdge = (_key: string, edge: MemoryEdgeAttributes, _source: string, target: string): void => {
		if (edge.provenance.some((place) => place.key === CONSOLIDATED_INTO_KEY))
			nodes.flags[row] |= NODE_FLAGS.consolidated;
		if (!EDGE_TYPE_INFO[edge.type].supportive) return;
		nodes.weightedDegree[row] += edge.weight;
		const neighbour = indexByPath.get(target);
		if (neighbour === undefined) return;
		nodes.weightedDegree[neighbour] += edge.weight;
		pairs.add(row, neighbour);
	};

	for (row = 0; row < n; row++) {
		if (row % CHECK_EVERY === 0) await pause();
		const path = paths[row];
		const node = graph.hasNode(path) ? graph.getNodeAttributes(path) : undefined;
		const previousRow = samePaths ? row : previous?.indexByPath.get(path);
		if (previous !== undefined && previousRow !== undefined) copyState(previous.lifecycle, previousRow, lifecycle, row);
		else
			writeState(
				lifecycle,
				row,
				stateOf(path) ?? initialLifecycleState(now, statusFromFrontmatter(node?.memory.status)),
			);
		if (!node) {
			nodes.flags[row] = NODE_FLAGS.skip;
			nodes.categoryIndex[row] = -1;
			nodes.stability[row] = 1;
			continue;
		}
		const activity = activityOf(path, node);
		const use = lastUseOf(activity);
		nodes.lastUse[row] = use.at;
		nodes.lastUseKind[row] = USE_KIND_CODE[use.kind];
		nodes.lastRecall[row] = activity.recall.count > 0 ? activity.recall.last : 0;
		nodes.recallStrength[row] = activity.recall.strength;
		nodes.stability[row] = activity.recall.stability;
		nodes.flags[row] =
			(node.memory.pinned ? NODE_FLAGS.pinned : 0) | (node.memory.source === "mcp" ? NODE_FLAGS.pluginCreated : 0);
		nodes.categoryIndex[row] = categoryOf(node.memory.category, categories, categoryIndex);
		graph.forEachOutEdge(path, visitOutEdge);
	}
	Object.assign(nodes, await pairs.toAdjacency(n, pause));
	return { paths, indexByPath, categories, nodes, lifecycle };
}

/** The request for a pass over these columns; sending it transfers (detaches) the columns. */
export function maintenanceRequest(
	columns: MaintenanceColumns,
	settings: ScoringSettings,
	now: number,
): MaintenanceRequest {
	return { now, settings, categories: columns.categories, nodes: columns.nodes, lifecycle: columns.lifecycle };
}

/** What scoring knows about a note without any activity record: its file times. */
function activityFromAttributes(_path: string, node: MemoryNodeAttributes): NodeActivity {
	return { created: node.ctime, modified: node.mtime, lastOpened: null, lastLinked: null, recall: NO_RECALLS };
}

/** `memory_status` as written; absent or unknown means active. */
function statusFromFrontmatter(value: string | undefined): LifecycleStatus {
	const status = value?.toLowerCase();
	return STATUS_CODES.find((known) => known === status) ?? "active";
}

/** True when both lists hold the same paths in the same order (the vault's notes did not change). */
async function sameOrder(
	paths: readonly string[],
	previous: readonly string[],
	pause: () => Promise<void>,
): Promise<boolean> {
	if (paths.length !== previous.length) return false;
	for (let i = 0; i < paths.length; i++) {
		if (paths[i] !== previous[i]) return false;
		if (i % 4096 === 0) await pause();
	}
	return true;
}

async function indexPaths(paths: readonly string[], pause: () => Promise<void>): Promise<Map<string, number>> {
	const indexByPath = new Map<string, number>();
	for (let i = 0; i < paths.length; i++) {
		indexByPath.set(paths[i], i);
		if (i % CHECK_EVERY === 0) await pause();
	}
	return indexByPath;
}

function copyState(from: LifecycleColumns, fromRow: number, to: LifecycleColumns, row: number): void {
	to.status[row] = from.status[fromRow];
	to.since[row] = from.since[fromRow];
	to.pendingDown[row] = from.pendingDown[fromRow];
	to.lastPassAt[row] = from.lastPassAt[fromRow];
	to.proposedAt[row] = from.proposedAt[fromRow];
}

function writeState(lifecycle: LifecycleColumns, row: number, state: LifecycleState): void {
	lifecycle.status[row] = STATUS_CODE[state.status];
	lifecycle.since[row] = state.since;
	lifecycle.pendingDown[row] = Math.min(255, state.pendingDown);
	lifecycle.lastPassAt[row] = state.lastPassAt;
	lifecycle.proposedAt[row] = state.proposedAt ?? Number.NaN;
}

function categoryOf(category: string | undefined, categories: string[], indexOf: Map<string, number>): number {
	if (category === undefined) return -1;
	let index = indexOf.get(category);
	if (index === undefined) {
		index = categories.push(category) - 1;
		indexOf.set(category, index);
	}
	return index;
}

/** Returns a function to await often; it yields to the event loop once `sliceMs` of work has passed. */
function slicer({ timers, sliceMs = 8 }: SliceOptions): () => Promise<void> {
	let sliceStart = performance.now();
	return async () => {
		if (performance.now() - sliceStart < sliceMs) return;
		await yieldToEventLoop(timers);
		sliceStart = performance.now();
	};
}
