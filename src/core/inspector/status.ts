import type { HistoryEntry, TransitionEntry } from "../activity/node-activity";
import type { MemoryNodeAttributes } from "../graph/types";
import { formatScore } from "../lifecycle/format";
import { statusForRetention } from "../lifecycle/status";
import { type LifecycleStatus } from "../model/lifecycle-status";
import type { ScoringSettings } from "../model/scoring-settings";
import type { StatusExplanation, StatusOutlook } from "./types";

/** The latest transition into `status` that was not undone: what put the memory where it is. */
export function latestTransitionInto(
	history: readonly HistoryEntry[],
	status: LifecycleStatus,
): TransitionEntry | undefined {
	for (let i = history.length - 1; i >= 0; i--) {
		const entry = history[i];
		if (entry.kind === "transition" && entry.undoneAt === null) return entry.to === status ? entry : undefined;
	}
	return undefined;
}

/** Why a memory is core: pinned, the logged promotion, or its frontmatter. */
export function coreReason(node: MemoryNodeAttributes, history: readonly HistoryEntry[]): string {
	if (node.memory.pinned) return "pinned (memory_pinned: true)";
	const promotion = latestTransitionInto(history, "core");
	if (promotion) return promotion.reason;
	return node.memory.status === "core" ? "memory_status: core in the note" : "promoted to core";
}

/** What put the memory in its status, and what its live retention calls for. */
export function explainStatus(
	status: LifecycleStatus,
	node: MemoryNodeAttributes,
	history: readonly HistoryEntry[],
	retention: number,
	lifecycle: ScoringSettings["lifecycle"],
	outlook: StatusOutlook | null,
): StatusExplanation {
	const { dormantThreshold: dormant, fadingThreshold: fading } = lifecycle;
	const callsFor = statusForRetention(retention, lifecycle);
	const transition = latestTransitionInto(history, status);
	const [sign, name, threshold]: [string, string, number] =
		retention >= dormant
			? ["≥", "dormant", dormant]
			: retention >= fading
				? ["<", "dormant", dormant]
				: ["<", "fading", fading];
	const live = `live retention ${formatScore(retention, threshold)} ${sign} ${name} threshold ${threshold} calls for ${callsFor}`;

	let cause: string;
	if (status === "core") cause = `${coreReason(node, history)}; maintenance passes never move core memories`;
	else if (transition) cause = transition.reason;
	else if (node.memory.status === status) cause = `memory_status: ${status} in the note`;
	else cause = "no status change logged since it was first indexed";
	return {
		status,
		why: `${status}: ${cause}; ${live}`,
		since: transition?.at ?? null,
		retentionCallsFor: callsFor,
		dormantThreshold: dormant,
		fadingThreshold: fading,
		outlook,
	};
}
