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

/**
 * One entry per node, same order in every column (struct of arrays, e.g. transferred to a worker).
 * The recall columns are a RecallSummary split up: `lastRecall`, `recallStrength`, `stability`.
 */
export interface RetentionColumns {
	/** Latest use of any kind (see `lastUseOf`), ms. */
	lastUse: Float64Array;
	lastRecall: Float64Array;
	/** 0 for a node never recalled. */
	recallStrength: Float64Array;
	/** 1 for a node never recalled. */
	stability: Float64Array;
	weightedDegree: Float64Array;
	/** How many times faster each node fades (see relevanceOf); absent: 1 for every node. */
	ageFactor?: Float64Array;
}

export interface ConsolidationColumns {
	lastRecall: Float64Array;
	recallStrength: Float64Array;
	stability: Float64Array;
	degree: Float64Array | Uint32Array;
	neighbourHubShare: Float64Array;
}

/** Retention of every node; the same numbers `scoreNode` gives, without a per-node object. */
export function scoreAll(
	columns: RetentionColumns,
	ctx: ScoringContext,
	now: number,
	out = new Float64Array(columns.lastUse.length),
): Float64Array {
	const { lastUse, lastRecall, recallStrength, stability, weightedDegree, ageFactor } = columns;
	for (let i = 0; i < out.length; i++) {
		const relevance = relevanceOf(ctx, lastUse[i], stability[i], now, ageFactor?.[i] ?? 1);
		const connectivity = connectivityOf(ctx, weightedDegree[i]);
		const activation = recallActivation(
			ctx,
			recallStrengthAt(ctx, recallStrength[i], lastRecall[i], stability[i], now),
		);
		out[i] = retentionOf(relevance, connectivity, reactivationOf(ctx, activation));
	}
	return out;
}

/** Consolidation score of every node; the same numbers `scoreNode` gives. */
export function consolidateAll(
	columns: ConsolidationColumns,
	ctx: ScoringContext,
	now: number,
	out = new Float64Array(columns.lastRecall.length),
): Float64Array {
	const { lastRecall, recallStrength, stability, degree, neighbourHubShare } = columns;
	for (let i = 0; i < out.length; i++) {
		const activation = recallActivation(
			ctx,
			recallStrengthAt(ctx, recallStrength[i], lastRecall[i], stability[i], now),
		);
		out[i] = consolidationOf(ctx, activation, degree[i], neighbourHubShare[i], stability[i]);
	}
	return out;
}
