import type { ScoringSettings } from "../model/scoring-settings";
import type { LifecycleStatus } from "../model/lifecycle-status";

/** The statuses automatic passes move between; core sits outside this ladder. */
export type LadderStatus = Exclude<LifecycleStatus, "core">;

const LADDER_RANK: Readonly<Record<LadderStatus, number>> = { pruned: 0, fading: 1, dormant: 2, active: 3 };

/** Positive when `a` is above `b` on the ladder active > dormant > fading > pruned. */
export function compareLadder(a: LadderStatus, b: LadderStatus): number {
	return LADDER_RANK[a] - LADDER_RANK[b];
}

/** The status a retention score calls for, before hysteresis and the prune rule. */
export function statusForRetention(
	retention: number,
	lifecycle: ScoringSettings["lifecycle"],
): "active" | "dormant" | "fading" {
	if (retention >= lifecycle.dormantThreshold) return "active";
	if (retention >= lifecycle.fadingThreshold) return "dormant";
	return "fading";
}
