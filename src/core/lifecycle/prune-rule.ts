import type { ScoringSettings } from "../model/scoring-settings";
import { daysBetween } from "../scoring/time";
import { formatDays } from "./format";
import type { LifecycleInput } from "./input";
import type { LifecycleState } from "./state";

/**
 * Why the node may be pruned, or null when it may not: fading for ≥ pruneAfterFadingDays AND
 * orphan AND not pinned AND not core AND idle ≥ pruneIdleDays (an already pruned node stays
 * eligible while it remains an idle, unpinned orphan).
 */
export function pruneReason(
	prev: LifecycleState,
	input: LifecycleInput,
	lifecycle: ScoringSettings["lifecycle"],
	now: number,
): string | null {
	if (input.pinned || !input.orphan) return null;
	if (prev.status !== "fading" && prev.status !== "pruned") return null;
	const idleDays = daysBetween(input.lastUse.at, now);
	if (idleDays < lifecycle.pruneIdleDays) return null;
	const idle = `orphan, not pinned, idle for ${formatDays(idleDays)}`;
	if (prev.status === "pruned") return `still ${idle}`;
	const fadingDays = daysBetween(prev.since, now);
	if (fadingDays < lifecycle.pruneAfterFadingDays) return null;
	return `fading for ${formatDays(fadingDays)}, ${idle}`;
}
