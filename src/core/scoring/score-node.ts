import { lastUseOf, type NodeActivity } from "./activity";
import { consolidationOf } from "./consolidation";
import type { ScoringContext } from "./context";
import {
	connectivityOf,
	reactivationOf,
	recallActivation,
	recallStrengthAt,
	relevanceOf,
	retentionOf,
} from "./factors";
import type { NodeNeighbourhood } from "./neighbourhood";

export interface NodeScore {
	relevance: number;
	connectivity: number;
	reactivation: number;
	/** relevance × connectivity × reactivation. */
	retention: number;
	/** Recall part of reactivation, without the baseline: 0 when never recalled. */
	activation: number;
	/** Score for promotion to core. */
	consolidation: number;
}

export function scoreNode(
	activity: NodeActivity,
	neighbourhood: NodeNeighbourhood,
	ctx: ScoringContext,
	now: number,
	ageFactor = 1,
): NodeScore {
	const { recall } = activity;
	const relevance = relevanceOf(ctx, lastUseOf(activity).at, recall.stability, now, ageFactor);
	const connectivity = connectivityOf(ctx, neighbourhood.weightedSupportiveDegree);
	const activation = recallActivation(ctx, recallStrengthAt(ctx, recall.strength, recall.last, recall.stability, now));
	const reactivation = reactivationOf(ctx, activation);
	return {
		relevance,
		connectivity,
		reactivation,
		retention: retentionOf(relevance, connectivity, reactivation),
		activation,
		consolidation: consolidationOf(
			ctx,
			activation,
			neighbourhood.degree,
			neighbourhood.neighbourHubShare,
			recall.stability,
		),
	};
}
