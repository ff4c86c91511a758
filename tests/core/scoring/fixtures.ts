import {
	DEFAULT_SCORING_SETTINGS,
	parseScoringSettings,
	type ScoringSettingsInput,
} from "../../../src/core/model/scoring-settings";
import { NO_RECALLS, type NodeActivity } from "../../../src/core/scoring/activity";
import { createScoringContext, type ScoringContext } from "../../../src/core/scoring/context";
import { DAY_MS } from "../../../src/core/scoring/time";
import type { VaultStats } from "../../../src/core/scoring/vault-stats";

export const T0 = Date.UTC(2025, 0, 1);
export const days = (n: number): number => T0 + n * DAY_MS;

export const STATS: VaultStats = { degreePercentile: 16, meanDegree: 2.5, nodeCount: 1000 };

export function context(settings?: ScoringSettingsInput, stats: VaultStats = STATS): ScoringContext {
	return createScoringContext(settings ? parseScoringSettings(settings) : DEFAULT_SCORING_SETTINGS, stats);
}

export function activity(overrides: Partial<NodeActivity> = {}): NodeActivity {
	return { created: T0, modified: T0, lastOpened: null, lastLinked: null, recall: NO_RECALLS, ...overrides };
}
