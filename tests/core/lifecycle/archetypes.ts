import { initialLifecycleState } from "../../../src/core/lifecycle/state";
import { decideTransition, type Transition } from "../../../src/core/lifecycle/decide-transition";
import type { LifecycleStatus } from "../../../src/core/model/lifecycle-status";
import type { ScoringSettings } from "../../../src/core/model/scoring-settings";
import { lastUseOf, NO_RECALLS, type NodeActivity } from "../../../src/core/scoring/activity";
import { createScoringContext, type ScoringContext } from "../../../src/core/scoring/context";
import { isOrphan, type NodeNeighbourhood } from "../../../src/core/scoring/neighbourhood";
import { recordRecall } from "../../../src/core/scoring/recall";
import { scoreNode, type NodeScore } from "../../../src/core/scoring/score-node";
import { DAY_MS } from "../../../src/core/scoring/time";
import { computeVaultStats } from "../../../src/core/scoring/vault-stats";
import { syntheticVault } from "../scoring/synthetic-vault";

/** Day 0 of every simulation; a fixed date, never the real clock. */
export const EPOCH = Date.UTC(2025, 0, 1);

export const atDay = (day: number): number => EPOCH + day * DAY_MS;

export type UseEventKind = "recall" | "open" | "edit" | "link";

export interface UseEvent {
	day: number;
	kind: UseEventKind;
}

export interface Archetype {
	name: string;
	neighbourhood: NodeNeighbourhood;
	/** Uses after creation (day 0), in any order. */
	events?: readonly UseEvent[];
	pinned?: boolean;
	category?: string | null;
	pluginCreated?: boolean;
	/** Status at creation; "core" for a memory promoted before the simulation starts. */
	initialStatus?: LifecycleStatus;
}

export interface PassRecord {
	day: number;
	status: LifecycleStatus;
	score: NodeScore;
	change?: Transition;
}

export interface ReferenceVault {
	ctx: ScoringContext;
	orphan: NodeNeighbourhood;
	oneWikilink: NodeNeighbourhood;
	twoCausalLinks: NodeNeighbourhood;
	/** The weakest note of the top 1% by weighted degree. */
	hub: NodeNeighbourhood;
}

/** The 1000-note synthetic vault (seeded) that the archetype tests and docs/scoring.md use. */
export function referenceVault(settings: ScoringSettings): ReferenceVault {
	const vault = syntheticVault();
	const stats = computeVaultStats(vault.weightedDegree, vault.degree, settings);
	const hubIndex = vault.weightedDegree.indexOf(stats.degreePercentile);
	const plain = (weightedSupportiveDegree: number, degree: number): NodeNeighbourhood => ({
		weightedSupportiveDegree,
		degree,
		neighbourHubShare: 0,
	});
	return {
		ctx: createScoringContext(settings, stats),
		orphan: plain(0, 0),
		oneWikilink: plain(0.5, 1),
		twoCausalLinks: plain(2, 2),
		hub: plain(vault.weightedDegree[hubIndex], vault.degree[hubIndex]),
	};
}

/** Integer days from `from` to `to`, both included: one maintenance pass a day. */
export function dailyPasses(from: number, to: number): number[] {
	return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * Travels in time: before each pass, applies the uses that happened since, then scores the node
 * and lets the lifecycle decide. Returns one record per pass.
 */
export function simulate(archetype: Archetype, passDays: readonly number[], ctx: ScoringContext): PassRecord[] {
	const { settings } = ctx;
	const events = [...(archetype.events ?? [])].sort((a, b) => a.day - b.day);
	const activity: NodeActivity = { created: EPOCH, modified: EPOCH, lastOpened: null, lastLinked: null, recall: NO_RECALLS };
	let state = initialLifecycleState(EPOCH, archetype.initialStatus);
	let next = 0;
	return passDays.map((day) => {
		for (; next < events.length && events[next].day <= day; next++) applyUse(activity, events[next], settings);
		const now = atDay(day);
		const score = scoreNode(activity, archetype.neighbourhood, ctx, now);
		const decision = decideTransition(
			state,
			{
				path: `${archetype.name}.md`,
				retention: score.retention,
				consolidation: score.consolidation,
				lastUse: lastUseOf(activity),
				orphan: isOrphan(archetype.neighbourhood),
				pinned: archetype.pinned ?? false,
				category: archetype.category ?? null,
				pluginCreated: archetype.pluginCreated ?? false,
			},
			settings,
			now,
		);
		state = decision.next;
		return { day, status: state.status, score, change: decision.change };
	});
}

function applyUse(activity: NodeActivity, event: UseEvent, settings: ScoringSettings): void {
	const at = atDay(event.day);
	switch (event.kind) {
		case "recall":
			activity.recall = recordRecall(activity.recall, at, settings);
			return;
		case "open":
			activity.lastOpened = at;
			return;
		case "edit":
			activity.modified = at;
			return;
		case "link":
			activity.lastLinked = at;
			return;
	}
}

export interface StandardArchetypes {
	freshOrphan: Archetype;
	oneWikilink: Archetype;
	twoCausalLinks: Archetype;
	hub: Archetype;
	spacedRecalls: Archetype;
	pinned: Archetype;
}

/** The archetypes of DESIGN §3 (and two more for the docs), all created on day 0 by the user. */
export function standardArchetypes(vault: ReferenceVault): StandardArchetypes {
	return {
		freshOrphan: { name: "fresh orphan", neighbourhood: vault.orphan },
		oneWikilink: { name: "one wikilink", neighbourhood: vault.oneWikilink },
		twoCausalLinks: { name: "two causal links", neighbourhood: vault.twoCausalLinks },
		hub: { name: "hub", neighbourhood: vault.hub },
		spacedRecalls: {
			name: "spaced recalls",
			neighbourhood: vault.orphan,
			events: [1, 4, 7, 10, 13].map((day) => ({ day, kind: "recall" })),
		},
		pinned: { name: "pinned orphan", neighbourhood: vault.orphan, pinned: true },
	};
}
