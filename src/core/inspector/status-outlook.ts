import type { LifecycleStatus } from "../model/lifecycle-status";
import type { ScoringSettings } from "../model/scoring-settings";
import type { StatusOutlook } from "./types";

/** How far ahead the outlook looks: a memory that holds its status this long "stays for years". */
export const OUTLOOK_HORIZON_DAYS = 3650;

/**
 * When the memory's retention, left unused, falls below the threshold under its status (active:
 * the dormant threshold, dormant: the fading one): the first whole day from now on which
 * `retentionAfter(days)` is below it, 0 when it already is, null beyond the horizon. Core, fading
 * and pruned memories have no such step. Retention only falls while nothing uses the memory
 * (relevance decays, recall strength fades, connectivity stays), so a binary search finds the day.
 */
export function statusOutlook(
	status: LifecycleStatus,
	retentionAfter: (days: number) => number,
	lifecycle: ScoringSettings["lifecycle"],
): StatusOutlook | null {
	const step =
		status === "active"
			? { to: "dormant" as const, threshold: lifecycle.dormantThreshold }
			: status === "dormant"
				? { to: "fading" as const, threshold: lifecycle.fadingThreshold }
				: null;
	if (step === null) return null;
	const below = (days: number): boolean => retentionAfter(days) < step.threshold;
	if (below(0)) return { to: step.to, inDays: 0 };
	if (!below(OUTLOOK_HORIZON_DAYS)) return { to: step.to, inDays: null };
	let above = 0;
	let under = OUTLOOK_HORIZON_DAYS;
	while (under - above > 1) {
		const middle = Math.floor((above + under) / 2);
		if (below(middle)) under = middle;
		else above = middle;
	}
	return { to: step.to, inDays: under };
}
