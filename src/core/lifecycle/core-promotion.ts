import type { ScoringSettings } from "../model/scoring-settings";
import { formatScore } from "./format";
import type { LifecycleInput } from "./input";

export type CorePromotion = { kind: "promote"; reason: string } | { kind: "propose"; reason: string } | null;

/**
 * Pinning always promotes. Otherwise the category decides first (excluded: never; auto: promote;
 * approval: propose to the user), then the consolidation score against the threshold.
 */
export function corePromotion(input: LifecycleInput, core: ScoringSettings["core"]): CorePromotion {
	if (input.pinned) return { kind: "promote", reason: "pinned (memory_pinned: true)" };
	const category = input.category;
	if (category !== null) {
		if (core.excludedCategories.includes(category)) return null;
		if (core.autoCategories.includes(category)) {
			return { kind: "promote", reason: `category "${category}" is in the auto-promote list` };
		}
		if (core.approvalCategories.includes(category)) {
			return { kind: "propose", reason: `category "${category}" is in the approval list` };
		}
	}
	if (input.consolidation >= core.promotionThreshold) {
		const score = formatScore(input.consolidation);
		return { kind: "promote", reason: `consolidation ${score} ≥ core threshold ${core.promotionThreshold}` };
	}
	return null;
}
