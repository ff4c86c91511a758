import type { ScoringSettings } from "../model/scoring-settings";
import type { UseKind } from "../scoring/activity";
import { corePromotion } from "./core-promotion";
import { formatScore } from "./format";
import type { LifecycleInput } from "./input";
import { pruneReason } from "./prune-rule";
import type { LifecycleState } from "./state";
import { compareLadder, statusForRetention, type LadderStatus } from "./status";
import type { LifecycleStatus } from "../model/lifecycle-status";

/** One status change, as logged and shown in the memory view. */
export interface Transition {
	path: string;
	from: LifecycleStatus;
	to: LifecycleStatus;
	at: number;
	/** Human-readable, e.g. "retention 0.0123 < dormant threshold 0.015 for 2 passes". */
	reason: string;
	/**
	 * Only on a move to pruned. A plugin-created memory gets the configured prune action (mark,
	 * archive or trash); a note the user wrote is only ever marked.
	 */
	prune?: { pluginCreated: boolean };
}

/** A suggestion to make a memory core that the user must approve; never applied by the pass. */
export interface CoreProposal {
	path: string;
	category: string | null;
	at: number;
	reason: string;
}

export interface LifecycleDecision {
	next: LifecycleState;
	change?: Transition;
	proposal?: CoreProposal;
}

const USE_VERB: Readonly<Record<UseKind, string>> = {
	created: "created",
	modified: "edited",
	recalled: "recalled",
	opened: "opened",
	linked: "newly linked",
	cascaded: "reached through a recalled neighbour",
};

/**
 * One maintenance pass for one node. Core (pinned or promoted) never changes here. Moving up is
 * immediate: on promotion, on any use since the previous pass, or when retention calls for a
 * higher status. Moving down needs `downwardPasses` consecutive passes that call for it.
 */
export function decideTransition(
	prev: LifecycleState,
	input: LifecycleInput,
	settings: ScoringSettings,
	now: number,
): LifecycleDecision {
	const passed: LifecycleState = { ...prev, lastPassAt: now };
	if (prev.status === "core") return { next: { ...passed, pendingDown: 0 } };
	const from = prev.status;
	const move = (to: LifecycleStatus, reason: string, extra: Partial<Transition> = {}): LifecycleDecision => ({
		next: { ...passed, status: to, since: now, pendingDown: 0 },
		change: { path: input.path, from, to, at: now, reason, ...extra },
	});

	const promotion = corePromotion(input, settings.core);
	if (promotion?.kind === "promote") return move("core", promotion.reason);
	const proposal: CoreProposal | undefined =
		promotion?.kind === "propose" && prev.proposedAt === null
			? { path: input.path, category: input.category, at: now, reason: promotion.reason }
			: undefined;
	const withProposal = (decision: LifecycleDecision): LifecycleDecision =>
		proposal ? { ...decision, next: { ...decision.next, proposedAt: now }, proposal } : decision;

	if (input.lastUse.at > prev.lastPassAt) {
		if (from === "active") return withProposal({ next: { ...passed, pendingDown: 0 } });
		return withProposal(move("active", `${USE_VERB[input.lastUse.kind]} since the last pass`));
	}

	const { lifecycle } = settings;
	const scored = statusForRetention(input.retention, lifecycle);
	const pruning = scored === "fading" ? pruneReason(prev, input, lifecycle, now) : null;
	const target: LadderStatus = pruning === null ? scored : "pruned";
	const order = compareLadder(target, from);
	if (order === 0) return withProposal({ next: { ...passed, pendingDown: 0 } });
	if (order > 0) return withProposal(move(target, thresholdReason(input.retention, target, true, lifecycle)));
	const pendingDown = prev.pendingDown + 1;
	if (pendingDown < lifecycle.downwardPasses) return withProposal({ next: { ...passed, pendingDown } });
	const passes = `for ${pendingDown} ${pendingDown === 1 ? "pass" : "passes"}`;
	if (pruning !== null) {
		const prune = { pluginCreated: input.pluginCreated };
		return withProposal(move("pruned", `prune rule met ${passes}: ${pruning}`, { prune }));
	}
	return withProposal(move(target, `${thresholdReason(input.retention, target, false, lifecycle)} ${passes}`));
}

/** Why retention moves a node to `target`, e.g. "retention 0.0144 < dormant threshold 0.015". */
function thresholdReason(
	retention: number,
	target: LadderStatus,
	upward: boolean,
	lifecycle: ScoringSettings["lifecycle"],
): string {
	const compare = (sign: "≥" | "<", name: "dormant" | "fading", threshold: number) =>
		`retention ${formatScore(retention, threshold)} ${sign} ${name} threshold ${threshold}`;
	const { dormantThreshold: dormant, fadingThreshold: fading } = lifecycle;
	if (target === "active") return compare("≥", "dormant", dormant);
	if (target === "dormant") return upward ? compare("≥", "fading", fading) : compare("<", "dormant", dormant);
	const below = compare("<", "fading", fading);
	return upward ? `${below} but the prune rule no longer holds` : below;
}
