import type { DecayModel, ScoringSettings } from "../model/scoring-settings";

/** Decay constants derived once from the settings, so the hot loop only does arithmetic. */
export interface DecayCurve {
	readonly model: DecayModel;
	readonly halfLifeDays: number;
	readonly exponent: number;
	/** 2^(1/exponent) − 1: makes the power law pass through 0.5 at the half-life. */
	readonly powerScale: number;
	readonly slowWeight: number;
	readonly slowFactor: number;
}

export function decayCurve(relevance: ScoringSettings["relevance"]): DecayCurve {
	return {
		model: relevance.decayModel,
		halfLifeDays: relevance.halfLifeDays,
		exponent: relevance.powerLawExponent,
		powerScale: Math.pow(2, 1 / relevance.powerLawExponent) - 1,
		slowWeight: relevance.slowComponentWeight,
		slowFactor: relevance.slowComponentFactor,
	};
}

/** 2^(−age / halfLife); 1 for a non-positive or non-numeric age. */
export function halving(ageDays: number, halfLifeDays: number): number {
	return ageDays > 0 ? Math.exp((-Math.LN2 * ageDays) / halfLifeDays) : 1;
}

/** Share of freshness left `ageDays` after a use, with the half-life stretched by `stability`. */
export function decayAt(curve: DecayCurve, ageDays: number, stability: number): number {
	if (!(ageDays > 0)) return 1;
	const halfLife = curve.halfLifeDays * stability;
	switch (curve.model) {
		case "exponential":
			return halving(ageDays, halfLife);
		case "power-law":
			return Math.exp(-curve.exponent * Math.log1p((ageDays * curve.powerScale) / halfLife));
		case "two-component":
			return (
				(1 - curve.slowWeight) * halving(ageDays, halfLife) +
				curve.slowWeight * halving(ageDays, halfLife * curve.slowFactor)
			);
	}
}
