import { describe, expect, it } from "vitest";
import { decideTransition, type CoreProposal, type Transition } from "../../../src/core/lifecycle/decide-transition";
import type { LifecycleState } from "../../../src/core/lifecycle/state";
import { parseScoringSettings } from "../../../src/core/model/scoring-settings";
import { consolidationOf, isHub } from "../../../src/core/scoring/consolidation";
import { createScoringContext } from "../../../src/core/scoring/context";
import { consolidateAll, scoreAll } from "../../../src/core/scoring/score-all";
import { computeVaultStats } from "../../../src/core/scoring/vault-stats";
import { runPass } from "../../../src/core/maintenance/maintenance-pass";
import { readChanges, readProposals } from "../../../src/core/maintenance/pass-records";
import {
	NODE_FLAGS,
	STATUS_CODES,
	USE_KIND_CODES,
	type MaintenanceRequest,
} from "../../../src/core/maintenance/maintenance-protocol";
import { cloneRequest, NOW, syntheticRequest } from "./synthetic-request";

function degrees(request: MaintenanceRequest): Uint32Array {
	const { adjOffsets } = request.nodes;
	return Uint32Array.from({ length: adjOffsets.length - 1 }, (_, i) => adjOffsets[i + 1] - adjOffsets[i]);
}

/** A star: node 0 linked to nodes 1–9, nodes 10 and 11 without links. */
function starRequest(): MaintenanceRequest {
	const request = syntheticRequest(12, 7);
	const neighbours = [[1, 2, 3, 4, 5, 6, 7, 8, 9], ...Array.from({ length: 9 }, () => [0]), [], []];
	request.nodes.adjOffsets = Uint32Array.from([
		0,
		...neighbours.map((_, i) => neighbours.slice(0, i + 1).flat().length),
	]);
	request.nodes.adjIndex = Uint32Array.from(neighbours.flat());
	request.nodes.weightedDegree = Float64Array.from(neighbours, (list) => list.length * 0.5);
	request.nodes.recallStrength.fill(0);
	request.nodes.stability.fill(1);
	return request;
}

describe("runPass", () => {
	it("computes the vault stats and retention from the columns as the core scorer does", () => {
		const request = syntheticRequest(3000, 2);
		const expectedStats = computeVaultStats(request.nodes.weightedDegree, degrees(request), request.settings);
		const expectedRetention = scoreAll(request.nodes, createScoringContext(request.settings, expectedStats), NOW);

		const result = runPass(cloneRequest(request));

		expect(result.stats).toEqual(expectedStats);
		expect(result.stats.meanDegree).toBeGreaterThan(1);
		expect(result.retention).toEqual(expectedRetention);
	});

	it("derives degree and the share of hub neighbours from the adjacency", () => {
		const request = starRequest();
		const result = runPass(cloneRequest(request));

		const ctx = createScoringContext(request.settings, result.stats);
		expect(result.stats.meanDegree).toBe(18 / 12);
		// The centre (degree 9 = 6 × mean) is a hub; each leaf's only neighbour is the centre.
		expect(result.consolidation[0]).toBe(consolidationOf(ctx, 0, 9, 0, 1));
		expect(result.consolidation[1]).toBe(consolidationOf(ctx, 0, 1, 1, 1));
		expect(result.consolidation[1]).toBeGreaterThan(consolidationOf(ctx, 0, 1, 0, 1));
		expect(result.consolidation[10]).toBe(0);
	});

	it("decides every node exactly as decideTransition does, state, changes and proposals", () => {
		const request = syntheticRequest(
			4000,
			3,
			parseScoringSettings({ core: { autoCategories: ["decision"], approvalCategories: ["preference"] } }),
		);
		const expected = decideOneByOne(request);

		const result = runPass(cloneRequest(request));
		const changes = readChanges(result.changes, NOW, String);

		expect(changes).toEqual(expected.changes);
		expect(readProposals(result.proposals, request.categories, NOW, String)).toEqual(expected.proposals);
		expect(Array.from(result.lifecycle.status, (code) => STATUS_CODES[code])).toEqual(
			expected.states.map((s) => s.status),
		);
		expect(Array.from(result.lifecycle.since)).toEqual(expected.states.map((s) => s.since));
		expect(Array.from(result.lifecycle.pendingDown)).toEqual(expected.states.map((s) => s.pendingDown));
		expect(Array.from(result.lifecycle.lastPassAt)).toEqual(expected.states.map(() => NOW));
		expect(result.consolidation).toEqual(expected.consolidation);
		expect(Array.from(result.lifecycle.proposedAt, (at) => (Number.isNaN(at) ? null : at))).toEqual(
			expected.states.map((s) => s.proposedAt),
		);
		// The synthetic vault exercises every kind of decision.
		const moves = new Set(changes.map((c) => c.to));
		expect([...moves].sort()).toEqual(["active", "core", "dormant", "fading", "pruned"]);
		expect(changes.some((c) => c.prune?.pluginCreated === true)).toBe(true);
		expect(changes.some((c) => c.prune?.pluginCreated === false)).toBe(true);
		expect(expected.proposals.length).toBeGreaterThan(0);
	});

	it("updates the request's lifecycle columns in place", () => {
		const request = syntheticRequest(100, 4);
		const result = runPass(request);
		expect(result.lifecycle).toBe(request.lifecycle);
		expect(request.lifecycle.lastPassAt.every((at) => at === NOW)).toBe(true);
	});

	it("scores a skipped row but leaves its state and emits nothing for it", () => {
		const request = syntheticRequest(200, 5);
		request.lifecycle.status.fill(STATUS_CODES.indexOf("active"));
		request.nodes.lastUse.fill(NOW - 5 * 365 * 86_400_000);
		request.nodes.flags.fill(NODE_FLAGS.skip);
		const before = cloneRequest(request).lifecycle;

		const result = runPass(request);

		expect(result.changes.index).toHaveLength(0);
		expect(result.lifecycle).toEqual(before);
		expect(result.retention.every((r) => r > 0)).toBe(true);
	});

	it("handles an empty vault", () => {
		const result = runPass(syntheticRequest(0));
		expect(result.retention).toHaveLength(0);
		expect(result.stats).toEqual({ degreePercentile: 0, meanDegree: 0, nodeCount: 0 });
	});

	it.each([
		[
			"a column of the wrong length",
			(r: MaintenanceRequest) => (r.nodes.stability = new Float64Array(9)),
			"column stability has 9 entries but lastUse has 10 (one per node)",
		],
		[
			"a lifecycle column of the wrong length",
			(r: MaintenanceRequest) => (r.lifecycle.since = new Float64Array(11)),
			"column since has 11 entries but lastUse has 10",
		],
		[
			"adjOffsets without the closing entry",
			(r: MaintenanceRequest) => (r.nodes.adjOffsets = r.nodes.adjOffsets.slice(0, 10)),
			"column adjOffsets has 10 entries, expected 11 (nodes + 1)",
		],
		[
			"a neighbour that is not a node",
			(r: MaintenanceRequest) => (r.nodes.adjIndex[0] = 10),
			"adjIndex[0] is 10, not a node (there are 10)",
		],
		[
			"an unknown category",
			(r: MaintenanceRequest) => (r.nodes.categoryIndex[3] = 3),
			"categoryIndex of node 3 is 3 but there are 3 categories",
		],
		[
			"an unknown status code",
			(r: MaintenanceRequest) => (r.lifecycle.status[4] = 5),
			"status of node 4 is 5, not a status code",
		],
		[
			"an unknown use kind",
			(r: MaintenanceRequest) => (r.nodes.lastUseKind[2] = USE_KIND_CODES.length),
			`lastUseKind of node 2 is ${USE_KIND_CODES.length}, not a use kind code`,
		],
		["a missing time", (r: MaintenanceRequest) => (r.now = Number.NaN), "now must be a time in ms, got NaN"],
	])("rejects %s with a message naming it", (_name, spoil, message) => {
		const request = syntheticRequest(10, 6);
		expect(request.nodes.adjIndex.length).toBeGreaterThan(0);
		spoil(request);
		expect(() => runPass(request)).toThrow(`maintenance request: ${message}`);
	});

	it("uses the settings it is given", () => {
		const request = syntheticRequest(500, 8);
		const strict = cloneRequest(request);
		strict.settings = parseScoringSettings({
			lifecycle: { dormantThreshold: 0.99, fadingThreshold: 0.98, downwardPasses: 1 },
		});
		const lenient = runPass(cloneRequest(request));
		const harsh = runPass(strict);
		const downward = (result: typeof harsh) =>
			readChanges(result.changes, NOW, String).filter((c) => c.to === "dormant" || c.to === "fading").length;
		expect(downward(harsh)).toBeGreaterThan(downward(lenient));
	});
});

/** The oracle: decideTransition per node with plain objects, paths being row numbers. */
function decideOneByOne(request: MaintenanceRequest): {
	consolidation: Float64Array;
	states: LifecycleState[];
	changes: Transition[];
	proposals: CoreProposal[];
} {
	const copy = cloneRequest(request);
	const { nodes, lifecycle } = copy;
	const stats = computeVaultStats(nodes.weightedDegree, degrees(copy), copy.settings);
	const ctx = createScoringContext(copy.settings, stats);
	const retention = scoreAll(nodes, ctx, NOW);
	const degree = degrees(copy);
	const neighbourHubShare = Float64Array.from(degree, (d, i) => {
		const neighbours = nodes.adjIndex.subarray(nodes.adjOffsets[i], nodes.adjOffsets[i + 1]);
		return d === 0 ? 0 : neighbours.filter((j) => isHub(ctx, degree[j])).length / d;
	});
	const consolidation = consolidateAll({ ...nodes, degree, neighbourHubShare }, ctx, NOW);
	const states: LifecycleState[] = [];
	const changes: Transition[] = [];
	const proposals: CoreProposal[] = [];
	for (let i = 0; i < retention.length; i++) {
		const prev: LifecycleState = {
			status: STATUS_CODES[lifecycle.status[i]],
			since: lifecycle.since[i],
			pendingDown: lifecycle.pendingDown[i],
			lastPassAt: lifecycle.lastPassAt[i],
			proposedAt: Number.isNaN(lifecycle.proposedAt[i]) ? null : lifecycle.proposedAt[i],
		};
		const decision = decideTransition(
			prev,
			{
				path: String(i),
				retention: retention[i],
				consolidation: consolidation[i],
				lastUse: { at: nodes.lastUse[i], kind: USE_KIND_CODES[nodes.lastUseKind[i]] },
				orphan: nodes.weightedDegree[i] === 0,
				pinned: (nodes.flags[i] & NODE_FLAGS.pinned) !== 0,
				category: nodes.categoryIndex[i] >= 0 ? copy.categories[nodes.categoryIndex[i]] : null,
				pluginCreated: (nodes.flags[i] & NODE_FLAGS.pluginCreated) !== 0,
			},
			copy.settings,
			NOW,
		);
		states.push(decision.next);
		if (decision.change) changes.push(decision.change);
		if (decision.proposal) proposals.push(decision.proposal);
	}
	return { consolidation, states, changes, proposals };
}
