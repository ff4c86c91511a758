import { LIFECYCLE_STATUSES } from "../../core/model/lifecycle-status";
import { causalChain, type ChainStep } from "../../core/graph/causal";
import type { MemoryGraph } from "../../core/graph/memory-graph";
import type { LifecycleStatus } from "../../core/model/lifecycle-status";
import { EDGE_TYPES, type EdgeType } from "../../core/model/edge-types";
import type { ScoringSettings } from "../../core/model/scoring-settings";
import type { ActivityStore } from "../activity/activity-store";
import { MemoryError } from "../../core/model/memory-error";
import { scoringActivityOf } from "../activity/scoring-activity";
import { SupportiveAdjacency } from "../../core/inspector/adjacency";
import { edgeListing } from "../../core/inspector/edge-listing";
import { removalImpact } from "../../core/inspector/impact";
import { removalImpactText } from "../../core/inspector/impact-text";
import { explainScores, LiveNeighbourhoods } from "../../core/inspector/scores";
import { coreReason, explainStatus, latestTransitionInto } from "../../core/inspector/status";
import { statusOutlook } from "../../core/inspector/status-outlook";
import { scoreNode } from "../../core/scoring/score-node";
import { DAY_MS } from "../../core/scoring/time";
import { traverseGraph } from "../../core/inspector/traverse";
import type {
	CoreMemory,
	Explanation,
	MemoryStats,
	RemovalImpact,
	Traversal,
	TraverseOptions,
} from "../../core/inspector/types";
import type { MemoryMaintenance } from "../maintenance/memory-maintenance";
import type { VaultIndex } from "../index/vault-index";

export interface MemoryInspectorDeps {
	index: VaultIndex;
	/** Both throw until the engine has started. */
	activity: () => ActivityStore;
	maintenance: () => MemoryMaintenance;
	/** Notes waiting for embeddings (0 without a model). */
	pendingEmbeddings: () => number;
	/** Read on every call: explanations use the settings in force. */
	scoring: () => ScoringSettings;
	clock: () => number;
}

export interface ExplainOptions {
	/** Hops of the upstream and downstream causal chains (default 3). */
	chainDepth?: number;
	/** Steps kept per chain (default 20). */
	maxChainSteps?: number;
	/** Notes the explanation may name (e.g. the notes a client may read); counts still cover all. */
	include?: (path: string) => boolean;
	/** Edges listed per direction and orphans listed, at most (default 10): a hub has thousands, summarised by type instead. */
	maxListed?: number;
}

export interface RemovalPreview {
	impact: RemovalImpact;
	/** The impact in one sentence ("Removing this leaves 2 decisions without a supporting link: …"). */
	text: string;
}

/** Read-only views of the memory: why a memory scores and stands as it does, its neighbourhood, the vault's numbers. */
export class MemoryInspector {
	private cached: { graph: MemoryGraph; builds: number; adjacency: SupportiveAdjacency } | null = null;

	constructor(private readonly deps: MemoryInspectorDeps) {
		deps.index.onChange(() => {
			this.cached = null;
		});
	}

	private get graph(): MemoryGraph {
		return this.deps.index.graph;
	}

	/** The supportive graph as arrays, rebuilt after any change to the index and after a full build. */
	private adjacency(): SupportiveAdjacency {
		const graph = this.graph;
		const builds = this.deps.index.builds;
		if (this.cached?.graph !== graph || this.cached.builds !== builds)
			this.cached = { graph, builds, adjacency: new SupportiveAdjacency(graph) };
		return this.cached.adjacency;
	}

	/** The three forces with their live values, status and why, history, causal chains, edges and removal impact. */
	explain(path: string, options: ExplainOptions = {}): Explanation {
		const graph = this.graph;
		const node = graph.node(path);
		if (!node) throw new MemoryError(`No memory "${path}" in the vault.`, "path");
		const include = options.include ?? (() => true);
		const scoring = this.deps.scoring();
		const maintenance = this.deps.maintenance();
		const now = this.deps.clock();

		const adjacency = this.adjacency();
		const live = new LiveNeighbourhoods(adjacency, scoring);
		const activity = scoringActivityOf(this.deps.activity(), path, node, scoring, maintenance.modifiedOf(path, node));
		const neighbourhood = live.of(path);
		const scores = explainScores(activity, neighbourhood, live.ctx, now);
		const history = maintenance.history(path);
		const current = maintenance.statusOf(path);
		const outlook = statusOutlook(
			current,
			(days) => scoreNode(activity, neighbourhood, live.ctx, now + days * DAY_MS).retention,
			scoring.lifecycle,
		);
		const status = explainStatus(current, node, history, scores.retention, scoring.lifecycle, outlook);

		const chainDepth = options.chainDepth ?? 3;
		const maxSteps = options.maxChainSteps ?? 20;
		const chain = (direction: "upstream" | "downstream"): { steps: ChainStep[]; truncated: boolean } => {
			// A note the caller may not see is left out, and so is everything beyond it.
			const steps = causalChain(graph, path, direction, chainDepth, { include, maxSteps: maxSteps + 1 });
			return { steps: steps.slice(0, maxSteps), truncated: steps.length > maxSteps };
		};
		const upstream = chain("upstream");
		const downstream = chain("downstream");
		const maxListed = options.maxListed ?? 10;
		const impact = removalImpact(graph, adjacency, path, { include, maxListed });
		const edgesOut = edgeListing(graph, path, "out", include, maxListed);
		const edgesIn = edgeListing(graph, path, "in", include, maxListed);
		return {
			path,
			title: node.title,
			pinned: node.memory.pinned,
			category: node.memory.category ?? null,
			source: node.memory.source ?? null,
			status,
			scores,
			history,
			upstream: upstream.steps,
			downstream: downstream.steps,
			chainTruncated: upstream.truncated || downstream.truncated,
			edgesOut: edgesOut.listed,
			edgesIn: edgesIn.listed,
			edgesOutTotal: edgesOut.total,
			edgesInTotal: edgesIn.total,
			edgesOutByType: edgesOut.byType,
			edgesInByType: edgesIn.byType,
			edgesOutMore: edgesOut.more,
			edgesInMore: edgesIn.more,
			removalImpact: impact,
		};
	}

	/**
	 * What removing `path` would do: the orphans and pieces it leaves (orphans named at most
	 * `maxListed`, and only those `include` lets through), and the same in one sentence.
	 */
	removal(path: string, include: (path: string) => boolean = () => true, maxListed = 10): RemovalPreview {
		const graph = this.graph;
		if (!graph.hasNote(path)) throw new MemoryError(`No memory "${path}" in the vault.`, "path");
		const impact = removalImpact(graph, this.adjacency(), path, { include, maxListed });
		const text = removalImpactText(
			impact,
			(orphan) => graph.node(orphan)?.memory.category ?? null,
			(orphan) => graph.node(orphan)?.title ?? orphan,
		);
		return { impact, text };
	}

	/** Notes within `depth` hops and the edges between them; throws a MemoryError for an unknown start. */
	traverse(start: string, options: TraverseOptions = {}): Traversal {
		if (!this.graph.hasNote(start)) throw new MemoryError(`No memory "${start}" in the vault.`, "path");
		const maintenance = this.deps.maintenance();
		return traverseGraph(this.graph, start, (path) => maintenance.statusOf(path), options);
	}

	stats(): MemoryStats {
		const graph = this.graph;
		const maintenance = this.deps.maintenance();
		const edgesByType = Object.fromEntries(EDGE_TYPES.map((type) => [type, 0])) as Record<EdgeType, number>;
		graph.graph.forEachEdge((_key, attributes) => {
			edgesByType[attributes.type]++;
		});
		const byStatus = Object.fromEntries(LIFECYCLE_STATUSES.map((status) => [status, 0])) as Record<
			LifecycleStatus,
			number
		>;
		let pinned = 0;
		graph.graph.forEachNode((path, node) => {
			byStatus[maintenance.statusOf(path)]++;
			if (node.memory.pinned) pinned++;
		});
		const orphans = this.adjacency().weighted.reduce((count, weight) => (weight > 0 ? count : count + 1), 0);
		return {
			notes: graph.order,
			edges: graph.graph.size,
			edgesByType,
			byStatus,
			orphans,
			danglingLinks: graph.dangling().length,
			core: byStatus.core,
			pinned,
			pendingEmbeddings: this.deps.pendingEmbeddings(),
			lastMaintenanceAt: maintenance.lastPassAt(),
			indexWarnings: this.deps.index.warnings().length,
			openProposals: maintenance.proposals().length,
		};
	}

	/** Core and pinned memories, optionally of one category (compared case-insensitively), by path. */
	listCore(category?: string): CoreMemory[] {
		const graph = this.graph;
		const maintenance = this.deps.maintenance();
		const wanted = category?.trim().toLowerCase();
		const core: CoreMemory[] = [];
		graph.graph.forEachNode((path, node) => {
			if (!node.memory.pinned && maintenance.statusOf(path) !== "core") return;
			if (wanted !== undefined && wanted !== "" && node.memory.category?.toLowerCase() !== wanted) return;
			const history = maintenance.history(path);
			core.push({
				path,
				title: node.title,
				category: node.memory.category ?? null,
				pinned: node.memory.pinned,
				why: coreReason(node, history),
				since: latestTransitionInto(history, "core")?.at ?? null,
			});
		});
		return core.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
	}
}
