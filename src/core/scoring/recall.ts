import type { ScoringSettings } from "../model/scoring-settings";
import { NO_RECALLS, type RecallSummary } from "./activity";
import { decayAt, decayCurve, halving, type DecayCurve } from "./decay";
import { daysBetween } from "./time";

/**
 * Spaced-repetition update: the more a memory had faded since the previous recall (by its own
 * decay curve and current stability), the more this recall raises its stability. Recalls in
 * quick succession find it barely faded and add almost nothing.
 */
function stabilityAfterGap(
	stability: number,
	gapDays: number,
	curve: DecayCurve,
	reactivation: ScoringSettings["reactivation"],
): number {
	const faded = 1 - decayAt(curve, gapDays, stability);
	return Math.min(reactivation.maxStability, stability * (1 + reactivation.stabilityGain * faded));
}

/** Age weight of a recall that is `ageDays` old, for a memory of the given stability. */
export function recallWeight(
	ageDays: number,
	stability: number,
	reactivation: ScoringSettings["reactivation"],
): number {
	return halving(ageDays, reactivation.recallHalfLifeDays * stability);
}

/**
 * Folds one recall into the summary. The first recall sets no spacing credit (there is no earlier
 * recall to be spaced from). A recall older than the latest one (a late-arriving record) adds its
 * weight but no spacing credit.
 */
export function recordRecall(summary: RecallSummary, at: number, settings: ScoringSettings): RecallSummary {
	const { reactivation } = settings;
	if (summary.count === 0) return { count: 1, last: at, strength: 1, stability: summary.stability };
	const gapDays = daysBetween(summary.last, at);
	if (gapDays < 0) {
		const strength = summary.strength + recallWeight(-gapDays, summary.stability, reactivation);
		return { ...summary, count: summary.count + 1, strength };
	}
	return {
		count: summary.count + 1,
		last: at,
		strength: summary.strength * recallWeight(gapDays, summary.stability, reactivation) + 1,
		stability: stabilityAfterGap(summary.stability, gapDays, decayCurve(settings.relevance), reactivation),
	};
}

/** The summary of a list of recall timestamps (any order), optionally continuing from an earlier summary. */
export function summariseRecalls(
	timestamps: readonly number[],
	settings: ScoringSettings,
	from: RecallSummary = NO_RECALLS,
): RecallSummary {
	return [...timestamps].sort((a, b) => a - b).reduce((summary, at) => recordRecall(summary, at, settings), from);
}
