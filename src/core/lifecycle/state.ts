import type { LifecycleStatus } from "../model/lifecycle-status";

/** What the lifecycle remembers about a node between maintenance passes (kept in plugin storage). */
export interface LifecycleState {
	status: LifecycleStatus;
	/** When the node entered its current status, ms. */
	since: number;
	/** Consecutive passes so far that called for a lower status (hysteresis). */
	pendingDown: number;
	/** Time of the previous pass; a use after it moves the node up at the next pass. */
	lastPassAt: number;
	/** When a core proposal was made for it (approval categories), so it is proposed once. */
	proposedAt: number | null;
}

/** State of a node first seen at `at` (e.g. with the status its frontmatter carries); uses before `at` are not news. */
export function initialLifecycleState(at: number, status: LifecycleStatus = "active"): LifecycleState {
	return { status, since: at, pendingDown: 0, lastPassAt: at, proposedAt: null };
}
