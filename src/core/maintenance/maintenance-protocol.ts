import type { LifecycleStatus } from "../model/lifecycle-status";
import type { ScoringSettings } from "../model/scoring-settings";
import type { UseKind } from "../scoring/activity";
import type { VaultStats } from "../scoring/vault-stats";
import type { CommunityRequest, CommunityResponse } from "../recall/communities/community-columns";

/*
 * The one message protocol between the main thread and the maintenance worker (Web Worker in
 * Obsidian, worker thread in headless mode, or the in-thread fallback). Nodes are rows: every
 * column has one entry per node, in the same order, and paths never cross — the main thread keeps
 * the index → path array. All typed arrays are transferred, not copied.
 */

/** Status ↔ code in the `status` column. Kept here, not taken from the zod schemas, so the worker bundle stays free of zod. */
export const STATUS_CODES = [
	"active",
	"dormant",
	"fading",
	"pruned",
	"core",
] as const satisfies readonly LifecycleStatus[];
/** Use kind ↔ code in the `lastUseKind` column. */
export const USE_KIND_CODES = [
	"created",
	"modified",
	"recalled",
	"opened",
	"linked",
	"cascaded",
] as const satisfies readonly UseKind[];

/** Code of each status and use kind (the inverse of the two lists above). */
export const STATUS_CODE = Object.fromEntries(STATUS_CODES.map((status, code) => [status, code])) as Record<
	LifecycleStatus,
	number
>;
export const USE_KIND_CODE = Object.fromEntries(USE_KIND_CODES.map((kind, code) => [kind, code])) as Record<
	UseKind,
	number
>;

/** Bits of the `flags` column. */
export const NODE_FLAGS = {
	/** Frontmatter `memory_pinned: true`. */
	pinned: 1,
	/** `memory_source: mcp`: created by the plugin, so prunable by archive or trash. */
	pluginCreated: 2,
	/** The note left the graph while its row was being built: the pass scores it but leaves its state alone. */
	skip: 4,
	/** Consolidated into a summary (`memory_consolidated_into`): fades `consolidatedDecayFactor` times faster. */
	consolidated: 8,
} as const;

/** What the pass reads about each node. */
export interface NodeColumns {
	/** Latest use of any kind (see `lastUseOf`), ms. */
	lastUse: Float64Array;
	/** Index into USE_KIND_CODES. */
	lastUseKind: Uint8Array;
	/** The recall summary split up; 0 / 0 / 1 for a node never recalled. */
	lastRecall: Float64Array;
	recallStrength: Float64Array;
	stability: Float64Array;
	/** Σ causal weight of supportive edges in and out (a multi-edge counts each time). */
	weightedDegree: Float64Array;
	/**
	 * Distinct supportive neighbours (either direction) in CSR form: the neighbours of node i are
	 * `adjIndex[adjOffsets[i] .. adjOffsets[i + 1])`. `adjOffsets` has one entry more than there are
	 * nodes. The worker derives degree, hubs and the share of hub neighbours from it.
	 */
	adjOffsets: Uint32Array;
	adjIndex: Uint32Array;
	/** NODE_FLAGS bits. */
	flags: Uint8Array;
	/** Index into the request's `categories`, −1 without a category. */
	categoryIndex: Int32Array;
}

/** LifecycleState as columns; the worker updates them in place and sends them back. */
export interface LifecycleColumns {
	/** Index into STATUS_CODES. */
	status: Uint8Array;
	since: Float64Array;
	/** Below `lifecycle.downwardPasses` (≤ 100), so a byte is enough. */
	pendingDown: Uint8Array;
	lastPassAt: Float64Array;
	/** NaN for "never proposed" (null in LifecycleState). */
	proposedAt: Float64Array;
}

export interface MaintenanceRequest {
	now: number;
	settings: ScoringSettings;
	categories: string[];
	nodes: NodeColumns;
	lifecycle: LifecycleColumns;
}

/**
 * The status changes of a pass, one entry per change in every array (see pass-records.ts). Every
 * change happened at the request's `now`. `reasons` holds all reasons back to back; change k's
 * ends at `reasonEnds[k]`.
 */
export interface ChangeColumns {
	/** Row of the node. */
	index: Uint32Array;
	/** STATUS_CODES. */
	from: Uint8Array;
	to: Uint8Array;
	/** 0: not a prune; 1: prune of a note the user wrote; 2: prune of a plugin-created note. */
	prune: Uint8Array;
	reasons: string;
	reasonEnds: Uint32Array;
}

/** Core proposals (approval categories), made at the request's `now`; laid out like ChangeColumns. */
export interface ProposalColumns {
	index: Uint32Array;
	/** Index into the request's categories, −1 for none. */
	category: Int32Array;
	reasons: string;
	reasonEnds: Uint32Array;
}

export interface MaintenanceResponse {
	retention: Float64Array;
	consolidation: Float64Array;
	/** The request's lifecycle columns, holding the state after this pass. */
	lifecycle: LifecycleColumns;
	changes: ChangeColumns;
	proposals: ProposalColumns;
	stats: VaultStats;
	/** Time the pass took inside the worker, ms. */
	workerMs: number;
}

/** Main thread → worker: a maintenance pass, or Louvain communities (src/core/recall/communities/community-columns.ts). */
export type MaintenanceMessage =
	{ id: number; request: MaintenanceRequest } | { id: number; communities: CommunityRequest };

/** Worker → main thread: the response, or the error message of a failed pass. */
export type MaintenanceReply =
	| { id: number; response: MaintenanceResponse }
	| { id: number; communities: CommunityResponse }
	| { id: number; error: string };

function columnsOf(columns: NodeColumns | LifecycleColumns | ChangeColumns | ProposalColumns): ArrayBufferView[] {
	return Object.values(columns as unknown as Record<string, unknown>).filter((value) => ArrayBuffer.isView(value));
}

/** Each buffer once: listing a buffer twice in a transfer list is a DataCloneError. */
function buffersOf(arrays: readonly ArrayBufferView[]): ArrayBuffer[] {
	const buffers = new Set<ArrayBuffer>();
	for (const array of arrays) {
		if (array.buffer instanceof ArrayBuffer) buffers.add(array.buffer);
	}
	return [...buffers];
}

export function requestTransferables(request: MaintenanceRequest): ArrayBuffer[] {
	return buffersOf([...columnsOf(request.nodes), ...columnsOf(request.lifecycle)]);
}

export function responseTransferables(response: MaintenanceResponse): ArrayBuffer[] {
	const { retention, consolidation, lifecycle, changes, proposals } = response;
	return buffersOf([retention, consolidation, ...columnsOf(lifecycle), ...columnsOf(changes), ...columnsOf(proposals)]);
}
