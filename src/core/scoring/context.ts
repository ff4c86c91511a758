import type { ScoringSettings } from "../model/scoring-settings";
import { decayCurve, type DecayCurve } from "./decay";
import type { VaultStats } from "./vault-stats";

/** Settings and vault stats prepared once per pass; every scoring function reads only this. */
export interface ScoringContext {
	readonly settings: ScoringSettings;
	readonly stats: VaultStats;
	readonly curve: DecayCurve;
	/** ln(1 + reference weighted degree): the log-scale at which connectivity saturates. */
	readonly lnReferenceDegree: number;
}

export function createScoringContext(settings: ScoringSettings, stats: VaultStats): ScoringContext {
	return {
		settings,
		stats,
		curve: decayCurve(settings.relevance),
		lnReferenceDegree: Math.log1p(Math.max(0, stats.degreePercentile)),
	};
}
