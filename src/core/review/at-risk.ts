import type { NodeActivity } from "../scoring/activity";
import type { ScoringContext } from "../scoring/context";
import type { NodeNeighbourhood } from "../scoring/neighbourhood";
import { scoreNode } from "../scoring/score-node";
import { DAY_MS } from "../scoring/time";

/** The crossing is found to within this many days (an hour): the queue shows whole days. */
const PRECISION_DAYS = 1 / 24;

/**
 * Days from `now` until the memory's retention falls below the fading threshold if nothing uses
 * it meanwhile: 0 when it is below already, null when it stays above for `horizonDays`. Without
 * a use, relevance and reactivation only decay and connectivity stays, so retention only falls
 * and the first crossing is found by bisection.
 */
export function daysUntilFading(
	activity: NodeActivity,
	neighbourhood: NodeNeighbourhood,
	ctx: ScoringContext,
	now: number,
	horizonDays: number,
): number | null {
	const threshold = ctx.settings.lifecycle.fadingThreshold;
	const retentionIn = (days: number): number => scoreNode(activity, neighbourhood, ctx, now + days * DAY_MS).retention;
	if (retentionIn(0) < threshold) return 0;
	if (retentionIn(horizonDays) >= threshold) return null;
	let above = 0;
	let below = horizonDays;
	while (below - above > PRECISION_DAYS) {
		const middle = (above + below) / 2;
		if (retentionIn(middle) < threshold) below = middle;
		else above = middle;
	}
	return below;
}
