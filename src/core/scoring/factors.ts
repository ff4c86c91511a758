import type { ScoringContext } from "./context";
import { decayAt } from "./decay";
import { recallWeight } from "./recall";
import { daysBetween } from "./time";

/*
 * The per-node and the batch scorer both call these, so the two cannot disagree. Inputs that are
 * negative or not numbers are treated as 0 (the `x > 0 ? … : 0` tests are false for NaN).
 */

/** Freshness since the last use, in (0, 1]; `ageFactor` > 1 makes it fade that many times faster (a consolidated member). */
export function relevanceOf(
	ctx: ScoringContext,
	lastUse: number,
	stability: number,
	now: number,
	ageFactor = 1,
): number {
	return decayAt(ctx.curve, daysBetween(lastUse, now) * ageFactor, stability > 1 ? stability : 1);
}

/**
 * floor + (1 − floor) · min(1, ln(1 + w) / ln(1 + reference)), in [floor, 1]. The log scale suits
 * power-law degree distributions: the first links matter most, and the reference percentile
 * (not the maximum) keeps one giant hub from flattening everyone else.
 */
export function connectivityOf(ctx: ScoringContext, weightedDegree: number): number {
	const floor = ctx.settings.connectivity.orphanFloor;
	if (!(weightedDegree > 0)) return floor;
	if (!(ctx.lnReferenceDegree > 0)) return 1;
	const share = Math.min(1, Math.log1p(weightedDegree) / ctx.lnReferenceDegree);
	return floor + (1 - floor) * share;
}

/** Age-weighted recall count at `now`: the summary's strength decayed from its last recall. */
export function recallStrengthAt(
	ctx: ScoringContext,
	strength: number,
	lastRecall: number,
	stability: number,
	now: number,
): number {
	if (!(strength > 0)) return 0;
	return (
		strength * recallWeight(daysBetween(lastRecall, now), stability > 1 ? stability : 1, ctx.settings.reactivation)
	);
}

/** S / (S + k): sublinear in the age-weighted recall count S, 0 without recalls, below 1. */
export function recallActivation(ctx: ScoringContext, strengthNow: number): number {
	const s = strengthNow > 0 ? strengthNow : 0;
	return s / (s + ctx.settings.reactivation.recallsForHalfBoost);
}

/** baseline + (1 − baseline) · activation, in [baseline, 1]. */
export function reactivationOf(ctx: ScoringContext, activation: number): number {
	const baseline = ctx.settings.reactivation.neverRecalledBaseline;
	return baseline + (1 - baseline) * activation;
}

export function retentionOf(relevance: number, connectivity: number, reactivation: number): number {
	return relevance * connectivity * reactivation;
}
