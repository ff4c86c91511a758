import {
	ClusterBuilder,
	MAX_CLUSTER_MEMORIES,
	type ClusterCandidate,
	type MemoryCluster,
} from "../../core/consolidation/cluster-memories";
import { isConsolidated } from "../../core/consolidation/consolidated-key";
import type { LifecycleStatus } from "../../core/model/lifecycle-status";
import type { Timers } from "../../core/model/timers";
import type { VaultPort } from "../../core/model/vault";
import { noteTitle, readableText } from "../../core/recall/keyword/keyword-document";
import { contentTermReader } from "../../core/recall/similarity/keyword-similarity";
import { TimeSlicer } from "../index/time-slicer";
import type { VaultIndex } from "../index/vault-index";
import type { RecallService } from "../recall/recall-service";

export type { MemoryCluster } from "../../core/consolidation/cluster-memories";

/** Which memories to group, and which clusters to return. */
export interface ClusterQuery {
	/** Only these notes (what an MCP client may read); default all. */
	include?: (path: string) => boolean;
	/** Only memories with one of these statuses. */
	status?: LifecycleStatus | readonly LifecycleStatus[];
	/** Only memories in this folder or below it. */
	folder?: string;
	/** Only memories written at or after this time (ms). */
	since?: number;
	/** Smallest cluster returned (default 2). */
	minSize?: number;
	/** Most clusters returned, newest first (default DEFAULT_CLUSTERS). */
	k?: number;
}

export interface ClusterReport {
	clusters: MemoryCluster[];
	/** Clusters found before `k` cut the list. */
	total: number;
	/** Memories compared: the newest MAX_CLUSTER_MEMORIES that pass the filters. */
	compared: number;
	/** Memories that passed the filters but were left out as older than the newest MAX_CLUSTER_MEMORIES. */
	leftOut: number;
}

const DEFAULT_CLUSTERS = 10;

export interface MemoryClustersDeps {
	vault: VaultPort;
	index: VaultIndex;
	recall: RecallService;
	statusOf: (path: string) => LifecycleStatus;
	timers: Timers;
}

/**
 * Clusters of memories about the same thing, computed on demand in 8 ms time slices on the
 * thread that holds the index. Not in the maintenance worker: the inputs are the notes' texts
 * (read through the vault port), their cues and episodes (the recall service's indexes) and the
 * communities, all on this thread; shipping them to the worker would cost about what the
 * comparison does, and the work is bounded by MAX_CLUSTER_MEMORIES anyway. Memories already
 * consolidated into a summary are left out.
 */
export async function findMemoryClusters(deps: MemoryClustersDeps, query: ClusterQuery = {}): Promise<ClusterReport> {
	const slicer = new TimeSlicer(deps.timers);
	const graph = deps.index.graph;
	const statuses = query.status === undefined ? null : new Set([query.status].flat());
	const folder = query.folder?.replace(/\/+$/, "");
	const eligible: { path: string; at: number }[] = [];
	await slicer.forEach(graph.notePaths(), (path) => {
		const node = graph.node(path);
		if (!node || !(query.include?.(path) ?? true)) return;
		if (folder !== undefined && folder !== "" && node.folder !== folder && !node.folder.startsWith(`${folder}/`))
			return;
		if (query.since !== undefined && node.ctime < query.since) return;
		if (statuses && !statuses.has(deps.statusOf(path))) return;
		eligible.push({ path, at: node.ctime });
	});
	eligible.sort((a, b) => b.at - a.at || (a.path < b.path ? -1 : 1));
	const chosen = eligible.slice(0, MAX_CLUSTER_MEMORIES);
	const termsOf = contentTermReader(deps.recall.keyword.settings);
	const candidates: ClusterCandidate[] = [];
	for (const { path, at } of chosen) {
		if (slicer.due()) await slicer.yield();
		const note = await deps.vault.load(path).catch(() => null);
		if (!note || isConsolidated(note.parsed.frontmatter)) continue;
		const body = note.content.slice(note.parsed.bodyStart);
		const episode = deps.recall.episodes.episodeOf(path);
		const community = deps.recall.communityOf(path);
		candidates.push({
			id: path,
			at,
			terms: [...termsOf(`${noteTitle(path)}\n${readableText(body)}`)],
			cues: deps.recall.cues.cuesOf(path) ?? [],
			names: deps.recall.cues.namesOf(path) ?? [],
			...(episode === undefined ? {} : { episode }),
			...(community === undefined ? {} : { community }),
		});
	}
	const builder = new ClusterBuilder(candidates);
	while (!builder.done) {
		builder.addRow();
		if (slicer.due()) await slicer.yield();
	}
	const clusters = builder.clusters(query.minSize ?? 2);
	return {
		clusters: clusters.slice(0, query.k ?? DEFAULT_CLUSTERS),
		total: clusters.length,
		compared: candidates.length,
		leftOut: eligible.length - chosen.length,
	};
}
