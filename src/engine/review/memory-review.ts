import type { MemoryGraphology } from "../../core/graph/memory-graph";
import { SupportiveAdjacency } from "../../core/inspector/adjacency";
import { LiveNeighbourhoods } from "../../core/inspector/scores";
import { MemoryError } from "../../core/model/memory-error";
import type { MemorySettings } from "../../core/model/settings";
import type { LifecycleStatus } from "../../core/model/lifecycle-status";
import { daysUntilFading } from "../../core/review/at-risk";
import { beliefsInQuestion, reasonKey, type BeliefInQuestion } from "../../core/review/beliefs-in-question";
import { pairKey, relationshipProposals, type RelationshipProposal } from "../../core/review/relationship-proposals";
import { scoringActivityOf } from "../activity/scoring-activity";
import type { ActivityStore } from "../activity/activity-store";
import { REVIEW_CLUSTER_SIZE } from "../../core/consolidation/cluster-memories";
import type { ClusterQuery, ClusterReport, MemoryCluster } from "../consolidation/memory-clusters";
import type { VaultIndex } from "../index/vault-index";
import type { MemoryMaintenance } from "../maintenance/memory-maintenance";
import type { RecallService } from "../recall/recall-service";
import { recordRecalls } from "../recall/recall-reactivation";
import type { LinkResult, MemoryWriter, PinResult } from "../writer/memory-writer";
import type { ReviewStore } from "./review-store";

export type { BeliefInQuestion } from "../../core/review/beliefs-in-question";
export type { RelationshipProposal } from "../../core/review/relationship-proposals";
export type { MemoryCluster } from "../consolidation/memory-clusters";

export interface AtRiskMemory {
	path: string;
	status: LifecycleStatus;
	/** Days until it turns fading if nothing uses it (0: at the next passes). */
	days: number;
}

/** The review queues: what the user (or an agent) is asked to decide. */
export interface ReviewQueues {
	/** Clusters to consolidate (at least REVIEW_CLUSTER_SIZE members, not dismissed), newest first; empty until found. */
	clusters: MemoryCluster[];
	/** Whether the clusters were found at least once (they are found off the render, see `clusterQueue`). */
	clustersReady: boolean;
	/** Memories that will turn fading within `maintenance.reviewAtRiskDays`, soonest first. */
	atRisk: AtRiskMemory[];
	/** Memories whose belief is in question, newest trouble first. */
	beliefs: BeliefInQuestion[];
	/** Links proposed between memories that share rare cues, strongest first. */
	relationships: RelationshipProposal[];
}

export interface MemoryReviewDeps {
	index: VaultIndex;
	recall: RecallService;
	activity: ActivityStore;
	maintenance: MemoryMaintenance;
	writer: MemoryWriter;
	store: ReviewStore;
	settings: () => MemorySettings;
	clock: () => number;
	/** Resolves when the engine may write (it holds the writer lock); rejects before anything is written. */
	writable: () => Promise<void>;
	/** The engine's clustering (`MemoryEngine.clusters`). */
	clusters: (query: ClusterQuery) => Promise<ClusterReport>;
}

/** The queues are computed again at least this often, as time alone moves memories towards fading. */
const STALE_AFTER_MS = 60 * 60_000;

/**
 * The review queues (at risk, beliefs in question, relationship proposals) and what the user
 * does about each item. Derived from the index, the activity log and the lifecycle, computed on
 * demand and kept until any of them changes; the decisions are kept in the review store.
 */
export class MemoryReview {
	private cached: { key: string; at: number; queues: Omit<ReviewQueues, "clusters" | "clustersReady"> } | null = null;
	private indexChanges = 0;
	private readonly unfollow: () => void;
	/** The clusters last found, for the index state `key`; `running` while a search is on. */
	private found: { key: string; clusters: MemoryCluster[] } | null = null;
	private running: Promise<void> | null = null;
	private readonly clusterListeners = new Set<() => void>();

	constructor(private readonly deps: MemoryReviewDeps) {
		const unfollowPasses = deps.maintenance.onPassCompleted(() => void this.clusterQueue());
		const unfollowIndex = deps.index.onChange((change) => {
			this.indexChanges++;
			if (change.type === "rename") void deps.store.rename(change.oldPath, change.path).catch(() => undefined);
			if (change.type === "remove" && change.bySettings !== true)
				void deps.store.remove(change.path).catch(() => undefined);
		});
		this.unfollow = () => {
			unfollowIndex();
			unfollowPasses();
		};
	}

	/** The queues, each limited to the memories `include` accepts (a belief keeps only the reasons naming such memories). */
	queues(include: (path: string) => boolean = () => true): ReviewQueues {
		const all = this.allQueues();
		const found = this.foundClusters();
		return {
			clusters: found.clusters.filter((cluster) => cluster.members.every(include)),
			clustersReady: found.ready,
			atRisk: all.atRisk.filter((item) => include(item.path)),
			beliefs: all.beliefs.flatMap((belief) => {
				if (!include(belief.path)) return [];
				const reasons = belief.reasons.filter(
					(reason) => include(reason.by) && (reason.kind === "contradicted" || include(reason.evidence)),
				);
				if (reasons.length === 0) return [];
				return [{ ...belief, reasons, newer: belief.newer.filter(include) }];
			}),
			relationships: all.relationships.filter((item) => include(item.source) && include(item.target)),
		};
	}

	/**
	 * The clusters queue without waiting: the clusters last found (minus those dismissed since),
	 * and a new search in the background when the index changed since; `onClusters` tells when
	 * it is done. Opening the view never waits for a clustering.
	 */
	clusterQueue(): { ready: boolean; clusters: MemoryCluster[] } {
		if (this.found?.key !== this.clusterKey()) void this.findClusters();
		return this.foundClusters();
	}

	/**
	 * The clusters queue as an agent reads it: only `include`d memories are compared (with a
	 * filter the clustering runs for the caller; without, it waits for the shared search).
	 */
	async clusters(include?: (path: string) => boolean): Promise<MemoryCluster[]> {
		if (include === undefined) {
			while (this.found?.key !== this.clusterKey()) await this.findClusters();
			return this.clusterQueue().clusters;
		}
		const report = await this.deps.clusters({ include, minSize: REVIEW_CLUSTER_SIZE, k: Number.MAX_SAFE_INTEGER });
		return report.clusters.filter((cluster) => !this.deps.store.isDismissedCluster(cluster.members));
	}

	/** Calls `listener` when a clustering finished; returns the function that stops it. */
	onClusters(listener: () => void): () => void {
		this.clusterListeners.add(listener);
		return () => this.clusterListeners.delete(listener);
	}

	/** "Dismiss": this set of members is never proposed as a cluster again. */
	async dismissCluster(members: readonly string[]): Promise<void> {
		await this.deps.writable();
		await this.deps.store.dismissCluster(members);
	}

	/** "Keep": counts as a use, the same as a recall of the memory. */
	async keep(path: string): Promise<void> {
		this.assertMemory(path, "path");
		await this.deps.writable();
		await recordRecalls(this.deps.activity, this.deps.clock)([path], []);
	}

	/** "Pin": the memory becomes core and never fades. */
	pin(path: string): Promise<PinResult> {
		return this.deps.writer.pinAsUser(path, true);
	}

	/** "Let go": not asked about again; it decays as it would have. */
	async letGo(path: string): Promise<void> {
		this.assertMemory(path, "path");
		await this.deps.writable();
		await this.deps.store.letGo(path, this.deps.clock());
	}

	/** "Still true": the belief leaves the queue until the edges that put it in question change. */
	async stillTrue(path: string): Promise<void> {
		this.assertMemory(path, "path");
		const belief = beliefsInQuestion(this.deps.index.graph).find((item) => item.path === path);
		if (!belief) throw new MemoryError(`"${path}" is not in question (any more).`, "path");
		await this.deps.writable();
		await this.deps.store.stillTrue(path, belief.reasons.map(reasonKey));
	}

	/** "Supersede": `by` (a newer memory) replaces the belief: a supersedes link written in `by`. */
	supersede(path: string, by: string): Promise<LinkResult> {
		return this.deps.writer.linkAsUser(by, path, "supersedes");
	}

	/** Accepts a relationship proposal: its link is written in the newer memory. */
	acceptRelationship(a: string, b: string): Promise<LinkResult> {
		const proposal = this.allQueues().relationships.find((item) => item.key === pairKey(a, b));
		if (!proposal) throw new MemoryError(`No relationship is proposed between "${a}" and "${b}".`, "target");
		return this.deps.writer.linkAsUser(proposal.source, proposal.target, proposal.type);
	}

	/** Declines a relationship proposal: the pair is never proposed again. */
	async declineRelationship(a: string, b: string): Promise<void> {
		await this.deps.writable();
		await this.deps.store.decline(pairKey(a, b));
	}

	dispose(): void {
		this.unfollow();
		this.clusterListeners.clear();
	}

	/**
	 * The clusters last found, without starting a search: `queues()` (the badge) reads no note,
	 * so a launch from the caches reads none; the view and each maintenance pass start one.
	 */
	private foundClusters(): { ready: boolean; clusters: MemoryCluster[] } {
		const clusters = (this.found?.clusters ?? []).filter(
			(cluster) => !this.deps.store.isDismissedCluster(cluster.members),
		);
		return { ready: this.found !== null, clusters };
	}

	/** What the clusters depend on: the notes and their links (consolidated members leave through their key). */
	private clusterKey(): string {
		return `${this.indexChanges}|${this.deps.index.builds}`;
	}

	/** One clustering at a time; a change meanwhile starts the next when this one ends (at the next ask). */
	private findClusters(): Promise<void> {
		if (this.running) return this.running;
		const key = this.clusterKey();
		this.running = this.deps
			.clusters({ minSize: REVIEW_CLUSTER_SIZE, k: Number.MAX_SAFE_INTEGER })
			.then((report) => {
				this.found = { key, clusters: report.clusters };
			})
			.catch(() => {
				// The engine stopped or a note vanished mid-search: keep what was found, try at the next ask.
				this.found = { key, clusters: this.found?.clusters ?? [] };
			})
			.finally(() => {
				this.running = null;
				for (const listener of [...this.clusterListeners]) listener();
			});
		return this.running;
	}

	private assertMemory(path: string, field: string): void {
		if (!this.deps.index.graph.hasNote(path)) throw new MemoryError(`No memory "${path}" in the vault.`, field);
	}

	private allQueues(): Omit<ReviewQueues, "clusters" | "clustersReady"> {
		const { deps } = this;
		const now = deps.clock();
		const settings = deps.settings();
		const key = [
			this.indexChanges,
			deps.index.builds,
			deps.maintenance.lastPassAt() ?? 0,
			deps.activity.lastSeq,
			deps.store.version,
			JSON.stringify(settings.scoring),
			settings.maintenance.reviewAtRiskDays,
			settings.maintenance.reviewRareCueMemories,
		].join("|");
		if (this.cached?.key === key && now - this.cached.at < STALE_AFTER_MS) return this.cached.queues;
		const queues: Omit<ReviewQueues, "clusters" | "clustersReady"> = {
			atRisk: this.atRisk(now, settings),
			beliefs: beliefsInQuestion(deps.index.graph).filter(
				(belief) => !deps.store.isStillTrue(belief.path, belief.reasons.map(reasonKey)),
			),
			relationships: this.relationships(settings),
		};
		this.cached = { key, at: now, queues };
		return queues;
	}

	private atRisk(now: number, settings: MemorySettings): AtRiskMemory[] {
		const { index, maintenance, activity, store } = this.deps;
		const graph = index.graph;
		const live = new LiveNeighbourhoods(new SupportiveAdjacency(graph), settings.scoring);
		const items: AtRiskMemory[] = [];
		graph.graph.forEachNode((path, node) => {
			const status = maintenance.statusOf(path);
			if ((status !== "active" && status !== "dormant") || node.memory.pinned || store.isLetGo(path)) return;
			const days = daysUntilFading(
				scoringActivityOf(activity, path, node, settings.scoring, maintenance.modifiedOf(path, node)),
				live.of(path),
				live.ctx,
				now,
				settings.maintenance.reviewAtRiskDays,
			);
			if (days !== null) items.push({ path, status, days });
		});
		return items.sort((a, b) => a.days - b.days || (a.path < b.path ? -1 : 1));
	}

	private relationships(settings: MemorySettings): RelationshipProposal[] {
		const { index, recall, store } = this.deps;
		const graph = index.graph;
		return relationshipProposals(recall.cues, {
			maxHolders: settings.maintenance.reviewRareCueMemories,
			communityOf: (path) => recall.communityOf(path),
			linked: (a, b) => linkedWithin2Hops(graph.graph, a, b),
			declined: (key) => store.isDeclined(key),
			created: (path) => graph.node(path)?.ctime ?? 0,
			memories: recall.cues.size,
		});
	}
}

/**
 * Whether an edge joins the two either way, or both have an edge with the same third memory; a
 * note the cue index holds and the graph no longer does counts as linked (it is left out).
 */
function linkedWithin2Hops(graph: MemoryGraphology, a: string, b: string): boolean {
	if (!graph.hasNode(a) || !graph.hasNode(b)) return true;
	const near = new Set(graph.neighbors(a));
	return near.has(b) || graph.someNeighbor(b, (neighbour) => near.has(neighbour));
}
