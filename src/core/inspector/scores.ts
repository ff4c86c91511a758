import { formatScore } from "../lifecycle/format";
import type { ScoringSettings } from "../model/scoring-settings";
import { lastUseOf, type NodeActivity, type UseKind } from "../scoring/activity";
import { isHub } from "../scoring/consolidation";
import { createScoringContext, type ScoringContext } from "../scoring/context";
import { recallStrengthAt } from "../scoring/factors";
import type { NodeNeighbourhood } from "../scoring/neighbourhood";
import { scoreNode } from "../scoring/score-node";
import { daysBetween } from "../scoring/time";
import { computeVaultStats } from "../scoring/vault-stats";
import type { SupportiveAdjacency } from "./adjacency";
import type { ScoreExplanation } from "./types";

const SINCE: Readonly<Record<UseKind, string>> = {
	created: "it was created",
	modified: "it was edited",
	recalled: "it was recalled",
	opened: "it was opened",
	linked: "a new link pointed at it",
	cascaded: "a memory linked to it was recalled",
};

/**
 * The scoring context of the graph as it is now, and each note's neighbourhood in it: the same
 * numbers a maintenance pass would feed the scorer.
 */
export class LiveNeighbourhoods {
	readonly ctx: ScoringContext;

	constructor(
		private readonly adjacency: SupportiveAdjacency,
		settings: ScoringSettings,
	) {
		this.ctx = createScoringContext(settings, computeVaultStats(adjacency.weighted, adjacency.degree, settings));
	}

	of(path: string): NodeNeighbourhood {
		const { adjacency, ctx } = this;
		const row = adjacency.rowOf.get(path);
		if (row === undefined) return { weightedSupportiveDegree: 0, degree: 0, neighbourHubShare: 0 };
		const neighbours = adjacency.neighboursOf(row);
		let hubs = 0;
		for (const neighbour of neighbours) if (isHub(ctx, adjacency.degree[neighbour])) hubs++;
		return {
			weightedSupportiveDegree: adjacency.weighted[row],
			degree: adjacency.degree[row],
			neighbourHubShare: neighbours.length === 0 ? 0 : hubs / neighbours.length,
		};
	}
}

/** The per-node scorer's numbers for one note, with the inputs behind each force and the formula filled in. */
export function explainScores(
	activity: NodeActivity,
	neighbourhood: NodeNeighbourhood,
	ctx: ScoringContext,
	now: number,
): ScoreExplanation {
	const score = scoreNode(activity, neighbourhood, ctx, now);
	const { settings } = ctx;
	const use = lastUseOf(activity);
	const { recall } = activity;
	const stability = recall.stability > 1 ? recall.stability : 1;
	const ageDays = Math.max(0, daysBetween(use.at, now));
	const strength = recallStrengthAt(ctx, recall.strength, recall.last, recall.stability, now);
	const weightedDegree = neighbourhood.weightedSupportiveDegree;
	const reference = ctx.stats.degreePercentile;
	const floor = settings.connectivity.orphanFloor;
	const baseline = settings.reactivation.neverRecalledBaseline;
	const halfBoost = settings.reactivation.recallsForHalfBoost;
	const f = (value: number): string => formatScore(value);
	const halfLife = settings.relevance.halfLifeDays;

	const connectivityLine =
		weightedDegree > 0
			? `connectivity = ${f(floor)} + ${f(1 - floor)} × min(1, ln(1 + ${f(weightedDegree)}) / ln(1 + ${f(reference)})) = ${f(score.connectivity)}`
			: `connectivity = orphan floor ${f(floor)} (no supportive link)`;
	return {
		relevance: {
			value: score.relevance,
			lastUse: use,
			ageDays,
			decayModel: settings.relevance.decayModel,
			halfLifeDays: halfLife,
			stability,
		},
		connectivity: {
			value: score.connectivity,
			weightedDegree,
			degree: neighbourhood.degree,
			referenceDegree: reference,
			orphanFloor: floor,
			orphan: !(weightedDegree > 0),
		},
		reactivation: {
			value: score.reactivation,
			recalls: recall.count,
			lastRecall: recall.count > 0 ? recall.last : null,
			recallStrength: strength,
			activation: score.activation,
			baseline,
			recallsForHalfBoost: halfBoost,
		},
		retention: score.retention,
		consolidation: score.consolidation,
		formula: [
			`retention = relevance × connectivity × reactivation = ${f(score.relevance)} × ${f(score.connectivity)} × ${f(score.reactivation)} = ${f(score.retention)}`,
			`relevance = ${settings.relevance.decayModel} decay of ${f(ageDays)} days since ${SINCE[use.kind]}, half-life ${f(halfLife)} days × stability ${f(stability)} = ${f(score.relevance)}`,
			connectivityLine,
			`reactivation = ${f(baseline)} + ${f(1 - baseline)} × S / (S + ${f(halfBoost)}), S = ${f(strength)} age-weighted recalls (${recall.count} in all) = ${f(score.reactivation)}`,
		],
	};
}
