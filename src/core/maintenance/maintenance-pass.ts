import { decideTransition } from "../lifecycle/decide-transition";
import type { LifecycleInput } from "../lifecycle/input";
import type { LifecycleState } from "../lifecycle/state";
import type { LastUse } from "../scoring/activity";
import { isHub } from "../scoring/consolidation";
import { createScoringContext, type ScoringContext } from "../scoring/context";
import { consolidateAll, scoreAll } from "../scoring/score-all";
import { computeVaultStats } from "../scoring/vault-stats";
import { checkRequest } from "./check-request";
import {
	NODE_FLAGS,
	STATUS_CODE,
	STATUS_CODES,
	USE_KIND_CODES,
	type MaintenanceRequest,
	type MaintenanceResponse,
	type NodeColumns,
} from "./maintenance-protocol";
import { PassRecorder } from "./pass-records";

export type PassResult = Omit<MaintenanceResponse, "workerMs">;

/**
 * One maintenance pass over every node: vault stats, retention and consolidation scores, then the
 * lifecycle decision per node. Pure (time comes in the request); the same code runs in the worker
 * and in-thread. Updates `request.lifecycle` in place and returns it in the result.
 */
export function runPass(request: MaintenanceRequest): PassResult {
	checkRequest(request);
	const { nodes, now, settings } = request;
	const degree = degreesOf(nodes);
	const stats = computeVaultStats(nodes.weightedDegree, degree, settings);
	const ctx = createScoringContext(settings, stats);
	const retention = scoreAll({ ...nodes, ageFactor: ageFactors(nodes.flags, settings.relevance) }, ctx, now);
	const consolidation = consolidateAll(
		{ ...nodes, degree, neighbourHubShare: neighbourHubShares(nodes, degree, ctx) },
		ctx,
		now,
	);
	const recorder = decideAll(request, retention, consolidation);
	return {
		retention,
		consolidation,
		lifecycle: request.lifecycle,
		changes: recorder.changes(),
		proposals: recorder.proposals(),
		stats,
	};
}

/** The consolidated members' decay factor, 1 for every other node; undefined when no node is consolidated. */
function ageFactors(flags: Uint8Array, relevance: { consolidatedDecayFactor: number }): Float64Array | undefined {
	if (relevance.consolidatedDecayFactor === 1 || !flags.some((bits) => (bits & NODE_FLAGS.consolidated) !== 0))
		return undefined;
	return Float64Array.from(flags, (bits) =>
		(bits & NODE_FLAGS.consolidated) !== 0 ? relevance.consolidatedDecayFactor : 1,
	);
}

function degreesOf({ adjOffsets }: NodeColumns): Uint32Array {
	const degree = new Uint32Array(adjOffsets.length - 1);
	for (let i = 0; i < degree.length; i++) degree[i] = adjOffsets[i + 1] - adjOffsets[i];
	return degree;
}

/** Share of each node's supportive neighbours that are hubs. */
function neighbourHubShares(
	{ adjOffsets, adjIndex }: NodeColumns,
	degree: Uint32Array,
	ctx: ScoringContext,
): Float64Array {
	const hub = new Uint8Array(degree.length);
	for (let i = 0; i < degree.length; i++) hub[i] = isHub(ctx, degree[i]) ? 1 : 0;
	const share = new Float64Array(degree.length);
	for (let i = 0; i < degree.length; i++) {
		if (degree[i] === 0) continue;
		let hubs = 0;
		for (let k = adjOffsets[i]; k < adjOffsets[i + 1]; k++) hubs += hub[adjIndex[k]];
		share[i] = hubs / degree[i];
	}
	return share;
}

/** decideTransition for every node, reading and writing the lifecycle columns; one input object for all. */
function decideAll(request: MaintenanceRequest, retention: Float64Array, consolidation: Float64Array): PassRecorder {
	const { nodes, lifecycle, categories, settings, now } = request;
	const recorder = new PassRecorder();
	const prev: LifecycleState = { status: "active", since: 0, pendingDown: 0, lastPassAt: 0, proposedAt: null };
	const lastUse: LastUse = { at: 0, kind: "created" };
	const input: LifecycleInput = {
		path: "",
		retention: 0,
		consolidation: 0,
		lastUse,
		orphan: true,
		pinned: false,
		category: null,
		pluginCreated: false,
	};
	for (let i = 0; i < retention.length; i++) {
		const flags = nodes.flags[i];
		if (flags & NODE_FLAGS.skip) continue;
		prev.status = STATUS_CODES[lifecycle.status[i]];
		prev.since = lifecycle.since[i];
		prev.pendingDown = lifecycle.pendingDown[i];
		prev.lastPassAt = lifecycle.lastPassAt[i];
		prev.proposedAt = Number.isNaN(lifecycle.proposedAt[i]) ? null : lifecycle.proposedAt[i];
		input.retention = retention[i];
		input.consolidation = consolidation[i];
		lastUse.at = nodes.lastUse[i];
		lastUse.kind = USE_KIND_CODES[nodes.lastUseKind[i]];
		input.orphan = !(nodes.weightedDegree[i] > 0);
		input.pinned = (flags & NODE_FLAGS.pinned) !== 0;
		input.pluginCreated = (flags & NODE_FLAGS.pluginCreated) !== 0;
		input.category = nodes.categoryIndex[i] >= 0 ? categories[nodes.categoryIndex[i]] : null;

		const { next, change, proposal } = decideTransition(prev, input, settings, now);
		lifecycle.status[i] = STATUS_CODE[next.status];
		lifecycle.since[i] = next.since;
		lifecycle.pendingDown[i] = next.pendingDown;
		lifecycle.lastPassAt[i] = next.lastPassAt;
		lifecycle.proposedAt[i] = next.proposedAt ?? Number.NaN;
		if (change) recorder.change(i, change);
		if (proposal) recorder.proposal(i, nodes.categoryIndex[i], proposal.reason);
	}
	return recorder;
}
