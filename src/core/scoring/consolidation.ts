import type { ScoringContext } from "./context";

/** min(degree / meanDegree, cap) / cap, in [0, 1]; any neighbour counts fully in a vault without links. */
export function hubScore(degree: number, meanDegree: number, cap: number): number {
	if (!(degree > 0)) return 0;
	if (!(meanDegree > 0)) return 1;
	return Math.min(degree / meanDegree, cap) / cap;
}

/** A hub reaches the hub-score cap (default: at least 3 × the mean degree). Use it for `neighbourHubShare`. */
export function isHub(ctx: ScoringContext, degree: number): boolean {
	return hubScore(degree, ctx.stats.meanDegree, ctx.settings.core.hubDegreeCap) >= 1;
}

/** ln(stability) / ln(maxStability), in [0, 1]. */
export function stabilityScore(ctx: ScoringContext, stability: number): number {
	const max = ctx.settings.reactivation.maxStability;
	if (!(stability > 1) || !(max > 1)) return 0;
	return Math.min(1, Math.log(stability) / Math.log(max));
}

/** activation·w₁ + hub·w₂ + schema·w₃ + stability·w₄ (weights add up to 1), in [0, 1]. */
export function consolidationOf(
	ctx: ScoringContext,
	activation: number,
	degree: number,
	neighbourHubShare: number,
	stability: number,
): number {
	const weights = ctx.settings.core.weights;
	const schema = neighbourHubShare > 0 ? Math.min(1, neighbourHubShare) : 0;
	const score =
		weights.activation * activation +
		weights.hub * hubScore(degree, ctx.stats.meanDegree, ctx.settings.core.hubDegreeCap) +
		weights.schema * schema +
		weights.stability * stabilityScore(ctx, stability);
	return Math.min(1, score);
}
