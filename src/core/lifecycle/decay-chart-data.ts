import type { LifecycleStatus } from "../model/lifecycle-status";
import type { ScoringSettings } from "../model/scoring-settings";
import { createScoringContext } from "../scoring/context";
import type { VaultStats } from "../scoring/vault-stats";
import { dailyPasses, simulate, type Archetype } from "./simulate";

/** One line of the decay chart: an archetype's retention and status after each daily pass. */
export interface DecaySeries {
	id: string;
	label: string;
	points: { day: number; retention: number; status: LifecycleStatus }[];
}

/**
 * A mid-sized vault as the chart assumes it: the top 1 % of notes have 12 weighted supportive
 * links, a note has 2.5 neighbours on average. The hub archetype sits at that reference.
 */
export const CHART_VAULT_STATS: VaultStats = { degreePercentile: 12, meanDegree: 2.5, nodeCount: 1000 };

const ORPHAN = { weightedSupportiveDegree: 0, degree: 0, neighbourHubShare: 0 };
const ONE_LINK = { weightedSupportiveDegree: 0.5, degree: 1, neighbourHubShare: 0 };
const HUB = { weightedSupportiveDegree: CHART_VAULT_STATS.degreePercentile, degree: 12, neighbourHubShare: 0 };

/** The DESIGN archetypes the chart follows, all created on day 0. */
function chartArchetypes(days: number): { id: string; label: string; archetype: Archetype }[] {
	return [
		{
			id: "daily",
			label: "Opened every day",
			archetype: {
				name: "daily",
				neighbourhood: ONE_LINK,
				events: dailyPasses(1, days).map((day) => ({ day, kind: "open" })),
			},
		},
		{
			id: "spaced",
			label: "Recalled 5 times, spaced",
			archetype: {
				name: "spaced",
				neighbourhood: ORPHAN,
				events: [1, 4, 7, 10, 13].map((day) => ({ day, kind: "recall" })),
			},
		},
		{ id: "hub", label: "Hub nobody opens", archetype: { name: "hub", neighbourhood: HUB } },
		{ id: "once", label: "Used once, one link", archetype: { name: "once", neighbourhood: ONE_LINK } },
		{ id: "orphan", label: "Used once, orphan", archetype: { name: "orphan", neighbourhood: ORPHAN } },
		{ id: "pinned", label: "Pinned orphan", archetype: { name: "pinned", neighbourhood: ORPHAN, pinned: true } },
	];
}

/** Every archetype's daily retention and status over `days`, from the maintenance pass's scoring and lifecycle code. */
export function decayChartSeries(settings: ScoringSettings, days = 365): DecaySeries[] {
	const ctx = createScoringContext(settings, CHART_VAULT_STATS);
	const passes = dailyPasses(0, days);
	return chartArchetypes(days).map(({ id, label, archetype }) => ({
		id,
		label,
		points: simulate(archetype, passes, ctx).map((pass) => ({
			day: pass.day,
			retention: pass.score.retention,
			status: pass.status,
		})),
	}));
}
